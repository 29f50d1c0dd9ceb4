import { useState } from "react";
import { useNavigate } from "react-router";
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { MAIN_ACTION_LABELS, SECONDARY_LABELS, mainAction, secondaryAction, type CardPage } from "../../../components/profile-card/main-action.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { agency } from "../../../lib/agency.ts";
import { useRemoveProfile } from "../api/remove-profile.ts";
import { useSendInterest } from "../api/send-interest.ts";
import { useViewProfile } from "../api/view-profile.ts";
import { interestFailureText, membershipNotice, viewConfirmText, viewFailureText } from "../lib/action-messages.ts";

// A card's buttons (section 4): the main one asks for the phone number (send
// interest) or, once approved, opens the full profile after the confirm
// dialog of section 8; the secondary one removes or hides the profile. Every
// action asks "Are you sure?" first; membership problems (section 6) are
// explained before any call is made, and the server checks them again.

type Step =
  | { kind: "closed" }
  | { kind: "notice"; title: string; text: string; tone: "default" | "success" | "error" }
  | { kind: "confirmView" }
  | { kind: "confirmInterest" }
  | { kind: "confirmRemove" };

interface CardActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: CardPage;
  /** Section 4: the secondary button is hidden where hiding is disabled (search by ID). */
  allowHiding: boolean;
  onRemoved?: ((pid: number) => void) | undefined;
}

export function CardActions({ card, user, page, allowHiding, onRemoved }: CardActionsProps) {
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const navigate = useNavigate();
  const viewProfile = useViewProfile();
  const sendInterest = useSendInterest();
  const removeProfile = useRemoveProfile();
  const contact = agency();

  const action = mainAction(card, user.membership, page);
  const secondary = secondaryAction(card);
  const close = () => setStep({ kind: "closed" });
  const busy = viewProfile.isPending || sendInterest.isPending || removeProfile.isPending;

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

  const confirmRemove = () => {
    setRemoveError(null);
    removeProfile.mutate(card.pid, {
      onSuccess: () => {
        close();
        onRemoved?.(card.pid);
      },
      onError: () => {
        close();
        setRemoveError(MESSAGES.removeFailed);
      },
    });
  };

  // While a call runs, Escape and a tap outside must not hide its outcome.
  const dismiss = busy ? undefined : close;
  const callAgency = contact.phone ? (
    <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="btn-outline">
      Call {contact.phone}
    </a>
  ) : null;

  return (
    <>
      <button
        type="button"
        className={
          action === "waiting"
            ? // Not a faded maroon button: a state the member waits on, readable at full contrast.
              "inline-flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-lg border-2 border-dashed border-saffron-600 bg-saffron-50 px-5 py-3 text-center text-base font-semibold leading-tight text-saffron-900"
            : "btn-primary w-full text-center"
        }
        disabled={action === "waiting" || busy}
        onClick={onMain}
      >
        {MAIN_ACTION_LABELS[action]}
      </button>
      {allowHiding && page !== "viewedProfiles" ? (
        <button type="button" className="btn-outline w-full" disabled={busy} onClick={() => setStep({ kind: "confirmRemove" })}>
          {SECONDARY_LABELS[secondary]}
        </button>
      ) : null}
      {removeError ? <Alert tone="error">{removeError}</Alert> : null}

      <Dialog
        open={step.kind === "notice"}
        title={step.kind === "notice" ? step.title : ""}
        tone={step.kind === "notice" ? step.tone : "default"}
        onDismiss={close}
        actions={
          <>
            {step.kind === "notice" && step.tone !== "success" ? callAgency : null}
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
        open={step.kind === "confirmRemove"}
        title={MESSAGES.areYouSure}
        onDismiss={dismiss}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={close} disabled={removeProfile.isPending} data-autofocus>
              No
            </button>
            <button type="button" className="btn-primary" onClick={confirmRemove} disabled={removeProfile.isPending} aria-busy={removeProfile.isPending}>
              {removeProfile.isPending ? "Please wait..." : `Yes, ${SECONDARY_LABELS[secondary].toLowerCase()}`}
            </button>
          </>
        }
      >
        <p className="m-0">
          {secondary === "hide"
            ? `Profile ID ${card.pid} will be hidden from your lists.`
            : `Profile ID ${card.pid} will be removed from your list of profiles.`}
        </p>
      </Dialog>
    </>
  );
}
