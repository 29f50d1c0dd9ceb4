import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";

// A button for an action staff must not take by a slip (deactivate, reactivate, end sessions,
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
      <ConfirmDialog
        open={open}
        title={title}
        destructive
        noLabel="Cancel"
        yesLabel={confirmLabel}
        onNo={() => setOpen(false)}
        onYes={() => {
          setOpen(false);
          onConfirm();
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
