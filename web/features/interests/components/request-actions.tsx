import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { MAIN_ACTION_LABELS, mainAction, requestState } from "../../../components/profile-card/main-action.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { agency } from "../../../lib/agency.ts";
import { useDeleteInterest } from "../api/delete-interest.ts";
import { useSendInterest } from "../api/send-interest.ts";
import { useViewProfile } from "../api/view-profile.ts";
import { interestFailureText, membershipNotice, viewConfirmText, viewFailureText } from "../lib/action-messages.ts";
import { CallAgencyLink } from "./call-agency-link.tsx";
import { DateText } from "./date-text.tsx";

// My own request to the profile on a card (section 4): the main button asks
// for the phone number (send interest), waits for approval, or, once
// approved, opens the full profile after the confirm dialog of section 8. On
// Viewed Profiles the request can also be withdrawn ("delete request").
// Membership problems (section 6) are explained before any call is made; the
// server checks them again.

type Step =
  | { kind: "closed" }
  | { kind: "notice"; title: string; text: string; tone: "default" | "success" | "error" }
  | { kind: "confirmView" }
  | { kind: "confirmInterest" }
  | { kind: "confirmWithdraw" };

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
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const navigate = useNavigate();
  const viewProfile = useViewProfile();
  const sendInterest = useSendInterest();
  const deleteInterest = useDeleteInterest();
  const contact = agency();

  const state = requestState(card);
  // A declined request stands (the server refuses to send it again), so
  // there is nothing to ask for: the summary says what happened.
  const declined = card.deniedAt !== null && card.deletedAt === null;
  const action = mainAction(card, user.membership, page);
  const summary = requestSummary(card);
  const canWithdraw = page === "viewedProfiles" && !declined && state !== "none";
  const busy = viewProfile.isPending || sendInterest.isPending || deleteInterest.isPending;
  const close = () => setStep({ kind: "closed" });

  const onMain = () => {
    const notice = membershipNotice(user, contact);
    if (notice) {
      setStep({ kind: "notice", ...notice, tone: "default" });
      return;
    }
    setStep({ kind: action === "view" ? "confirmView" : "confirmInterest" });
  };

  const confirmView = () => {
    viewProfile.mutate(card.pid, {
      onSuccess: () => {
        close();
        navigate(`/full_profile?pid=${card.pid}`);
      },
      onError: (error) => setStep({ kind: "notice", title: "Could not open the profile", text: viewFailureText(error), tone: "error" }),
    });
  };

  const confirmInterest = () => {
    sendInterest.mutate(
      { fpid: user.pid, tpid: card.pid },
      {
        onSuccess: () => setStep({ kind: "notice", title: "Request sent", text: MESSAGES.requestSent, tone: "success" }),
        onError: (error) => setStep({ kind: "notice", title: "Request not sent", text: interestFailureText(error, contact), tone: "error" }),
      },
    );
  };

  const confirmWithdraw = () => {
    setWithdrawError(null);
    deleteInterest.mutate(
      { fpid: user.pid, tpid: card.pid },
      {
        onSuccess: () => {
          close();
          onWithdrawn?.(card.pid);
        },
        onError: () => {
          close();
          setWithdrawError(MESSAGES.removeFailed);
        },
      },
    );
  };

  // While a call runs, Escape and a tap outside must not hide its outcome.
  const dismiss = busy ? undefined : close;

  return (
    <>
      {summary ? <p className="m-0 text-base text-ink-muted">{summary}</p> : null}
      {declined ? null : (
        <button
          type="button"
          className={
            action === "waiting"
              ? // Not a faded button: a state the member waits on, readable at full contrast.
                "inline-flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-lg border-2 border-dashed border-saffron-600 bg-saffron-50 px-5 py-3 text-center text-base font-semibold leading-tight text-saffron-900"
              : page === "viewedByProfiles"
                ? // Their request is what this list is about; mine comes second.
                  "btn-outline w-full text-center"
                : "btn-primary w-full text-center"
          }
          disabled={action === "waiting" || busy}
          onClick={onMain}
        >
          {MAIN_ACTION_LABELS[action]}
        </button>
      )}
      {canWithdraw ? (
        <button type="button" className="btn-outline w-full" disabled={busy} onClick={() => setStep({ kind: "confirmWithdraw" })}>
          Delete request
        </button>
      ) : null}
      {withdrawError ? <Alert tone="error">{withdrawError}</Alert> : null}

      <Dialog
        open={step.kind === "notice"}
        title={step.kind === "notice" ? step.title : ""}
        tone={step.kind === "notice" ? step.tone : "default"}
        onDismiss={close}
        actions={
          <>
            {step.kind === "notice" && step.tone !== "success" ? <CallAgencyLink /> : null}
            <button type="button" className="btn-primary" onClick={close} data-autofocus>
              OK
            </button>
          </>
        }
      >
        <p className="m-0">{step.kind === "notice" ? step.text : ""}</p>
      </Dialog>

      <Dialog
        open={step.kind === "confirmView"}
        title={MESSAGES.areYouSure}
        onDismiss={dismiss}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={close} disabled={viewProfile.isPending} data-autofocus>
              {MESSAGES.viewConfirmNo}
            </button>
            <button type="button" className="btn-primary" onClick={confirmView} disabled={viewProfile.isPending} aria-busy={viewProfile.isPending}>
              {MESSAGES.viewConfirmYes}
            </button>
          </>
        }
      >
        <p className="m-0">{viewConfirmText(user)}</p>
      </Dialog>

      <Dialog
        open={step.kind === "confirmInterest"}
        title={MESSAGES.areYouSure}
        onDismiss={dismiss}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={close} disabled={sendInterest.isPending} data-autofocus>
              No
            </button>
            <button type="button" className="btn-primary" onClick={confirmInterest} disabled={sendInterest.isPending} aria-busy={sendInterest.isPending}>
              {sendInterest.isPending ? "Sending..." : "Yes, send request"}
            </button>
          </>
        }
      >
        <p className="m-0">
          Profile ID {card.pid} will receive your interested message by WhatsApp. When they approve, you can see their phone number and full details.
        </p>
      </Dialog>

      <Dialog
        open={step.kind === "confirmWithdraw"}
        title={MESSAGES.areYouSure}
        onDismiss={dismiss}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={close} disabled={deleteInterest.isPending} data-autofocus>
              No
            </button>
            <button type="button" className="btn-primary" onClick={confirmWithdraw} disabled={deleteInterest.isPending} aria-busy={deleteInterest.isPending}>
              {deleteInterest.isPending ? "Please wait..." : "Yes, delete request"}
            </button>
          </>
        }
      >
        <p className="m-0">Your request to Profile ID {card.pid} will be withdrawn and the profile leaves this list.</p>
      </Dialog>
    </>
  );
}
