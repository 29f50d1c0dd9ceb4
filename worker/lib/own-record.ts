import type { OwnRecord } from "#shared/api-types.ts";
import { getUserRecord } from "../db/members.ts";
import { pendingMobileChange } from "../db/one-time-codes.ts";
import type { AppContext } from "../env.ts";
import { notFound, text } from "./errors.ts";
import { codeSent } from "./one-time-codes.ts";

/** The member's own record for the edit screen, with a new WhatsApp number that waits for its code. */
export async function ownRecord(c: AppContext, pid: number): Promise<OwnRecord> {
  const [record, pending] = await Promise.all([getUserRecord(c.env.DB, pid), pendingMobileChange(c.env.DB, pid, new Date())]);
  if (!record) throw notFound(text("server.profileNotFound"));
  return { ...record, pendingMobile: pending ? { ...pending, code: codeSent(c.env) } : null };
}
