// The outbox (design brief section 3): every WhatsApp message is written here
// first, in the same batch as the change that causes it, and delivered after.

export type OutboxKind = "password" | "interest_received" | "interest_approved" | "new_profiles" | "link";

/**
 * The password message of a member inserted by the previous statement of the
 * same batch: `{pid}` in the body is filled with that member's new pid, so
 * the member row and its message are written together or not at all.
 */
export function newMemberPasswordMessage(db: D1Database, mobile: string, bodyWithPid: string): D1PreparedStatement {
  return db
    .prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body) VALUES (last_insert_rowid(), ?1, 'password', replace(?2, '{pid}', last_insert_rowid()))")
    .bind(mobile, bodyWithPid);
}
