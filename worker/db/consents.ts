import type { ConsentState } from "#shared/api-types.ts";
import type { ConsentChange, ConsentChoices, ConsentPurpose } from "#shared/schemas/privacy.ts";

// A member's consents (DPDP Rules 2025, Rule 3; ADR 0033): the row in
// `consents` is how things stand, `consent_changes` keeps every choice made.
// No row means no notice agreed to and no consent given (members registered
// before consent was asked). Agreeing to the notice is its own act, with its
// own history row ('notice'); a change of a consent never touches the notice
// the row names, so the row names only a notice the member agreed to
// (migration 0026), NULL when none.

/** The columns of each purpose; constants of this module, never input. */
const COLUMNS: Record<ConsentPurpose, { flag: string; at: string; purpose: string }> = {
  publicList: { flag: "public_list", at: "public_list_at", purpose: "public_list" },
  promotions: { flag: "promotions", at: "promotions_at", purpose: "promotions" },
};

type ConsentRow = {
  notice_version: string | null;
  public_list: number;
  public_list_at: string | null;
  promotions: number;
  promotions_at: string | null;
};

/** How the member's consents stand; `currentNoticeVersion` is the notice in force. */
export async function getConsents(db: D1Database, pid: number, currentNoticeVersion: string): Promise<ConsentState> {
  const row = await db.prepare("SELECT notice_version, public_list, public_list_at, promotions, promotions_at FROM consents WHERE member_pid = ?1").bind(pid).first<ConsentRow>();
  return {
    noticeVersion: row?.notice_version ?? null,
    currentNoticeVersion,
    publicList: { granted: row?.public_list === 1, at: row?.public_list_at ?? null },
    promotions: { granted: row?.promotions === 1, at: row?.promotions_at ?? null },
  };
}

/**
 * A new member's choices, for the registration's batch: the member is found
 * by the WhatsApp number just registered (unique), since other statements of
 * that batch move last_insert_rowid(). Every choice is recorded, given or not.
 */
export function registrationConsentStatements(db: D1Database, mobile: string, noticeVersion: string, choices: ConsentChoices, now: Date): D1PreparedStatement[] {
  const at = now.toISOString();
  const member = "(SELECT pid FROM members WHERE mobile = ?1)";
  const publicList = choices.publicList === true ? 1 : 0;
  const promotions = choices.promotions === true ? 1 : 0;
  return [
    db
      .prepare(
        `INSERT INTO consents (member_pid, notice_version, notice_at, public_list, public_list_at, promotions, promotions_at)
         VALUES (${member}, ?2, ?3, ?4, ?3, ?5, ?3)`,
      )
      .bind(mobile, noticeVersion, at, publicList, promotions),
    db
      .prepare(
        `INSERT INTO consent_changes (member_pid, purpose, granted, notice_version, source, at)
         SELECT ${member}, value ->> '$[0]', value ->> '$[1]', ?2, 'registration', ?3 FROM json_each(?4)`,
      )
      .bind(
        mobile,
        noticeVersion,
        at,
        JSON.stringify([
          ["notice", 1],
          ["public_list", publicList],
          ["promotions", promotions],
        ]),
      ),
  ];
}

/**
 * A member's agreement to the notice in force ("I have read it and agree"),
 * for the batch of their change: the history row and the version agreed to,
 * both only when it is not the version the member already agreed to, so
 * agreeing again records nothing and keeps the time of the first agreement.
 */
function agreementStatements(db: D1Database, pid: number, noticeVersion: string, at: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO consent_changes (member_pid, purpose, granted, notice_version, source, at)
         SELECT ?1, 'notice', 1, ?2, 'member', ?3
         WHERE NOT EXISTS (SELECT 1 FROM consents WHERE member_pid = ?1 AND notice_version = ?2)`,
      )
      .bind(pid, noticeVersion, at),
    db
      .prepare(
        `INSERT INTO consents (member_pid, notice_version, notice_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (member_pid) DO UPDATE SET notice_at = CASE WHEN notice_version IS ?2 THEN notice_at ELSE ?3 END, notice_version = ?2`,
      )
      .bind(pid, noticeVersion, at),
  ];
}

/**
 * A member's change of one consent, for one batch with the others: first the
 * history row, written only if the choice differs from how it stands (a
 * member without a row stands at "not given"), then the state. A batch is
 * one transaction, so two changes sent at once are recorded in turn. The
 * history row names the notice in force when the choice was made; the
 * notice the member agreed to is left as it is (a member without a row has
 * agreed to none).
 */
function changeStatements(db: D1Database, pid: number, purpose: ConsentPurpose, granted: boolean, noticeInForce: string, at: string): D1PreparedStatement[] {
  const { flag, at: atColumn, purpose: stored } = COLUMNS[purpose];
  const value = granted ? 1 : 0;
  return [
    db
      .prepare(
        `INSERT INTO consent_changes (member_pid, purpose, granted, notice_version, source, at)
         SELECT ?1, ?2, ?3, ?4, 'member', ?5
         WHERE COALESCE((SELECT ${flag} FROM consents WHERE member_pid = ?1), 0) <> ?3`,
      )
      .bind(pid, stored, value, noticeInForce, at),
    db
      .prepare(
        `INSERT INTO consents (member_pid, ${flag}, ${atColumn}) VALUES (?1, ?2, ?3)
         ON CONFLICT (member_pid) DO UPDATE SET ${flag} = ?2, ${atColumn} = CASE WHEN ${flag} = ?2 THEN ${atColumn} ELSE ?3 END`,
      )
      .bind(pid, value, at),
  ];
}

/**
 * Records the member's change in one batch: the agreement to the notice
 * first, when they agree to it (the caller has checked it is `noticeInForce`),
 * so that consents given in the same call follow it in the history; then
 * each choice, under the notice in force, which Edit profile shows.
 */
export async function changeConsents(db: D1Database, pid: number, change: ConsentChange, noticeInForce: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const statements = [
    ...(change.noticeVersion === undefined ? [] : agreementStatements(db, pid, change.noticeVersion, at)),
    ...(Object.keys(COLUMNS) as ConsentPurpose[]).flatMap((purpose) => {
      const granted = change[purpose];
      return granted === undefined ? [] : changeStatements(db, pid, purpose, granted, noticeInForce, at);
    }),
  ];
  if (statements.length > 0) await db.batch(statements);
}

/** A consent as SQL: true only for a member who gave it and has not withdrawn it. `pid` is a column or parameter of the caller's statement. */
export function hasConsented(purpose: ConsentPurpose, pid: string): string {
  return `EXISTS (SELECT 1 FROM consents WHERE member_pid = ${pid} AND ${COLUMNS[purpose].flag} = 1)`;
}

/** Whether the member has given the consent and not withdrawn it. */
export async function consentGiven(db: D1Database, pid: number, purpose: ConsentPurpose): Promise<boolean> {
  return (
    (
      await db
        .prepare(`SELECT ${hasConsented(purpose, "?1")} AS given`)
        .bind(pid)
        .first<{ given: number }>()
    )?.given === 1
  );
}
