import { interestReceivedMessage } from "#shared/whatsapp-messages.ts";
import { claimInterestNotice, getInterest, openInterest, secondsUntilAnotherInterest, type InterestState } from "../db/interests.ts";
import { getMemberContact, getMemberLanguage, type MemberContact } from "../db/members.ts";
import { enqueueMessage } from "../db/outbox.ts";
import { config, type AppContext } from "../env.ts";
import { ApiError, notFound, type Text, text } from "./errors.ts";
import { issueAutoLoginLink } from "./link-tokens.ts";
import { loadViewerOf } from "./viewer.ts";
import { deliverOutboxSoon } from "./whatsapp/deliver-outbox.ts";

// Sending interest, shared by the member's call (send_interest) and the
// agency's (admin/profile_interest): the request, the owner's WhatsApp
// message and its one-tap link are one batch, the message and link written
// only if the request was opened and the owner is to be told (ADR 0012,
// ADR 0025).

export type InterestStatus = "sent" | "pending" | "approved" | "denied";
export type RequestState = "none" | "withdrawn" | "pending" | "approved" | "denied";

export function stateOf(interest: InterestState | null): RequestState {
  if (!interest) return "none";
  if (interest.deletedAt) return "withdrawn";
  if (interest.deniedAt) return "denied";
  if (interest.approvedAt) return "approved";
  return "pending";
}

export const ALREADY: Record<"pending" | "approved" | "denied", Text> = {
  pending: text("server.interestPending"),
  approved: text("server.interestApproved"),
  denied: text("server.interestDenied"),
};

/** The two members of a request: both must exist and be active (the agency may act for a deactivated sender), and be of different genders. */
export async function requestParties(c: AppContext, fromPid: number, toPid: number): Promise<{ from: MemberContact; to: MemberContact }> {
  if (fromPid === toPid) throw new ApiError(400, "BAD_REQUEST", text("server.ownProfile"));
  const [from, to] = await Promise.all([getMemberContact(c.env.DB, fromPid), getMemberContact(c.env.DB, toPid)]);
  if (!from || !to || !from.active || !to.active) throw notFound(text("server.profileNotFound"));
  if (from.gender === to.gender) {
    throw new ApiError(400, "BAD_REQUEST", text(from.gender === "F" ? "server.groomsOnly" : "server.bridesOnly"));
  }
  return { from, to };
}

/**
 * How many requests a member may open in 24 hours (ADR 0025): a FREE member
 * sees one page of 10 profiles, a paid one a list of up to 30 recommendations
 * (§ "9. Business constants and limits"); each request may cost the agency a WhatsApp message.
 */
const DAILY_INTEREST_CAP = { free: 10, paid: 30 } as const;

/** A request withdrawn and sent again within this many days of its message tells its owner nothing more (ADR 0025). */
const INTEREST_NOTICE_DAYS = 7;

export interface SendOptions {
  /** The /request flow: a request that already stands answers its state instead of 409. */
  skip?: boolean;
  /**
   * Staff send for the member (admin/profile_interest): no daily cap. `audit`
   * is written in the same batch right after the request, and must write a
   * row exactly when the request opened (onlyIfPreviousChanged): the
   * statements after it read changes().
   */
  agency?: { audit: (db: D1Database) => D1PreparedStatement };
}

/**
 * Opens a request from `fromPid` to `toPid` and tells the owner on WhatsApp,
 * unless they were told of it in the last INTEREST_NOTICE_DAYS days or have
 * removed the sender: then the request stands and nobody is told, and the
 * sender's answer is the same (ADR 0025). A request that already stands
 * answers 409, or its state with `skip`; a member over the daily cap 429.
 */
export async function sendInterest(c: AppContext, fromPid: number, toPid: number, options: SendOptions = {}): Promise<{ status: InterestStatus }> {
  const { to: owner } = await requestParties(c, fromPid, toPid);
  const dailyCap = options.agency ? null : await dailyCapOf(c, fromPid);
  const db = c.env.DB;
  const origin = new URL(c.req.url).origin;
  const language = await getMemberLanguage(db, toPid);
  // The owner's one-tap link opens the list of members interested in them.
  const link = await issueAutoLoginLink(db, { origin, kind: "interest", memberPid: toPid, targetPid: fromPid, onlyIfPreviousChanged: true, language });
  const text = interestReceivedMessage(language, { agency: config(c.env).agencyName, fromPid, toPid, origin, path: link.url.slice(origin.length + 1) });
  const notice = claimInterestNotice(db, fromPid, toPid, INTEREST_NOTICE_DAYS);
  const statements = [
    openInterest(db, { fromPid, toPid, byAgency: options.agency !== undefined, dailyCap }),
    ...(options.agency ? [options.agency.audit(db)] : []),
    notice,
    // The message and its link are written only when the owner is to be told.
    enqueueMessage(db, { memberPid: toPid, toMobile: owner.mobile, kind: "interest_received", language, ...text }, { onlyIfPreviousChanged: true }),
    link.statement,
  ];
  const results = await db.batch(statements);
  if (!results[0]?.results.length) return notOpened(c, fromPid, toPid, dailyCap, options.skip ?? false);
  if (results[statements.indexOf(notice)]?.results.length) deliverOutboxSoon(c);
  return { status: "sent" };
}

async function dailyCapOf(c: AppContext, pid: number): Promise<number> {
  return (await loadViewerOf(c, pid)).active ? DAILY_INTEREST_CAP.paid : DAILY_INTEREST_CAP.free;
}

/** Why a request did not open: it already stands, the daily cap, or a withdrawal at the same moment. */
async function notOpened(c: AppContext, fromPid: number, toPid: number, dailyCap: number | null, skip: boolean): Promise<{ status: InterestStatus }> {
  const state = stateOf(await getInterest(c.env.DB, fromPid, toPid));
  if (state === "pending" || state === "approved" || state === "denied") {
    if (skip) return { status: state };
    throw new ApiError(409, "CONFLICT", ALREADY[state]);
  }
  if (dailyCap !== null) {
    const seconds = await secondsUntilAnotherInterest(c.env.DB, fromPid, toPid, dailyCap);
    if (seconds !== null) throw dailyCapReached(dailyCap, seconds);
  }
  throw new ApiError(409, "CONFLICT", text("server.requestChanged"));
}

/** 429 with when the member may send again, in words and in Retry-After. */
function dailyCapReached(cap: number, seconds: number): ApiError {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return new ApiError(429, "TOO_MANY_REQUESTS", text("server.dailyInterestCap", { cap, hours }), {}, { "Retry-After": String(seconds) });
}
