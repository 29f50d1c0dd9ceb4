import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { getToken } from "#web/lib/session.ts";

// What a member typed in a long form is not thrown away without a word
// (ADR 0013): leaving the screen with changes not yet saved asks first. A
// link, the menu or Back inside the application opens this dialog (React
// Router's blocker); a reload or a closed tab gets the browser's own
// question (beforeunload), whose words the browser chooses. Each form says
// whether it holds such changes (useUnsavedChanges), not while it is being
// sent nor once it is saved; its screen holds one LeaveGuard, since a router
// takes one blocker at a time.

/** The forms of the screen with changes not saved. */
const unsaved = new Set<symbol>();

/** Marks the calling form as holding changes not saved while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const form = Symbol("unsaved form");
    unsaved.add(form);
    return () => {
      unsaved.delete(form);
    };
  }, [dirty]);
}

/**
 * The question before leaving a screen whose forms hold changes not saved.
 * `signedIn`: the screen is a member's, and once the session has ended
 * (Logout, a session refused) nothing it holds can be saved, so leaving is not asked about.
 */
export function LeaveGuard({ signedIn = false }: { signedIn?: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved.size > 0 && currentLocation.pathname !== nextLocation.pathname && (!signedIn || getToken() !== null));

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved.size === 0) return;
      event.preventDefault();
      // Browsers before preventDefault() was enough (Chrome 119, Safari) ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("common.leaveTitle")}
      noLabel={t("common.leaveStay")}
      yesLabel={t("common.leaveYes")}
      onYes={() => blocker.proceed?.()}
      onNo={() => blocker.reset?.()}
    >
      <p>{t("common.leaveText")}</p>
    </ConfirmDialog>
  );
}
