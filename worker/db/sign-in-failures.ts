// Failed sign-ins per Profile ID, for back-off (design brief section 3).

export interface FailureRecord {
  failures: number;
  lastFailedAt: string;
}

export async function getFailures(db: D1Database, pid: number): Promise<FailureRecord | null> {
  const row = await db
    .prepare("SELECT failures, last_failed_at FROM sign_in_failures WHERE pid = ?1")
    .bind(pid)
    .first<{ failures: number; last_failed_at: string }>();
  return row ? { failures: row.failures, lastFailedAt: row.last_failed_at } : null;
}

/** Counts one more failure in a single statement, exact under concurrency. */
export async function recordFailure(db: D1Database, pid: number, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO sign_in_failures (pid, failures, last_failed_at) VALUES (?1, 1, ?2)
       ON CONFLICT (pid) DO UPDATE SET failures = failures + 1, last_failed_at = excluded.last_failed_at`,
    )
    .bind(pid, now.toISOString())
    .run();
}

/** Forgets the member's failed sign-ins; returned unexecuted for a batch (a password reset). */
export function clearFailures(db: D1Database, pid: number): D1PreparedStatement {
  return db.prepare("DELETE FROM sign_in_failures WHERE pid = ?1").bind(pid);
}
