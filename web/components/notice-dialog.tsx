import type { ReactNode } from "react";
import { useT } from "../lib/i18n-react.tsx";
import { CallAgencyLink, ChatAgencyLink } from "./call-agency-link.tsx";
import { Dialog } from "./ui/dialog.tsx";

// The outcome of a member's call, or why it cannot be made (§ "8. Error catalogue"), with
// OK. Every text that is not a success asks the member to contact the agency,
// so a call button stands beside it.

interface NoticeDialogProps {
  open: boolean;
  title: string;
  tone: "default" | "success" | "error";
  onClose: () => void;
  children: ReactNode;
  /** See Dialog's returnFocus. */
  returnFocus?: (() => HTMLElement | null) | undefined;
}

export function NoticeDialog({ open, title, tone, onClose, children, returnFocus }: NoticeDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      tone={tone}
      onDismiss={onClose}
      returnFocus={returnFocus}
      actions={
        <>
          {tone !== "success" ? (
            <>
              <CallAgencyLink />
              <ChatAgencyLink />
            </>
          ) : null}
          <button type="button" className="btn-primary" onClick={onClose} data-autofocus>
            {t("notice.ok")}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
