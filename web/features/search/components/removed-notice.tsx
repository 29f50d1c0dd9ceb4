import { useEffect } from "react";
import { ListNotice } from "#web/components/ui/list-states.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { useRestoreProfile } from "../api/restore-profile.ts";

/** How long "Undo" is offered after a profile left the list. */
export const UNDO_SECONDS = 8;

/**
 * "Profile ID N was removed from your list" with Undo for a few seconds:
 * a tap on the wrong card costs nothing (ADR 0015).
 */
export function RemovedNotice({ pid, onGone }: { pid: number | null; onGone: () => void }) {
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
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span>{t("search.removed", { pid })}</span>
        <button type="button" className="btn-small border-2 border-green-800 bg-white text-green-900" disabled={restore.isPending} onClick={() => restore.mutate(pid)}>
          {restore.isPending ? t("search.undoing") : t("search.undo")}
        </button>
      </span>
      {restore.isError ? <span className="mt-1 block text-red-900">{t("search.undoFailed")}</span> : null}
    </ListNotice>
  );
}
