import { useEffect, useRef } from "react";
import type { StaffPassword } from "#shared/admin-types.ts";
import { CopyButton } from "#web/components/ui/copy-button.tsx";

/** A password the server just made, and why: a new account or a reset. */
export interface ShownPassword {
  result: StaffPassword;
  reason: "added" | "reset";
}

// The server keeps only the password's hash, so this notice is the one
// chance to pass it on. It takes focus when it appears, because the button
// that caused it may be far down the list on a phone, and it stays until the
// owner says it is copied.
export function StaffPasswordNotice({ shown, onDone }: { shown: ShownPassword; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { account, password } = shown.result;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new notice, even for the same account, takes the focus again.
  useEffect(() => {
    heading.current?.focus();
  }, [shown]);

  return (
    <section aria-labelledby="staff-password-title" className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-4">
      <h2 id="staff-password-title" ref={heading} tabIndex={-1} className="m-0 text-lg font-bold text-green-900 outline-none">
        {shown.reason === "added" ? `Account added: ${account.username}` : `New password for ${account.username}`}
      </h2>
      <p className="m-0 mt-1 text-base text-ink">
        {account.name} signs in at the agency console with the username <strong>{account.username}</strong> and this password:
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="select-all rounded-lg border border-line bg-white px-3 py-2 font-mono text-xl font-bold tracking-wider text-ink">{password}</code>
        <CopyButton text={password} what={`the password of ${account.username}`} />
      </div>
      <p className="m-0 mt-3 text-base font-semibold text-red-900">
        This password will not be shown again. Copy it now and give it to {account.name} yourself; if it is lost, make a new one.
      </p>
      <button type="button" className="btn-quiet mt-3" onClick={onDone}>
        Done, I have passed it on
      </button>
    </section>
  );
}
