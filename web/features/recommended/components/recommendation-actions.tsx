import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { InterestActions } from "#web/components/profile-card/interest-actions.tsx";
import { useSendInterest } from "#web/components/profile-card/send-interest.ts";
import { useViewProfile } from "#web/components/profile-card/view-profile.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { useDismissRecommendation } from "../api/dismiss-recommendation.ts";
import { recommendedQueryKey } from "../api/get-recommended-profiles.ts";

// A recommendation's buttons: the shared request flow (§ "4. States and transitions"; the server
// leaves approved recommendations out, so the main button asks or waits), and
// "Not interested", which drops it from the list.

interface RecommendationActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  onDismissed: (pid: number) => void;
  /** Where focus goes once the card has left the list (SecondaryAction's focusAfter). */
  focusAfterDismissal: () => HTMLElement | null;
}

export function RecommendationActions({ card, user, onDismissed, focusAfterDismissal }: RecommendationActionsProps) {
  const sendInterest = useSendInterest({ refresh: recommendedQueryKey, afterFailure: true });
  const viewProfile = useViewProfile();
  const dismiss = useDismissRecommendation();
  const t = useT();

  return (
    <InterestActions
      card={card}
      user={user}
      page="recommended"
      sendInterest={sendInterest}
      viewProfile={viewProfile}
      secondary={{
        label: t("recommended.notInterested"),
        confirmText: t("recommended.dismissed", { pid: card.pid }),
        confirmLabel: t("recommended.yesNotInterested"),
        pending: dismiss.isPending,
        run: (outcome) => dismiss.mutate(card.pid, outcome),
        onDone: () => onDismissed(card.pid),
        focusAfter: focusAfterDismissal,
      }}
    />
  );
}

/**
 * A recommendation whose member deleted their profile (ADR 0034): nothing to ask
 * for, only taking it off the list, at once (there is nothing to regret).
 */
export function RemoveRecommendation({
  pid,
  onDismissed,
  focusAfterDismissal,
}: {
  pid: number;
  onDismissed: (pid: number) => void;
  focusAfterDismissal: () => HTMLElement | null;
}) {
  const dismiss = useDismissRecommendation();
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-quiet self-start"
        disabled={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(pid, {
            onSuccess: () => {
              onDismissed(pid);
              // This button leaves with the card: focus would fall to the page's start.
              focusAfterDismissal()?.focus();
            },
          })
        }
      >
        {dismiss.isPending ? t("recommended.removing") : t("recommended.removeFromList")}
      </button>
      {dismiss.isError ? (
        <p role="alert" className="m-0 text-base font-semibold text-red-800">
          {isApiError(dismiss.error) && dismiss.error.fromServer ? dismiss.error.error : t("recommended.removeFailed")}
        </p>
      ) : null}
    </div>
  );
}
