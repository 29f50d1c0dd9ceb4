// Charged full-profile views (ADR 0012).

export async function hasViewed(db: D1Database, viewerPid: number, pid: number): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS ok FROM profile_views WHERE viewer_pid = ?1 AND viewed_pid = ?2").bind(viewerPid, pid).first();
  return row !== null;
}

export type ChargeOutcome = "charged" | "already-viewed" | "not-approved" | "balance-exhausted";

/**
 * Records the first view of `pid` by the viewer and charges one from the
 * viewer's balance, exactly once however many requests arrive at once: one
 * statement inserts the view only if the request stands approved, the
 * primary key makes a repeat a no-op, the trigger charges the inserted row,
 * and the CHECK on members.total aborts it when the balance is zero.
 *
 * `read` (the profile the view opens) runs in the same batch, one
 * transaction: its row is what the charge paid for, never a profile deleted
 * or deactivated between the charge and the read (ADR 0012). Null when there
 * is none: never after a charge, since both require the profile active and
 * not deleted; after a repeat, the profile is gone since.
 */
export async function chargeView<Row>(db: D1Database, viewerPid: number, pid: number, read: D1PreparedStatement): Promise<{ outcome: ChargeOutcome; row: Row | null }> {
  let charged: D1Result;
  let found: D1Result<Row>;
  try {
    [charged, found] = (await db.batch([chargeViewStatement(db, viewerPid, pid), read])) as [D1Result, D1Result<Row>];
  } catch (error) {
    if (isBalanceExhausted(error)) return { outcome: "balance-exhausted", row: null };
    throw error;
  }
  const row = found.results[0] ?? null;
  if (charged.results.length > 0) return { outcome: "charged", row };
  return { outcome: (await hasViewed(db, viewerPid, pid)) ? "already-viewed" : "not-approved", row };
}

/** The charging statement: the view, only while the request stands approved and the profile is active and not deleted (ADR 0034); a repeat is a no-op. */
function chargeViewStatement(db: D1Database, viewerPid: number, pid: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO profile_views (viewer_pid, viewed_pid)
       SELECT ?1, ?2 WHERE EXISTS (
         SELECT 1 FROM interests WHERE from_pid = ?1 AND to_pid = ?2 AND approved_at IS NOT NULL AND denied_at IS NULL AND deleted_at IS NULL)
         AND EXISTS (SELECT 1 FROM members WHERE pid = ?2 AND active = 1 AND deleted_at IS NULL)
       ON CONFLICT (viewer_pid, viewed_pid) DO NOTHING
       RETURNING viewer_pid`,
    )
    .bind(viewerPid, pid);
}

/** The CHECK on members.total refused the charge: the balance is zero. */
function isBalanceExhausted(error: unknown): boolean {
  return String(error).includes("CHECK constraint failed");
}
