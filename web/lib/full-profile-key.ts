// The cache key of a full profile (GET /api/users/{pid}?normalized=true),
// shared by the full-profile screen, which reads it, and the card's view
// confirmation, whose answer already carries that profile: the screen then
// shows what was paid for without asking again, even if the membership ends
// in between (ADR 0012). Not ["users", pid]: that is the owner's own record
// with ids (edit screen).
export function fullProfileQueryKey(pid: number) {
  return ["users", pid, "normalized"] as const;
}
