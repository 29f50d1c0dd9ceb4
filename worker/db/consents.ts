import type { ConsentState } from "#shared/api-types.ts";
import type { ConsentChoices, ConsentPurpose } from "#shared/schemas/privacy.ts";

// A member's consents (DPDP Rules 2025, Rule 3; ADR 0033): the row in
// `consents` is how things stand, `consent_changes` keeps every choice made.
// No row means no notice agreed to and no consent given (members registered
// before consent was asked).

/** The columns of each purpose; constants of this module, never input. */
const COLUMNS: Record<ConsentPurpose, { flag: string; at: string; purpose: string }> = {
  publicList: { flag: "public_list", at: "public_list_at", purpose: "public_list" },
  promotions: { flag: "promotions", at: "promotions_at", purpose: "promotions" },
};

type ConsentRow = {
  notice_version: string;
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
 * A member's change of one consent, for one batch with the others: first the
 * history row, written only if the choice differs from how it stands (a
 * member without a row stands at "not given"), then the state. A batch is
 * one transaction, so two changes sent at once are recorded in turn.
 */
function changeStatements(db: D1Database, pid: number, purpose: ConsentPurpose, granted: boolean, noticeVersion: string, at: string): D1PreparedStatement[] {
  const { flag, at: atColumn, purpose: stored } = COLUMNS[purpose];
  const value = granted ? 1 : 0;
  return [
    db
      .prepare(
        `INSERT INTO consent_changes (member_pid, purpose, granted, notice_version, source, at)
         SELECT ?1, ?2, ?3, ?4, 'member', ?5
         WHERE COALESCE((SELECT ${flag} FROM consents WHERE member_pid = ?1), 0) <> ?3`,
      )
      .bind(pid, stored, value, noticeVersion, at),
    db
      .prepare(
        `INSERT INTO consents (member_pid, notice_version, notice_at, ${flag}, ${atColumn}) VALUES (?1, ?2, ?4, ?3, ?4)
         ON CONFLICT (member_pid) DO UPDATE SET notice_version = ?2, notice_at = ?4,
           ${flag} = ?3, ${atColumn} = CASE WHEN ${flag} = ?3 THEN ${atColumn} ELSE ?4 END`,
      )
      .bind(pid, noticeVersion, value, at),
  ];
}

/**
 * Records the member's choices under the notice in force, which they made
 * them under (Edit profile shows it): both in one batch.
 */
export async function changeConsents(db: D1Database, pid: number, choices: ConsentChoices, noticeVersion: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const statements = (Object.keys(COLUMNS) as ConsentPurpose[]).flatMap((purpose) => {
    const granted = choices[purpose];
    return granted === undefined ? [] : changeStatements(db, pid, purpose, granted, noticeVersion, at);
  });
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
