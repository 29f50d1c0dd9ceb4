import type { Sibling } from "#shared/api-types.ts";
import type { SiblingBody } from "#shared/schemas/sibling.ts";

// Siblings of a member. Every change names the owner as well as the sibling
// id, so a member can never touch another member's siblings.

interface SiblingRow {
  id: number;
  sibling_type: Sibling["type"];
  name: string;
  married: Sibling["married"];
  working: Sibling["working"];
  work_details: string;
}

const COLUMNS = "id, sibling_type, name, married, working, work_details";

function toSibling(row: SiblingRow): Sibling {
  return { id: row.id, type: row.sibling_type, name: row.name, married: row.married, working: row.working, workDetails: row.work_details };
}

export async function listSiblings(db: D1Database, memberPid: number): Promise<Sibling[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM siblings WHERE member_pid = ?1 ORDER BY id`).bind(memberPid).all<SiblingRow>();
  return results.map(toSibling);
}

/**
 * Adds a sibling, and declares that the member has siblings (hasSiblings 1):
 * a member who adds one has one, whatever they declared before (ADR 0008).
 */
export async function insertSibling(db: D1Database, memberPid: number, body: SiblingBody): Promise<Sibling> {
  const [inserted] = await db.batch<SiblingRow>([
    db
      .prepare(`INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING ${COLUMNS}`)
      .bind(memberPid, body.siblingType, body.name, body.maritalStatus, body.working, body.details),
    db.prepare("UPDATE members SET has_siblings = 1 WHERE pid = ?1 AND has_siblings <> 1").bind(memberPid),
  ]);
  const row = inserted?.results[0];
  if (!row) throw new Error("sibling insert returned no row");
  return toSibling(row);
}

/** Null when the sibling does not exist or belongs to someone else. */
export async function updateSibling(db: D1Database, memberPid: number, id: number, body: SiblingBody): Promise<Sibling | null> {
  const row = await db
    .prepare(
      `UPDATE siblings SET sibling_type = ?3, name = ?4, married = ?5, working = ?6, work_details = ?7
       WHERE id = ?1 AND member_pid = ?2 RETURNING ${COLUMNS}`,
    )
    .bind(id, memberPid, body.siblingType, body.name, body.maritalStatus, body.working, body.details)
    .first<SiblingRow>();
  return row ? toSibling(row) : null;
}

/** False when the sibling does not exist or belongs to someone else. */
export async function deleteSibling(db: D1Database, memberPid: number, id: number): Promise<boolean> {
  const result = await db.prepare("DELETE FROM siblings WHERE id = ?1 AND member_pid = ?2").bind(id, memberPid).run();
  return result.meta.changes > 0;
}
