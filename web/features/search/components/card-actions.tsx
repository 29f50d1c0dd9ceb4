import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { InterestActions } from "#web/components/profile-card/interest-actions.tsx";
import { SECONDARY_IDS, secondaryAction, type CardPage } from "#web/components/profile-card/main-action.ts";
import { useRemoveProfile } from "#web/components/profile-card/remove-profile.ts";
import { useSendInterest } from "#web/components/profile-card/send-interest.ts";
import { useViewProfile } from "#web/components/profile-card/view-profile.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { searchQueryKey } from "../api/get-simple-search-profiles.ts";

// A search card's buttons (§ "4. States and transitions"): the shared request flow, with "Hide
// profile" (approved) or "Remove profile from list" as the second button.

interface CardActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: CardPage;
  /** § "4. States and transitions": the secondary button is hidden where hiding is disabled (search by ID). */
  allowHiding: boolean;
  onRemoved?: ((pid: number) => void) | undefined;
  /** Where focus goes once the removed card has left the list (SecondaryAction's focusAfter). */
  focusAfterRemoval?: (() => HTMLElement | null) | undefined;
}

export function CardActions({ card, user, page, allowHiding, onRemoved, focusAfterRemoval }: CardActionsProps) {
  const sendInterest = useSendInterest({ refresh: searchQueryKey, afterFailure: false });
  // The view may change what the search cards show, so they are fetched again too.
  const viewProfile = useViewProfile(searchQueryKey);
  const removeProfile = useRemoveProfile(searchQueryKey);
  const secondary = SECONDARY_IDS[secondaryAction(card)];
  const t = useT();

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
              label: t(secondary.label),
              confirmText: t(secondary.confirm, { pid: card.pid }),
              confirmLabel: t(secondary.yes),
              pending: removeProfile.isPending,
              run: (outcome) => removeProfile.mutate(card.pid, outcome),
              onDone: () => onRemoved?.(card.pid),
              focusAfter: () => focusAfterRemoval?.() ?? null,
            }
          : null
      }
    />
  );
}
