import type { ReactNode } from "react";
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import type { MessageRef } from "#shared/i18n/message-ref.ts";
import { InterestActions, type SecondaryAction } from "#web/components/profile-card/interest-actions.tsx";
import { SECONDARY_IDS } from "#web/components/profile-card/main-action.ts";
import { useRemoveProfile } from "#web/components/profile-card/remove-profile.ts";
import { useSendInterest } from "#web/components/profile-card/send-interest.ts";
import { useViewProfile } from "#web/components/profile-card/view-profile.ts";
import { useDeleteInterest } from "../api/delete-interest.ts";
import { interestsQueryKey } from "../api/get-profile-visits.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { listSecondary } from "../lib/list-secondary.ts";
import { DatedMessage } from "./date-text.tsx";

// My own request to the profile on a card (§ "4. States and transitions"): what became of it in
// words, then the shared request flow (ask, wait, or see the full profile).
// On Viewed Profiles the request can also be withdrawn ("delete request"); on
// Requests received the profile can be hidden or removed from my lists, as on search.

interface RequestActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: "viewedProfiles" | "viewedByProfiles";
  /** Says what became of a card that leaves the list (withdrawn, removed): the message, which the list words. */
  notify?: ((notice: MessageRef) => void) | undefined;
  /** Where focus goes once such a card has left (SecondaryAction's focusAfter). */
  focusAfterLeaving?: (() => HTMLElement | null) | undefined;
}

/** What became of my request, in words, or null when I have not asked. */
function requestSummary(card: ProfileCard): ReactNode {
  if (card.interestedAt === null || card.deletedAt !== null) return null;
  if (card.deniedAt !== null) return <DatedMessage id="interests.mine.notAccepted" timestamp={card.interestedAt} />;
  if (card.approvedAt !== null) return <DatedMessage id="interests.mine.approvedOn" timestamp={card.approvedAt} />;
  return <DatedMessage id="interests.mine.sentOn" timestamp={card.interestedAt} />;
}

export function RequestActions({ card, user, page, notify, focusAfterLeaving }: RequestActionsProps) {
  const sendInterest = useSendInterest({ refresh: interestsQueryKey, afterFailure: true });
  const viewProfile = useViewProfile();
  const deleteInterest = useDeleteInterest();
  // The interest lists leave out removed profiles, so the card leaves as they are fetched again.
  const removeProfile = useRemoveProfile(interestsQueryKey);
  const t = useT();

  const summary = requestSummary(card);
  const focusAfter = () => focusAfterLeaving?.() ?? null;
  const kind = listSecondary(card, page);
  let secondary: SecondaryAction | null = null;
  if (kind === "withdraw") {
    secondary = {
      label: t("interests.deleteRequest"),
      confirmText: t("interests.deleteConfirm", { pid: card.pid }),
      confirmLabel: t("interests.yesDelete"),
      pending: deleteInterest.isPending,
      run: (outcome) => deleteInterest.mutate({ fpid: user.pid, tpid: card.pid }, outcome),
      onDone: () => notify?.({ id: "interests.withdrawnNotice", values: { pid: String(card.pid) } }),
      focusAfter,
    };
  } else if (kind !== null) {
    const ids = SECONDARY_IDS[kind];
    secondary = {
      label: t(ids.label),
      confirmText: t(ids.confirm, { pid: card.pid }),
      confirmLabel: t(ids.yes),
      pending: removeProfile.isPending,
      run: (outcome) => removeProfile.mutate(card.pid, outcome),
      onDone: () => notify?.({ id: "interests.removedNotice", values: { pid: String(card.pid) } }),
      focusAfter,
    };
  }

  return (
    <>
      {summary ? <p className="m-0 text-base text-ink-muted">{summary}</p> : null}
      <InterestActions card={card} user={user} page={page} sendInterest={sendInterest} viewProfile={viewProfile} secondary={secondary} />
    </>
  );
}
