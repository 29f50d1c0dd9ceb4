import { isValidElement, type ReactNode } from "react";
import { useT } from "#web/lib/i18n-react.tsx";
import { Dialog } from "./dialog.tsx";

// "Are you sure?" before a call a member cannot take back (§ "8. Error catalogue"), or a
// question of the agency console's. No takes focus, so that a stray Enter
// does not make the call.

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  /** The console's red question before what cannot be undone (deactivate, revoke, replace). */
  destructive?: boolean;
  /** What will happen. */
  children: ReactNode;
  noLabel?: string;
  /** The Yes button, already worded for a running call where it changes. */
  yesLabel: string;
  onYes: () => void;
  onNo: () => void;
  /** This dialog's call runs: both buttons wait. */
  pending?: boolean;
  /** Any call of the card runs: Escape and a tap outside must not hide its outcome. */
  locked?: boolean;
  /** See Dialog's returnFocus. */
  returnFocus?: (() => HTMLElement | null) | undefined;
}

export function ConfirmDialog({ open, title, destructive = false, children, noLabel, yesLabel, onYes, onNo, pending = false, locked = false, returnFocus }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title ?? t("common.areYouSure")}
      tone={destructive ? "error" : "default"}
      onDismiss={locked ? undefined : onNo}
      returnFocus={returnFocus}
      actions={
        <>
          <button type="button" className="btn-outline" onClick={onNo} disabled={pending} data-autofocus>
            {noLabel ?? t("common.no")}
          </button>
          <button type="button" className={destructive ? "btn bg-red-800 text-white hover:bg-red-900" : "btn-primary"} onClick={onYes} disabled={pending} aria-busy={pending}>
            {yesLabel}
          </button>
        </>
      }
    >
      {/* A sentence, or the paragraphs the caller gives as one element (a paragraph may not hold another). */}
      {isValidElement(children) ? children : <p className="m-0">{children}</p>}
    </Dialog>
  );
}
