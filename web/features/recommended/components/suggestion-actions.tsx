import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { InterestActions } from "../../../components/profile-card/interest-actions.tsx";
import { useSendInterest } from "../../../components/profile-card/send-interest.ts";
import { useViewProfile } from "../../../components/profile-card/view-profile.ts";
import { isApiError } from "../../../lib/api-client.ts";
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

/**
 * A suggestion whose member deleted their profile (ADR 0034): nothing to ask
 * for, only taking it off the list, at once (there is nothing to regret).
 */
export function RemoveSuggestion({ pid, onDismissed }: { pid: number; onDismissed: (pid: number) => void }) {
  const dismiss = useDismissRecommendation();
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn-quiet self-start" disabled={dismiss.isPending} onClick={() => dismiss.mutate(pid, { onSuccess: () => onDismissed(pid) })}>
        {dismiss.isPending ? "Removing..." : "Remove from my list"}
      </button>
      {dismiss.isError ? (
        <p role="alert" className="m-0 text-base font-semibold text-red-800">
          {isApiError(dismiss.error) && dismiss.error.fromServer ? dismiss.error.error : "Could not remove it. Please check your connection and try again."}
        </p>
      ) : null}
    </div>
  );
}
