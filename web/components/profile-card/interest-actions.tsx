import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { agency } from "#web/lib/agency.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { NoticeDialog } from "../notice-dialog.tsx";
import { Alert } from "../ui/alert.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { interestFailureText, membershipNotice, viewConfirmText, viewFailureText } from "./action-messages.ts";
import { MAIN_ACTION_IDS, STATE_ACTIONS, shownMainAction, type CardPage } from "./main-action.ts";
import type { useSendInterest } from "./send-interest.ts";
import type { useViewProfile } from "./view-profile.ts";

// A card's buttons (§ "4. States and transitions"), the same flow on every screen: the main one
// asks for the phone number (send interest), waits for approval, or, once
// approved, opens the full profile after the confirm dialog of § "8. Error catalogue"; the
// screen's second button (hide or remove, delete request, not interested)
// leaves the list. Every action asks "Are you sure?" first; membership
// problems (§ "6. Roles and permissions") are explained before any call is made, and the server
// checks them again. The screen supplies the calls, since it knows which of
// its lists they change.

type Step =
  | { kind: "closed" }
  | { kind: "notice"; title: string; text: string; tone: "default" | "success" | "error" }
  | { kind: "confirmView" }
  | { kind: "confirmInterest" }
  | { kind: "confirmSecondary" };

/** The screen's second button and the call it makes once confirmed. */
export interface SecondaryAction {
  label: string;
  /** What the "Are you sure?" dialog says will happen. */
  confirmText: string;
  /** Its Yes button, "Yes, ...". */
  confirmLabel: string;
  pending: boolean;
  /** Makes the call; the flow passes what to do on its outcome. */
  run: (outcome: { onSuccess: () => void; onError: () => void }) => void;
  /** After success: the card leaves the list. */
  onDone?: (() => void) | undefined;
  /**
   * Where keyboard focus goes once the card has left (the list's Undo, its
   * heading): the button that opened the dialog leaves with the card.
   */
  focusAfter: () => HTMLElement | null;
}

interface InterestActionsProps {
  card: ProfileCard;
  user: CurrentUser;
  page: CardPage;
  sendInterest: ReturnType<typeof useSendInterest>;
  viewProfile: ReturnType<typeof useViewProfile>;
  secondary?: SecondaryAction | null;
  /** See interestFailureText: search reads a 404 as the call missing. */
  notFoundIsMissingCall?: boolean;
}

