import { useState, type ReactNode } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";

// A button for an action that cannot be taken back (deactivate, end sessions,
// reset a password, revoke a link): it asks first, names what will happen,
// and shows the action's progress on the button.

interface ConfirmButtonProps {
  label: string;
  pendingLabel: string;
  title: string;
  /** What will happen, in words staff can check against the member in front of them. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  className?: string;
  /** Names the button apart from others like it (e.g. one Revoke per link). */
  ariaLabel?: string;
}

export function ConfirmButton({ label, pendingLabel, title, children, confirmLabel, onConfirm, pending, className = "btn-danger", ariaLabel }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={pending} aria-label={pending ? undefined : ariaLabel} onClick={() => setOpen(true)}>
        {pending ? pendingLabel : label}
      </button>
      <ConfirmDialog open={open} title={title} confirmLabel={confirmLabel} onCancel={() => setOpen(false)} onConfirm={onConfirm}>
        {children}
      </ConfirmDialog>
    </>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The question itself, for a form that asks only sometimes (saving over another list). Cancel has the focus. */
export function ConfirmDialog({ open, title, children, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onDismiss={onCancel}
      tone="error"
      actions={
        <>
          <button type="button" className="btn-outline" data-autofocus onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="btn bg-red-800 text-white hover:bg-red-900"
            onClick={() => {
              onCancel();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
