import { useEffect, type RefObject } from "react";
import { ListNotice } from "#web/components/ui/list-states.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { useRestoreProfile } from "../api/restore-profile.ts";
import { RestoreLine } from "./restore-line.tsx";

/** How long "Undo" is offered after a profile left the list. */
export const UNDO_SECONDS = 8;

/**
 * "Profile ID N was removed from your list" with Undo for a few seconds:
 * a tap on the wrong card costs nothing (ADR 0015).
 */
export function RemovedNotice({ pid, onGone, undoRef }: { pid: number | null; onGone: () => void; undoRef?: RefObject<HTMLButtonElement | null> }) {
  const restore = useRestoreProfile();
  const t = useT();
  const { reset } = restore;

  useEffect(() => {
    if (pid === null) return;
    reset();
    const timer = window.setTimeout(onGone, UNDO_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [pid, onGone, reset]);

  if (pid === null) return <ListNotice className="mb-3">{null}</ListNotice>;
  if (restore.isSuccess) return <ListNotice className="mb-3">{t("search.removedBack", { pid })}</ListNotice>;
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
      />
    </ListNotice>
  );
}
