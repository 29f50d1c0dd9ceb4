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
      <Dialog
        open={open}
        title={title}
        onDismiss={() => setOpen(false)}
        tone="error"
        actions={
          <>
            <button type="button" className="btn-outline" data-autofocus onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn bg-red-800 text-white hover:bg-red-900"
              onClick={() => {
                setOpen(false);
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
    </>
  );
}
