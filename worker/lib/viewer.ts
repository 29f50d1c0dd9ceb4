import type { AstroMember } from "#shared/astro/ashtakoota.ts";
import type { Gender } from "#shared/constants.ts";
import { balance, isActive, isPaid, membershipEndedText } from "#shared/membership.ts";
import { todayIn } from "#shared/dates.ts";
import { getViewerRow, type ViewerRow } from "../db/members.ts";
import type { CardViewer } from "../db/profiles.ts";
import { config, type AppContext, type MemberContext } from "../env.ts";
import { ApiError, text, unauthenticated, type Text } from "./errors.ts";
import { message } from "./i18n.ts";
import { recentViewerRow } from "./live-sessions.ts";

// The signed-in member as the paid-service rules see them (§ "4. States and transitions", § "6. Roles and permissions", § "9. Business constants and limits"):
// enforced here, on the server, for every call.

export interface Viewer extends ViewerRow {
  paid: boolean;
  active: boolean;
  balance: number;
  today: string;
}

/** The signed-in member, read now. */
export function loadViewer(c: MemberContext): Promise<Viewer> {
  return loadViewerOf(c, c.var.member.pid);
}

/** A member whose membership a rule depends on, read now. */
export async function loadViewerOf(c: AppContext, pid: number): Promise<Viewer> {
  return viewerOf(c, await getViewerRow(c.env.DB, pid));
}

/**
 * The signed-in member as the searches see them: their row as this isolate
 * read it less than LIVE_SESSION_WINDOW_MS ago, forgotten at once by their
 * own and staff's writes here (ADR 0028). A search only shows; anything that
 * charges or refuses calls loadViewer.
 */
export async function loadSearchViewer(c: MemberContext): Promise<Viewer> {
  return viewerOf(c, await recentViewerRow(c.env.DB, c.var.member.pid));
}

function viewerOf(c: AppContext, row: ViewerRow | null): Viewer {
  if (!row) throw unauthenticated();
  const today = todayIn(config(c.env).agencyTimeZone);
  const limits = row.profileLimits;
  return { ...row, paid: isPaid(limits), active: isActive(limits, today), balance: balance(limits), today };
}

/** The viewer as matching points see them: gender, star and padham. */
export function astroOf(viewer: Viewer): AstroMember {
  return { gender: viewer.gender, star: viewer.starId, padham: viewer.padhamId };
}

/** The viewer as profile cards need them: membership for the details and photos, birth star for the points. */
export function cardViewer(viewer: Viewer, options: { forcePhotos?: boolean } = {}): CardViewer & { gender: Gender } {
  return { pid: viewer.pid, gender: viewer.gender, paid: viewer.paid, today: viewer.today, astro: astroOf(viewer), ...options };
}

/** Paid and not expired, or the error whose text the member's dialog shows. */
export function requireActiveMembership(c: AppContext, viewer: Viewer): void {
  const { agencyName: agency, agencyPhone: phone } = config(c.env);
  if (!viewer.paid) {
    throw new ApiError(403, "MEMBERSHIP_REQUIRED", text("membership.freeMember", { pid: viewer.pid, agency, phone }));
  }
  if (!viewer.active) {
    const limits = viewer.profileLimits;
    throw new ApiError(403, "MEMBERSHIP_EXPIRED", (language) => membershipEndedText(limits, { name: agency, phone }, (id, values) => message(language, id, values), language));
  }
}

/** "Your balance of profiles is zero", with the agency to call. */
export function zeroBalanceText(c: AppContext): Text {
  const { agencyName: agency, agencyPhone: phone } = config(c.env);
  return text("membership.zeroBalance", { agency, phone });
}

export function balanceExhausted(c: AppContext): ApiError {
  return new ApiError(403, "BALANCE_EXHAUSTED", zeroBalanceText(c));
}
