import type { ReactNode } from "react";
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { InterestActions } from "#web/components/profile-card/interest-actions.tsx";
import { requestState } from "#web/components/profile-card/main-action.ts";
import { useSendInterest } from "#web/components/profile-card/send-interest.ts";
import { useViewProfile } from "#web/components/profile-card/view-profile.ts";
import { useDeleteInterest } from "../api/delete-interest.ts";
import { interestsQueryKey } from "../api/get-profile-visits.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { DatedMessage } from "./date-text.tsx";

// My own request to the profile on a card (§ "4. States and transitions"): what became of it in
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
  if (card.deniedAt !== null) return <DatedMessage id="interests.mine.notAccepted" timestamp={card.interestedAt} />;
  if (card.approvedAt !== null) return <DatedMessage id="interests.mine.approvedOn" timestamp={card.approvedAt} />;
  return <DatedMessage id="interests.mine.sentOn" timestamp={card.interestedAt} />;
}

export function RequestActions({ card, user, page, onWithdrawn }: RequestActionsProps) {
  const sendInterest = useSendInterest({ refresh: interestsQueryKey, afterFailure: true });
  const viewProfile = useViewProfile();
  const deleteInterest = useDeleteInterest();
  const t = useT();

  const state = requestState(card);
  // A declined request stands (the server refuses to withdraw it): the summary says what
  // happened, and the card keeps only a "view" button for a profile unlocked before (ADR 0012).
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
        secondary={
          canWithdraw
            ? {
                label: t("interests.deleteRequest"),
                confirmText: t("interests.deleteConfirm", { pid: card.pid }),
                confirmLabel: t("interests.yesDelete"),
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
