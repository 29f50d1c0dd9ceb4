import type { RefObject } from "react";
import type { useRestoreProfile } from "../api/restore-profile.ts";

interface RestoreLineProps {
  restore: ReturnType<typeof useRestoreProfile>;
  pid: number;
  /** What happened to the profile. */
  text: string;
  /** The button's words: to put it back, while that is sent, and when it failed. */
  action: string;
  pending: string;
  failed: string;
  /** The button, for the list to move focus to it after a removal. */
  buttonRef?: RefObject<HTMLButtonElement | null> | undefined;
  /**
   * Once the profile is back and the lists were read again (useRestoreProfile):
   * this line is about to go, and with it the button that has focus, so the
   * caller moves focus to the restored card (ADR 0015).
   */
  onRestored?: (() => void) | undefined;
}

/**
 * A removed profile's line with its button to put it back (ADR 0015): the
 * list's Undo for a few seconds after the removal, and search by ID's "Put
 * back" at any time later.
 */
export function RestoreLine({ restore, pid, text, action, pending, failed, buttonRef, onRestored }: RestoreLineProps) {
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span>{text}</span>
        <button
          type="button"
          // aria-disabled, not disabled, while the call runs: a disabled button
          // loses focus to the page's start, and focus is to go from this
          // button to the restored card.
          className="btn-small border-2 border-green-800 bg-white text-green-900 aria-[disabled=true]:cursor-not-allowed aria-[disabled=true]:opacity-60"
          aria-disabled={restore.isPending || undefined}
          onClick={() => {
            if (!restore.isPending) restore.mutate(pid, { onSuccess: () => onRestored?.() });
          }}
          ref={buttonRef}
        >
          {restore.isPending ? pending : action}
        </button>
      </span>
      {restore.isError ? <span className="mt-1 block text-red-900">{failed}</span> : null}
    </>
  );
}
