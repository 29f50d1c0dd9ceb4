import type { ReactNode } from "react";
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { InterestActions } from "../../../components/profile-card/interest-actions.tsx";
import { requestState } from "../../../components/profile-card/main-action.ts";
import { useSendInterest } from "../../../components/profile-card/send-interest.ts";
import { useViewProfile } from "../../../components/profile-card/view-profile.ts";
import { useDeleteInterest } from "../api/delete-interest.ts";
import { interestsQueryKey } from "../api/get-profile-visits.ts";
import { DateText } from "./date-text.tsx";

// My own request to the profile on a card (section 4): what became of it in
// words, then the shared request flow (ask, wait, or see the full profile).
// On Viewed Profiles the request can also be withdrawn ("delete request").

interface RequestActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: "viewedProfiles" | "viewedByProfiles";
  /** Called once the request was withdrawn: the card then leaves the list. */
  onWithdrawn?: ((pid: number) => void) | undefined;
}

/** What became of my request, in words, or null when I have not asked. */
function requestSummary(card: ProfileCard): ReactNode {
  if (card.interestedAt === null || card.deletedAt !== null) return null;
  if (card.deniedAt !== null) {
    return (
      <>
        Your request of <DateText timestamp={card.interestedAt} /> was not accepted.
      </>
    );
  }
  if (card.approvedAt !== null) {
    return (
      <>
        Your request was approved on <DateText timestamp={card.approvedAt} />.
      </>
    );
  }
  return (
    <>
      You sent your request on <DateText timestamp={card.interestedAt} />.
    </>
  );
}

export function RequestActions({ card, user, page, onWithdrawn }: RequestActionsProps) {
  const sendInterest = useSendInterest({ refresh: interestsQueryKey, afterFailure: true });
  const viewProfile = useViewProfile();
  const deleteInterest = useDeleteInterest();

  const state = requestState(card);
  // A declined request stands (the server refuses to send it again), so
  // there is nothing to ask for: the summary says what happened.
  const declined = card.deniedAt !== null && card.deletedAt === null;
  const summary = requestSummary(card);
  const canWithdraw = page === "viewedProfiles" && !declined && state !== "none";

  return (
    <>
      {summary ? <p className="m-0 text-base text-ink-muted">{summary}</p> : null}
      <InterestActions
        card={card}
        user={user}
        page={page}
        sendInterest={sendInterest}
        viewProfile={viewProfile}
        hideMain={declined}
        secondary={
          canWithdraw
            ? {
                label: "Delete request",
                confirmText: `Your request to Profile ID ${card.pid} will be withdrawn and the profile leaves this list.`,
                confirmLabel: "Yes, delete request",
                pending: deleteInterest.isPending,
                run: (outcome) => deleteInterest.mutate({ fpid: user.pid, tpid: card.pid }, outcome),
                onDone: () => onWithdrawn?.(card.pid),
              }
            : null
        }
      />
    </>
  );
}
