// What a profile card's buttons say (§ "4. States and transitions", "Main button text" and
// "Secondary button"). Pure, so that every list showing cards (search, search
// by ID, and the interest lists) words its buttons the same way.
import type { ProfileCard } from "#shared/api-types.ts";

import type { MessageId } from "#web/lib/i18n.ts";

/** The screen a card is on: some screens change the buttons (§ "4. States and transitions"). */
export type CardPage = "search" | "searchId" | "viewedProfiles" | "viewedByProfiles" | "recommended" | "whatsappProfile";

/**
 * paidService: the WhatsApp profile page's button; request: send interest
 * (the member may not see phone numbers now, or has not asked yet);
 * waiting: asked, not yet answered; view: approved, opens the full profile;
 * declined: the owner did not accept (it cannot be asked again); renew: a
 * paid membership that ended (ADR 0015).
 */
export type MainAction = "paidService" | "request" | "waiting" | "view" | "declined" | "renew";

/** The main button's text in the catalogue (ADR 0040): a screen shows `t(MAIN_ACTION_IDS[action])`. */
export const MAIN_ACTION_IDS = {
  paidService: "card.mainPaidService",
  request: "card.mainRequest",
  waiting: "card.mainWaiting",
  view: "card.mainView",
  declined: "card.mainDeclined",
  renew: "card.mainRenew",
} as const satisfies Record<MainAction, MessageId>;

/** States a member waits on or cannot change: shown as a box, not a button to press. */
export const STATE_ACTIONS: readonly MainAction[] = ["waiting", "declined"];

/** The second button and its confirmation, in the catalogue. */
export const SECONDARY_IDS = {
  hide: { label: "card.hide", confirm: "card.confirmHide", yes: "card.yesHide" },
  remove: { label: "card.remove", confirm: "card.confirmRemove", yes: "card.yesRemove" },
} as const satisfies Record<string, Record<string, MessageId>>;

export type RequestState = "none" | "pending" | "approved" | "declined";

/** The viewer's own request to this profile, from the card's interest dates. */
export function requestState(card: Pick<ProfileCard, "requestStatus" | "interestedAt" | "approvedAt" | "deniedAt" | "deletedAt">): RequestState {
  const standing = card.deniedAt === null && card.deletedAt === null;
  // A hidden profile ('D') keeps its approval: the approval dates tell.
  if (card.requestStatus === "A" || (standing && card.approvedAt !== null)) return "approved";
  if (standing && card.interestedAt !== null) return "pending";
  // Declined stands: the server refuses to send it again (ADR 0012).
  if (card.deniedAt !== null && card.deletedAt === null) return "declined";
  // No request, or one that was withdrawn: the member may ask again.
  return "none";
}

export interface ViewerMembership {
  paid: boolean;
  active: boolean;
  balance: number;
}

export function mainAction(card: Parameters<typeof requestState>[0] & Pick<ProfileCard, "viewed">, membership: ViewerMembership, page: CardPage): MainAction {
  if (page === "whatsappProfile") return "paidService";
  // A profile the member unlocked stays open at any balance while the
  // membership is active, whatever became of the request since: withdrawn,
  // asked again, declined (ADR 0012).
  if (card.viewed && membership.active) return "view";
  const state = requestState(card);
  if (state === "declined") return "declined";
  // A paid membership that ended: renewing is what the member needs, and
  // the click says when it ended and what waits (ADR 0015).
  if (membership.paid && !membership.active) return "renew";
  // § "4. States and transitions": a zero balance (or a FREE membership) reads as a request;
  // the click then explains the membership (§ "6. Roles and permissions").
  if (membership.balance <= 0 || !membership.active) return "request";
  if (state === "pending") return "waiting";
  if (state === "approved") return "view";
  return "request";
}

/** Lists that say what became of my request in words above the card's buttons. */
const REQUEST_LISTS: readonly CardPage[] = ["viewedProfiles", "viewedByProfiles"];

/**
 * The main button a card draws, or null for none. The interest lists already say a declined
 * request in words, so they draw no "Request not accepted" box under it; a profile unlocked
 * before keeps its "view" button there as everywhere (ADR 0012).
 */
export function shownMainAction(card: Parameters<typeof mainAction>[0], membership: ViewerMembership, page: CardPage): MainAction | null {
  const action = mainAction(card, membership, page);
  return action === "declined" && REQUEST_LISTS.includes(page) ? null : action;
}

export function secondaryAction(card: Parameters<typeof requestState>[0]): keyof typeof SECONDARY_IDS {
  return requestState(card) === "approved" ? "hide" : "remove";
}
