import { useRef, useState, type ReactNode } from "react";
import type { ProfileCard } from "#shared/api-types.ts";
import { NoticeDialog } from "#web/components/notice-dialog.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { agency } from "#web/lib/agency.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { useApproveInterest } from "../api/approve-interest.ts";
import { useRejectInterest } from "../api/reject-interest.ts";
import { decisionFailure } from "../lib/action-messages.ts";
import { DatedMessage } from "./date-text.tsx";

// The other member's request to me (`incoming`, ADR 0012): Approve and Reject
// while it waits, and what I decided once I have. Approving sends my phone
// number to them by WhatsApp, which cannot be taken back, so both decisions
// ask "Are you sure?" first; the outcome is one of the dialogs of § "8. Error catalogue".

type Decision = "approve" | "reject";

type Step = { kind: "closed" } | { kind: "confirm"; decision: Decision } | { kind: "outcome"; tone: "success" | "error"; title: string; text: string; reason: string | null };

// A requester with an active paid membership receives the number at once (ADR 0012).
const CONFIRM_TEXT: Record<Decision, MessageId> = { approve: "interests.confirmApprove", reject: "interests.confirmReject" };

export function DecisionActions({ card }: { card: ProfileCard }) {
  const [step, setStep] = useState<Step>({ kind: "closed" });
  // A decision replaces Approve and Reject with what was decided: focus goes
  // to that box as the dialogs close, not back to a button that is gone
  // (Dialog's returnFocus).
  const box = useRef<HTMLDivElement>(null);
  const decided = useRef(false);
  const returnFocus = () => (decided.current ? box.current : null);
  const approve = useApproveInterest();
  const reject = useRejectInterest();
  const contact = agency();
  const t = useT();
  const incoming = card.incoming;
  if (!incoming) return null;

  const busy = approve.isPending || reject.isPending;
  const close = () => setStep({ kind: "closed" });

  const ask = (decision: Decision) => {
    decided.current = false;
    setStep({ kind: "confirm", decision });
  };

  const decide = (decision: Decision) => {
    const mutation = decision === "approve" ? approve : reject;
    mutation.mutate(card.pid, {
      onSuccess: () => {
        decided.current = true;
        setStep({
          kind: "outcome",
          tone: "success",
          title: t(decision === "approve" ? "interests.approvedTitle" : "interests.rejectedTitle"),
          text: t(decision === "approve" ? "interests.approved" : "interests.rejected"),
          reason: null,
        });
      },
      onError: (error) => setStep({ kind: "outcome", tone: "error", title: t("interests.notSavedTitle"), ...decisionFailure(decision, error, contact) }),
    });
  };

  let body: ReactNode;
  if (incoming.approvedAt !== null) {
    body = (
      <p className="m-0 text-base text-green-900">
        <Tick /> <DatedMessage id="interests.approvedOn" timestamp={incoming.approvedAt} />
      </p>
    );
  } else if (incoming.deniedAt !== null) {
    body = (
      <p className="m-0 text-base text-ink">
        <DatedMessage id="interests.rejectedOn" timestamp={incoming.deniedAt} />
      </p>
    );
  } else {
    body = (
      <>
        <p className="m-0 text-base text-ink">
          <DatedMessage id="interests.interestedSince" timestamp={incoming.interestedAt} />
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <button type="button" className="btn-primary" disabled={busy} onClick={() => ask("approve")}>
            {t("interests.approve")}
          </button>
          <button type="button" className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50" disabled={busy} onClick={() => ask("reject")}>
            {t("interests.reject")}
          </button>
        </div>
      </>
    );
  }

  const confirming = step.kind === "confirm" ? step.decision : null;
  return (
    <div ref={box} tabIndex={-1} className="rounded-lg border border-saffron-300 bg-saffron-50 px-3 py-3" data-testid="incoming-request">
      <p className="m-0 text-sm font-bold uppercase tracking-wide text-saffron-900">{t("interests.theirRequest")}</p>
      <div className="mt-1">{body}</div>

      <ConfirmDialog
        open={confirming !== null}
        yesLabel={t(busy ? "interests.pleaseWait" : confirming === "reject" ? "interests.yesReject" : "interests.yesApprove")}
        onYes={() => confirming && decide(confirming)}
        onNo={close}
        pending={busy}
        locked={busy}
        returnFocus={returnFocus}
      >
        {confirming ? t(CONFIRM_TEXT[confirming], { pid: card.pid }) : ""}
      </ConfirmDialog>

      <NoticeDialog
        open={step.kind === "outcome"}
        title={step.kind === "outcome" ? step.title : ""}
        tone={step.kind === "outcome" ? step.tone : "default"}
        onClose={close}
        returnFocus={returnFocus}
      >
        {step.kind === "outcome" ? (
          <>
            <p className="m-0">{step.text}</p>
            {step.reason ? <p className="m-0 mt-2 text-ink-muted">{step.reason}</p> : null}
          </>
        ) : null}
      </NoticeDialog>
    </div>
  );
}

function Tick() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mb-0.5 mr-1 inline h-4 w-4 align-middle" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
    </svg>
  );
}
