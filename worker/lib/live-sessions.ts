import { getMemberSummary, getViewerRow, type MemberSummary, type ViewerRow } from "../db/members.ts";
import type { SessionMember } from "../env.ts";

// Member sessions this isolate found live in D1, remembered for a few
// seconds by their token, so that a member's calls in a row verify the token
// and read the session once (ADR 0029). Ending sessions
// (worker/db/sessions.ts) forgets them here at once; an isolate that did not
// end them refuses them within LIVE_SESSION_WINDOW_MS.

export const LIVE_SESSION_WINDOW_MS = 5_000;
/** About one isolate's members at a busy hour; beyond it the oldest checks go first. */
const MAX_SESSIONS = 2_000;
const ALL = "all";

interface Remembered extends SessionMember {
  checkedAt: number;
}

/** The clock of the window; tests move it instead of waiting. */
export const liveSessionClock = { now: (): number => Date.now() };

const byToken = new Map<string, Remembered>();
/** When sessions were last ended here, by `pid:`, `session:` or ALL. */
const endedAt = new Map<string, number>();

/** The member of a token whose session was found live less than the window ago, or null. */
export function rememberedSession(token: string): SessionMember | null {
  const entry = byToken.get(token);
  if (!entry) return null;
  if (liveSessionClock.now() - entry.checkedAt >= LIVE_SESSION_WINDOW_MS) {
    byToken.delete(token);
    return null;
  }
  return { pid: entry.pid, sessionId: entry.sessionId };
}

/**
 * Remembers a session D1 found live, `checkedAt` being the time before the
 * check. Not when sessions of the member were ended here since the window
 * before it: the statement that ends them is built before it is run, and a
 * check in between would still find them live.
 */
export function rememberSession(token: string, member: SessionMember, checkedAt: number): void {
  const since = checkedAt - LIVE_SESSION_WINDOW_MS;
  const keys = [`pid:${member.pid}`, `session:${member.sessionId}`, ALL];
  if (keys.some((key) => (endedAt.get(key) ?? Number.NEGATIVE_INFINITY) > since)) return;
  byToken.delete(token);
  if (byToken.size >= MAX_SESSIONS) byToken.delete(byToken.keys().next().value ?? "");
  byToken.set(token, { pid: member.pid, sessionId: member.sessionId, checkedAt });
}

/** Every remembered session of the member, when their sessions are ended. */
export function forgetMemberSessions(pid: number): void {
  forget(`pid:${pid}`, (entry) => entry.pid === pid);
}

export function forgetSession(sessionId: string): void {
  forget(`session:${sessionId}`, (entry) => entry.sessionId === sessionId);
}

/** Every remembered session: for endings whose members are not known here (a revoked link's sessions). */
export function forgetAllSessions(): void {
  forget(ALL, () => true);
}

function forget(key: string, matches: (entry: Remembered) => boolean): void {
  const now = liveSessionClock.now();
  for (const [token, entry] of byToken) if (matches(entry)) byToken.delete(token);
  endedAt.set(key, now);
  // Endings older than the window no longer hold anything back.
  if (endedAt.size > MAX_SESSIONS) pruneOlderThanWindow(endedAt);
}

// The member's summary (name, tier, views left: what users/current answers),
// and the row the searches see them by (worker/lib/viewer.ts), remembered
// with the session for the same window. The member's own writes and staff's writes forget them in this
// isolate once they are done (worker/middleware/auth.ts); other isolates
// show a change within the window. Charges and the checks before them never
// read these: they read the member's row (worker/lib/viewer.ts, loadViewer).

/** Rows of members by pid, each kept for the window after it was read. */
class RecentRows<T> {
  private readonly rows = new Map<number, { row: T; readAt: number }>();

  /** The row as read less than the window ago, or a fresh read that is then remembered. */
  async get(pid: number, read: () => Promise<T | null>): Promise<T | null> {
    const now = liveSessionClock.now();
    const remembered = this.rows.get(pid);
    if (remembered && now - remembered.readAt < LIVE_SESSION_WINDOW_MS) return remembered.row;
    const row = await read();
    // A read that began before a change here was forgotten may hold the row from before it.
    if (row && changedSince(pid) < now) {
      this.rows.delete(pid);
      if (this.rows.size >= MAX_SESSIONS) this.rows.delete(this.rows.keys().next().value ?? 0);
      this.rows.set(pid, { row, readAt: now });
    }
    return row;
  }

  forget(pid: number): void {
    this.rows.delete(pid);
  }

  clear(): void {
    this.rows.clear();
  }
}

/** When the member's rows were last forgotten here, or everyone's. */
function changedSince(pid: number): number {
  return Math.max(changedAt.get(pid) ?? Number.NEGATIVE_INFINITY, changedAt.get(ALL) ?? Number.NEGATIVE_INFINITY);
}

const summaries = new RecentRows<MemberSummary>();
const viewerRows = new RecentRows<ViewerRow>();
/** When rows were last forgotten here, by pid or ALL. */
const changedAt = new Map<number | typeof ALL, number>();

/** The member's summary as read less than the window ago, or a fresh read that is then remembered. */
export function memberSummary(db: D1Database, pid: number): Promise<MemberSummary | null> {
  return summaries.get(pid, () => getMemberSummary(db, pid));
}

/** The member's row as the searches see them, read less than the window ago (ADR 0028). */
export function recentViewerRow(db: D1Database, pid: number): Promise<ViewerRow | null> {
  return viewerRows.get(pid, () => getViewerRow(db, pid));
}

/** After a write by the member: their summary and row are read again. */
export function forgetMemberSummary(pid: number): void {
  summaries.forget(pid);
  viewerRows.forget(pid);
  changedAt.set(pid, liveSessionClock.now());
  if (changedAt.size > MAX_SESSIONS) pruneOlderThanWindow(changedAt);
}

/** After a write by staff, who may have changed any member. */
export function forgetAllSummaries(): void {
  summaries.clear();
  viewerRows.clear();
  changedAt.set(ALL, liveSessionClock.now());
}

function pruneOlderThanWindow<K>(times: Map<K, number>): void {
  const now = liveSessionClock.now();
  for (const [key, at] of times) if (now - at >= LIVE_SESSION_WINDOW_MS) times.delete(key);
}
