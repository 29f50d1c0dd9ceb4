import type { FullProfile, Sibling, ViewResult } from "#shared/api-types.ts";
import { listSiblings } from "../db/siblings.ts";
import { fullProfileStatement, toFullProfile, type FullRow } from "../db/profiles.ts";
import { getInterest } from "../db/interests.ts";
import { chargeView, hasViewed } from "../db/views.ts";
import { getMemberSummary } from "../db/members.ts";
import type { AppContext } from "../env.ts";
import { ApiError, notFound, text, type Text } from "./errors.ts";
import { ALREADY, stateOf, type RequestState } from "./send-interest.ts";
import { astroOf, balanceExhausted, requireActiveMembership, zeroBalanceText, type Viewer } from "./viewer.ts";

// Who may see a full profile with its phone number (§ "4. States and transitions" and § "6. Roles and permissions", ADR
// 0012): its owner, or an active paid member who unlocked it: the owner
// approved their request and they confirmed the view, which charged one from
// their balance. What they paid for stays open to them while their
// membership is active, whatever becomes of the request afterwards
// (withdrawn, asked again, declined), unless the profile is deleted or
// deactivated (ADR 0034).

async function loadFullProfile(c: AppContext, viewer: Viewer, pid: number): Promise<FullProfile> {
  const [row, siblings] = await Promise.all([fullProfileStatement(c.env.DB, viewer.pid, pid).first<FullRow>(), listSiblings(c.env.DB, pid)]);
  return fullProfileOf(c, viewer, row, siblings);
}

/**
 * The profile read, or "Profile not found" when it is deleted or deactivated.
 * Siblings that exist are shown, unless the member ticked "I have no
 * siblings" (2), which hides them without deleting them (ADR 0008).
 */
async function fullProfileOf(c: AppContext, viewer: Viewer, row: FullRow | null, siblings: Sibling[]): Promise<FullProfile> {
  if (!row) throw notFound(text("server.profileNotFound"));
  return toFullProfile(c.env.DB, { pid: viewer.pid, astro: astroOf(viewer) }, row, row.has_siblings === 2 ? [] : siblings);
}

/**
 * What a member without an approved request reads: what stands between them
 * and the profile, with the way on (§ "4. States and transitions", "Profile request state on a
 * card"). A member who never asked, or withdrew, is sent to the card to ask.
 */
const REQUEST_TEXT: Record<Exclude<RequestState, "approved">, Text> = {
  none: text("membership.noRequest"),
  withdrawn: text("membership.noRequest"),
  pending: text("membership.notApproved"),
  denied: ALREADY.denied,
};

/**
 * GET: reads never charge; a view must have been confirmed with POST
 * view_profile, and once it was, the profile stays open (above).
 * The codes say what the server found (NOT_APPROVED: no approved request;
 * VIEW_NOT_CONFIRMED: approved, not confirmed), the text what the member is
 * to do: a profile not unlocked yet needs a view from the balance, so at a
 * zero balance the balance is said first, as the card's dialogs do (§ "6. Roles and permissions").
 */
export async function readFullProfile(c: AppContext, viewer: Viewer, pid: number): Promise<FullProfile> {
  if (pid !== viewer.pid) {
    requireActiveMembership(c, viewer);
    if (!(await hasViewed(c.env.DB, viewer.pid, pid))) {
      const state = stateOf(await getInterest(c.env.DB, viewer.pid, pid));
      const reason = viewer.balance === 0 ? zeroBalanceText(c) : state === "approved" ? text("server.confirmViewFirst") : REQUEST_TEXT[state];
      throw new ApiError(403, state === "approved" ? "VIEW_NOT_CONFIRMED" : "NOT_APPROVED", reason);
    }
  }
  return loadFullProfile(c, viewer, pid);
}

/** POST view_profile: confirms the view, charging the first time only. */
export async function viewFullProfile(c: AppContext, viewer: Viewer, pid: number): Promise<ViewResult> {
  if (pid === viewer.pid) throw new ApiError(400, "BAD_REQUEST", text("server.ownProfile"));
  requireActiveMembership(c, viewer);
  // The membership dialogs come first (§ "6. Roles and permissions"): a zero balance is said before anything about the request.
  if (viewer.balance === 0 && !(await hasViewed(c.env.DB, viewer.pid, pid))) throw balanceExhausted(c);
  // The profile is read in the charge's own transaction: a view is never
  // charged for a profile deleted or deactivated a moment later (ADR 0012).
  const { outcome, row } = await chargeView<FullRow>(c.env.DB, viewer.pid, pid, fullProfileStatement(c.env.DB, viewer.pid, pid));
  if (outcome === "not-approved") {
    const state = stateOf(await getInterest(c.env.DB, viewer.pid, pid));
    // Approved, yet not charged: the profile was deleted or deactivated meanwhile (ADR 0034).
    if (state === "approved") throw notFound(text("server.profileNotFound"));
    throw new ApiError(403, "NOT_APPROVED", REQUEST_TEXT[state]);
  }
  if (outcome === "balance-exhausted") throw balanceExhausted(c);
  // No row only for a view paid for before: the profile was deleted or deactivated since.
  const [siblings, summary] = await Promise.all([listSiblings(c.env.DB, pid), getMemberSummary(c.env.DB, viewer.pid)]);
  const profile = await fullProfileOf(c, viewer, row, siblings);
  return { profile, charged: outcome === "charged", profileLimits: summary?.profileLimits ?? viewer.profileLimits };
}
