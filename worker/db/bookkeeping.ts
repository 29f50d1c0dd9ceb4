// Bookkeeping that has served its purpose goes (DPDP Act s. 8(7); ADR 0033),
// pruned by the cron every five minutes: each statement reads an index over
// its cut-off, so a run that finds nothing costs next to nothing.

/** The access log is kept at least a year (DPDP Rules 2025, Rule 8(3)); 400 days leaves a margin. */
export const ACCESS_LOG_DAYS = 400;
/** Steps taken on WhatsApp links, kept as long as the access log. */
export const LINK_EVENT_DAYS = 400;
/**
 * Links are deleted 30 days after they expire: every link expires at most
 * 14 days after it was made (ADR 0024), so a used or revoked link goes at
 * most 44 days after it was made.
 */
export const LINK_TOKEN_DAYS = 30;
/**
 * Back-off rows untouched for 30 days. The longest wait is an hour (ADR
 * 0024), so a row this old backs nothing off; it only counts failures that
 * a guesser who pauses a month would find forgotten.
 */
export const SIGN_IN_FAILURE_DAYS = 30;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

export interface Pruned {
  accessLog: number;
  linkEvents: number;
  linkTokens: number;
  signInFailures: number;
}

export async function pruneBookkeeping(db: D1Database, now: Date): Promise<Pruned> {
  const nowIso = now.toISOString();
  const [accessLog, linkEvents, linkTokens, signInFailures] = await db.batch([
    db.prepare("DELETE FROM access_log WHERE at < ?1").bind(daysBefore(now, ACCESS_LOG_DAYS)),
    db.prepare("DELETE FROM link_events WHERE at < ?1").bind(daysBefore(now, LINK_EVENT_DAYS)),
    // A link whose session still runs stays: revoking it is how staff end that session (ADR 0024).
    db
      .prepare(
        `DELETE FROM link_tokens WHERE expires_at < ?1
           AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.link_token_hash = link_tokens.token_hash AND s.ended_at IS NULL AND s.expires_at > ?2)`,
      )
      .bind(daysBefore(now, LINK_TOKEN_DAYS), nowIso),
    db.prepare("DELETE FROM sign_in_failures WHERE retry_at < ?1").bind(daysBefore(now, SIGN_IN_FAILURE_DAYS)),
  ]);
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return { accessLog: changes(accessLog), linkEvents: changes(linkEvents), linkTokens: changes(linkTokens), signInFailures: changes(signInFailures) };
}
