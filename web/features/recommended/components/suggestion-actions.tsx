import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { InterestActions } from "../../../components/profile-card/interest-actions.tsx";
import { useSendInterest } from "../../../components/profile-card/send-interest.ts";
import { useViewProfile } from "../../../components/profile-card/view-profile.ts";
import { useDismissRecommendation } from "../api/dismiss-recommendation.ts";
import { recommendedQueryKey } from "../api/get-recommended-profiles.ts";

// A suggestion's buttons: the shared request flow (section 4; the server
// leaves approved suggestions out, so the main button asks or waits), and
// "Not interested", which drops it from the list.

interface SuggestionActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  onDismissed: (pid: number) => void;
}

export function SuggestionActions({ card, user, onDismissed }: SuggestionActionsProps) {
  const sendInterest = useSendInterest({ refresh: recommendedQueryKey, afterFailure: true });
  const viewProfile = useViewProfile();
  const dismiss = useDismissRecommendation();

  return (
    <InterestActions
      card={card}
      user={user}
      page="recommended"
      sendInterest={sendInterest}
      viewProfile={viewProfile}
      secondary={{
        label: "Not interested",
        confirmText: `Profile ID ${card.pid} will no longer be suggested to you.`,
        confirmLabel: "Yes, not interested",
        pending: dismiss.isPending,
        run: (outcome) => dismiss.mutate(card.pid, outcome),
        onDone: () => onDismissed(card.pid),
      }}
    />
  );
}
