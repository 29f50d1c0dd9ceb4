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
