import type { ReactNode } from "react";
import { CallAgencyLink, ChatAgencyLink } from "./call-agency-link.tsx";
import { Dialog } from "./ui/dialog.tsx";

// The outcome of a member's call, or why it cannot be made (section 8), with
// OK. Every text that is not a success asks the member to contact the agency,
// so a call button stands beside it.

interface NoticeDialogProps {
  open: boolean;
  title: string;
  tone: "default" | "success" | "error";
  onClose: () => void;
  children: ReactNode;
}

export function NoticeDialog({ open, title, tone, onClose, children }: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      tone={tone}
      onDismiss={onClose}
      actions={
        <>
          {tone !== "success" ? (
            <>
              <CallAgencyLink />
              <ChatAgencyLink />
            </>
          ) : null}
          <button type="button" className="btn-primary" onClick={onClose} data-autofocus>
            OK
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
