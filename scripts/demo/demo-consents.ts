// The demo members' consents (ADR 0033), decided by the Profile ID so that a
// seed always gives the same answer: most say yes to being listed on /link
// and to promotional messages; every tenth says no to the list and every
// seventh to promotions, so the demo shows members who did not consent too.
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";

export interface DemoConsents {
  publicList: boolean;
  promotions: boolean;
}

export function demoConsents(pid: number): DemoConsents {
  return { publicList: pid % 10 !== 3, promotions: pid % 7 !== 0 };
}

export const DEMO_CONSENT_COLUMNS = ["member_pid", "notice_version", "notice_at", "public_list", "public_list_at", "promotions", "promotions_at"] as const;

/** A member's consents row, as given when they registered (`at`). */
export function demoConsentRow(pid: number, at: string): [number, string, string, number, string, number, string] {
  const consents = demoConsents(pid);
  return [pid, NOTICE_VERSION, at, consents.publicList ? 1 : 0, at, consents.promotions ? 1 : 0, at];
}

export const DEMO_CONSENT_HISTORY_COLUMNS = ["member_pid", "purpose", "granted", "notice_version", "source", "at"] as const;

/**
 * The history registration writes with that row: the agreement to the notice
 * and each choice. A consents row names a notice only with its agreement in
 * the history (migration 0026), as a registered member's does.
 */
export function demoConsentHistoryRows(pid: number, at: string): [number, string, number, string, string, string][] {
  const consents = demoConsents(pid);
  return [
    [pid, "notice", 1, NOTICE_VERSION, "registration", at],
    [pid, "public_list", consents.publicList ? 1 : 0, NOTICE_VERSION, "registration", at],
    [pid, "promotions", consents.promotions ? 1 : 0, NOTICE_VERSION, "registration", at],
  ];
}