export function InterestActions({ card, user, page, sendInterest, viewProfile, secondary = null, notFoundIsMissingCall = false }: InterestActionsProps) {
  const [step, setStep] = useState<Step>({ kind: "closed" });
  // Whether the second button's call failed, not its words: they are worded
  // at each render, so a switch of language re-words them (ADR 0040).
  const [secondaryFailed, setSecondaryFailed] = useState(false);
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  const contact = agency();

  const action = shownMainAction(card, user.membership, page);
  const close = () => setStep({ kind: "closed" });

  // Where focus goes as this card's dialogs close after a call changed the
  // card, read by the dialog then (Dialog's returnFocus, ADR 0015); null
  // while nothing changed, and focus goes back to the button that opened the dialog.
  const mainButton = useRef<HTMLButtonElement>(null);
  const secondaryButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<(() => HTMLElement | null) | null>(null);
  const returnFocus = () => focusAfter.current?.() ?? null;
  const theCard = () => (mainButton.current ?? secondaryButton.current)?.closest<HTMLElement>("article") ?? null;
  const open = (next: Step) => {
    focusAfter.current = null;
    setStep(next);
  };
  const busy = viewProfile.isPending || sendInterest.isPending || (secondary?.pending ?? false);

  const onMain = () => {
    const notice = membershipNotice(user, contact, card, t, language);
    if (notice) {
      open({ kind: "notice", ...notice, tone: "default" });
      return;
    }
    open({ kind: action === "view" ? "confirmView" : "confirmInterest" });
  };

  const confirmView = () => {
    viewProfile.mutate(card.pid, {
      onSuccess: () => {
        close();
        navigate(`/full_profile?pid=${card.pid}`);
      },
      onError: (error) => setStep({ kind: "notice", title: t("card.openFailed"), text: viewFailureText(error, t), tone: "error" }),
    });
  };

  const confirmInterest = () => {
    sendInterest.mutate(
      { fpid: user.pid, tpid: card.pid },
      {
        onSuccess: () => {
          // The main button now waits, disabled, and cannot hold focus: the card does.
          focusAfter.current = theCard;
          setStep({ kind: "notice", title: t("card.requestSentTitle"), text: t("card.requestSent"), tone: "success" });
        },
        onError: (error) =>
          setStep({ kind: "notice", title: t("card.requestNotSent"), text: interestFailureText(error, contact.phone, { notFoundIsMissingCall }, t), tone: "error" }),
      },
    );
  };

  const confirmSecondary = () => {
    if (!secondary) return;
    setSecondaryFailed(false);
    secondary.run({
      onSuccess: () => {
        focusAfter.current = secondary.focusAfter;
        close();
        secondary.onDone?.();
      },
      onError: () => {
        close();
        setSecondaryFailed(true);
      },
    });
  };

  return (
    <>
      {action === null ? null : (
        <button
          type="button"
          className={
            STATE_ACTIONS.includes(action)
              ? // Not a faded button: a state the member waits on, readable at full contrast.
                "inline-flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-lg border-2 border-dashed border-saffron-600 bg-saffron-50 px-5 py-3 text-center text-base font-semibold leading-tight text-saffron-900"
              : page === "viewedByProfiles"
                ? // Their request is what this list is about; mine comes second.
                  "btn-outline w-full text-center"
                : "btn-primary w-full text-center"
          }
          disabled={STATE_ACTIONS.includes(action) || busy}
          onClick={onMain}
          ref={mainButton}
        >
          {t(MAIN_ACTION_IDS[action])}
        </button>
      )}
      {secondary ? (
        <button type="button" className="btn-outline w-full" disabled={busy} onClick={() => open({ kind: "confirmSecondary" })} ref={secondaryButton}>
          {secondary.label}
        </button>
      ) : null}
      {secondaryFailed ? <Alert tone="error">{t("card.secondaryFailed")}</Alert> : null}

      <NoticeDialog
        open={step.kind === "notice"}
        title={step.kind === "notice" ? step.title : ""}
        tone={step.kind === "notice" ? step.tone : "default"}
        onClose={close}
        returnFocus={returnFocus}
      >
        <p className="m-0">{step.kind === "notice" ? step.text : ""}</p>
      </NoticeDialog>

      <ConfirmDialog
        open={step.kind === "confirmView"}
        noLabel={t("common.no")}
        yesLabel={t("card.viewYes")}
        onYes={confirmView}
        onNo={close}
        pending={viewProfile.isPending}
        locked={busy}
        returnFocus={returnFocus}
      >
        <div className="flex flex-col gap-2">
          {viewConfirmText(user, card, t, language).map((line) => (
            <p key={line} className="m-0">
              {line}
            </p>
          ))}
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={step.kind === "confirmInterest"}
        yesLabel={sendInterest.isPending ? t("card.sending") : t("card.yesSend")}
        onYes={confirmInterest}
        onNo={close}
        pending={sendInterest.isPending}
        locked={busy}
        returnFocus={returnFocus}
      >
        {t("card.confirmInterest", { pid: card.pid })}
      </ConfirmDialog>

      {secondary ? (
        <ConfirmDialog
          open={step.kind === "confirmSecondary"}
          yesLabel={secondary.pending ? t("common.pleaseWait") : secondary.confirmLabel}
          onYes={confirmSecondary}
          onNo={close}
          pending={secondary.pending}
          locked={busy}
          returnFocus={returnFocus}
        >
          {secondary.confirmText}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
