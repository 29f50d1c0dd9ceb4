import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { InterestActions } from "../../../components/profile-card/interest-actions.tsx";
import { SECONDARY_LABELS, secondaryAction, type CardPage } from "../../../components/profile-card/main-action.ts";
import { useSendInterest } from "../../../components/profile-card/send-interest.ts";
import { useViewProfile } from "../../../components/profile-card/view-profile.ts";
import { searchQueryKey } from "../api/get-simple-search-profiles.ts";
import { useRemoveProfile } from "../api/remove-profile.ts";

// A search card's buttons (section 4): the shared request flow, with "Hide
// profile" (approved) or "Remove profile from list" as the second button.

interface CardActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: CardPage;
  /** Section 4: the secondary button is hidden where hiding is disabled (search by ID). */
  allowHiding: boolean;
  onRemoved?: ((pid: number) => void) | undefined;
}

export function CardActions({ card, user, page, allowHiding, onRemoved }: CardActionsProps) {
  const sendInterest = useSendInterest({ refresh: searchQueryKey, afterFailure: false });
  // The view may change what the search cards show, so they are fetched again too.
  const viewProfile = useViewProfile(searchQueryKey);
  const removeProfile = useRemoveProfile();
  const secondary = secondaryAction(card);

  return (
    <InterestActions
      card={card}
      user={user}
      page={page}
      sendInterest={sendInterest}
      viewProfile={viewProfile}
      notFoundIsMissingCall
      secondary={
        allowHiding && page !== "viewedProfiles"
          ? {
              label: SECONDARY_LABELS[secondary],
              confirmText:
                secondary === "hide"
                  ? `Profile ID ${card.pid} will be hidden from your lists.`
                  : `Profile ID ${card.pid} will be removed from your list of profiles.`,
              confirmLabel: `Yes, ${SECONDARY_LABELS[secondary].toLowerCase()}`,
              pending: removeProfile.isPending,
              run: (outcome) => removeProfile.mutate(card.pid, outcome),
              onDone: () => onRemoved?.(card.pid),
            }
          : null
      }
    />
  );
}
