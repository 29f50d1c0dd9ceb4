import { useEffect, useState, type RefObject } from "react";
import { ListNotice } from "#web/components/ui/list-states.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { useRestoreProfile } from "../api/restore-profile.ts";
import { RestoreLine } from "./restore-line.tsx";

/** How long "Undo" is offered after a profile left the list. */
export const UNDO_SECONDS = 8;

/**
 * One removal: a new object each time, so that removing the profile that was
 * just put back starts the notice and its seconds over.
 */
export interface Removal {
  pid: number;
}

interface RemovedNoticeProps {
  removal: Removal | null;
  /** The few seconds are over: the notice goes. */
  onGone: () => void;
  undoRef?: RefObject<HTMLButtonElement | null>;
  /** The profile is back and the list was read again: Undo goes, and focus is to move to the card. */
  onRestored: (pid: number) => void;
}

/**
 * "Profile ID N was removed from your list" with Undo for a few seconds:
 * a tap on the wrong card costs nothing (ADR 0015).
 */
export function RemovedNotice({ removal, onGone, undoRef, onRestored }: RemovedNoticeProps) {
  const restore = useRestoreProfile();
  const t = useT();
  const { reset } = restore;
  // The removal Undo put back: a later one, even of the same profile, offers
  // Undo from its first render, when the dialog that removed it gives Undo focus.
  const [back, setBack] = useState<Removal | null>(null);

  useEffect(() => {
    if (removal === null) return;
    reset();
    const timer = window.setTimeout(onGone, UNDO_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [removal, onGone, reset]);

  if (removal === null) return <ListNotice className="mb-3">{null}</ListNotice>;
  const { pid } = removal;
  if (back === removal) return <ListNotice className="mb-3">{t("search.removedBack", { pid })}</ListNotice>;
  return (
    <ListNotice className="mb-3">
      <RestoreLine
        restore={restore}
        pid={pid}
        text={t("search.removed", { pid })}
        action={t("search.undo")}
        pending={t("search.undoing")}
        failed={t("search.undoFailed")}
        buttonRef={undoRef}
        onRestored={() => {
          setBack(removal);
          onRestored(pid);
        }}
      />
    </ListNotice>
  );
}
