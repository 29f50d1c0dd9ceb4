import { requestState, secondaryAction } from "#web/components/profile-card/main-action.ts";

/**
 * A card's second button on the interest lists (§ "4. States and transitions", "Secondary
 * button"): Requests received offers "Hide profile" or "Remove profile from list" as search does;
 * Requests I sent has none of those, and offers to withdraw a standing request instead (a
 * declined one stands: the server refuses to withdraw it).
 */
export function listSecondary(card: Parameters<typeof requestState>[0], page: "viewedProfiles" | "viewedByProfiles"): "withdraw" | "hide" | "remove" | null {
  if (page === "viewedByProfiles") return secondaryAction(card);
  const state = requestState(card);
  return state === "approved" || state === "pending" ? "withdraw" : null;
}
