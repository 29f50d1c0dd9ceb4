import type { FullProfile, ViewResult } from "#shared/api-types.ts";
import { listSiblings } from "../db/siblings.ts";
import { getFullProfile } from "../db/profiles.ts";
import { chargeView, hasApprovedRequest, hasViewed } from "../db/views.ts";
import { getMemberSummary } from "../db/members.ts";
import type { AppContext } from "../env.ts";
import { ApiError, notFound, text } from "./errors.ts";
import { astroOf, balanceExhausted, notApproved, requireActiveMembership, type Viewer } from "./viewer.ts";

// Who may see a full profile with its phone number (§ "4. States and transitions" and § "6. Roles and permissions", ADR
// 0012): its owner, or an active paid
// member whose request the owner approved and who confirmed the view, which
// charged one from their balance the first time only.

async function loadFullProfile(c: AppContext, viewer: Viewer, pid: number): Promise<FullProfile> {
  const [profile, siblings] = await Promise.all([getFullProfile(c.env.DB, { pid: viewer.pid, astro: astroOf(viewer) }, pid, []), listSiblings(c.env.DB, pid)]);
  if (!profile) throw notFound(text("server.profileNotFound"));
  // Siblings that exist are shown, unless the member ticked "I have no
  // siblings" (2), which hides them without deleting them (ADR 0008).
  return { ...profile, siblings: profile.hasSiblings === 2 ? [] : siblings };
}

/** GET: reads never charge; a view must have been confirmed with POST view_profile. */
export async function readFullProfile(c: AppContext, viewer: Viewer, pid: number): Promise<FullProfile> {
  if (pid !== viewer.pid) {
    requireActiveMembership(c, viewer);
    if (!(await hasApprovedRequest(c.env.DB, viewer.pid, pid))) throw notApproved();
    if (!(await hasViewed(c.env.DB, viewer.pid, pid))) {
      throw new ApiError(403, "VIEW_NOT_CONFIRMED", text("server.confirmViewFirst"));
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
  const outcome = await chargeView(c.env.DB, viewer.pid, pid);
  if (outcome === "not-approved") throw notApproved();
  if (outcome === "balance-exhausted") throw balanceExhausted(c);
  const [profile, summary] = await Promise.all([loadFullProfile(c, viewer, pid), getMemberSummary(c.env.DB, viewer.pid)]);
  return { profile, charged: outcome === "charged", profileLimits: summary?.profileLimits ?? viewer.profileLimits };
}
