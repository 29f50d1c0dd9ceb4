import { useState } from "react";
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { MAIN_ACTION_LABELS, mainAction } from "../../../components/profile-card/main-action.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { agency } from "../../../lib/agency.ts";
import { useDismissRecommendation } from "../api/dismiss-recommendation.ts";
import { useSendInterest } from "../api/send-interest.ts";
import { interestFailureText, membershipNotice } from "../lib/action-messages.ts";

// A suggestion's buttons: the main one asks for the phone number (send
// interest) or waits for approval (section 4; approved suggestions are no
// longer suggested), and "Not interested" drops it from the list. Both ask
// "Are you sure?" first; membership problems (section 6) are explained
// before any call is made.

type Step =
  | { kind: "closed" }
  | { kind: "notice"; title: string; text: string; tone: "default" | "success" | "error" }
  | { kind: "confirmInterest" }
  | { kind: "confirmDismiss" };

interface SuggestionActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  onDismissed: (pid: number) => void;
}

export function SuggestionActions({ card, user, onDismissed }: SuggestionActionsProps) {
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [dismissError, setDismissError] = useState<string | null>(null);
  const sendInterest = useSendInterest();
  const dismiss = useDismissRecommendation();
  const contact = agency();
  const action = mainAction(card, user.membership, "recommended");
  const busy = sendInterest.isPending || dismiss.isPending;
  const close = () => setStep({ kind: "closed" });

  const onMain = () => {
    const notice = membershipNotice(user, contact);
    setStep(notice ? { kind: "notice", ...notice, tone: "default" } : { kind: "confirmInterest" });
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

  const confirmDismiss = () => {
    setDismissError(null);
    dismiss.mutate(card.pid, {
      onSuccess: () => {
        close();
        onDismissed(card.pid);
      },
      onError: () => {
        close();
        setDismissError(MESSAGES.removeFailed);
      },
    });
  };

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
            ? // Not a faded button: a state the member waits on, readable at full contrast.
              "inline-flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-lg border-2 border-dashed border-saffron-600 bg-saffron-50 px-5 py-3 text-center text-base font-semibold leading-tight text-saffron-900"
            : "btn-primary w-full text-center"
        }
        disabled={action === "waiting" || busy}
        onClick={onMain}
      >
        {MAIN_ACTION_LABELS[action]}
      </button>
      <button type="button" className="btn-outline w-full" disabled={busy} onClick={() => setStep({ kind: "confirmDismiss" })}>
        Not interested
      </button>
      {dismissError ? <Alert tone="error">{dismissError}</Alert> : null}

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
        open={step.kind === "confirmInterest"}
        title={MESSAGES.areYouSure}
        // While the call runs, Escape and a tap outside must not hide its outcome.
        onDismiss={busy ? undefined : close}
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
        open={step.kind === "confirmDismiss"}
        title={MESSAGES.areYouSure}
        onDismiss={busy ? undefined : close}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={close} disabled={dismiss.isPending} data-autofocus>
              No
            </button>
            <button type="button" className="btn-primary" onClick={confirmDismiss} disabled={dismiss.isPending} aria-busy={dismiss.isPending}>
              {dismiss.isPending ? "Please wait..." : "Yes, not interested"}
            </button>
          </>
        }
      >
        <p className="m-0">Profile ID {card.pid} will no longer be suggested to you.</p>
      </Dialog>
    </>
  );
}
