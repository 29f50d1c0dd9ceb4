import { getMemberContact, type MemberContact } from "../db/members.ts";
import type { AppContext } from "../env.ts";
import { notFound } from "./errors.ts";

// The member a console call is about (/api/admin/members/{pid}/...): one
// answer for a Profile ID nobody has, whichever panel asked.

export const NO_MEMBER = "There is no member with this Profile ID.";

export async function memberContactOrNotFound(c: AppContext, pid: number): Promise<MemberContact> {
  const member = await getMemberContact(c.env.DB, pid);
  if (!member) throw notFound(NO_MEMBER);
  return member;
}

/**
 * Why staff may not put `other` before `member` (a recommendation, a link
 * that opens a card): members see only the other gender (§ "4. States and
 * transitions"), and a deactivated profile is shown to nobody. Null when they may.
 */
export function profileOfferProblem(member: MemberContact, other: MemberContact): "sameGender" | "deactivated" | null {
  if (other.gender === member.gender) return "sameGender";
  return other.active ? null : "deactivated";
}
