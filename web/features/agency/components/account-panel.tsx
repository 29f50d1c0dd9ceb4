import { Link } from "react-router";
import type { AdminMember } from "#shared/admin-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { useEndSessions } from "../api/end-sessions.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { useUpdateMemberStatus } from "../api/update-member-status.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment } from "../lib/labels.ts";
import { AccountState } from "./membership-state.tsx";
import { ConfirmButton } from "./confirm-button.tsx";
import { Panel } from "./panel.tsx";
import { OutboxMessageCard } from "./outbox-list.tsx";

// The account's switches: each cannot be taken back by the member, so each
// asks first. A reset queues a one-time code on WhatsApp (ADR 0021), sent by
// the Cloud API or by hand from its message. A code that has not reached the
// member is flagged here, with what to do.
export function AccountPanel({ member }: { member: AdminMember }) {
  const status = useUpdateMemberStatus(member.pid);
  const reset = useResetPassword(member.pid);
  const endSessions = useEndSessions(member.pid);
  const who = `${member.pid} (${member.surName} ${member.name})`;
  const failure = status.error ?? reset.error ?? endSessions.error;

  return (
    <Panel title="Account">
      <dl className="m-0 mb-4 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-base">
        <dt className="text-sm font-semibold text-ink-muted">Account</dt>
        <dd className="m-0">
          <AccountState active={member.active} />
        </dd>
        <dt className="text-sm font-semibold text-ink-muted">Signed in on</dt>
        <dd className="m-0">{member.liveSessions === 1 ? "1 device" : `${member.liveSessions} devices`}</dd>
        <dt className="text-sm font-semibold text-ink-muted">Password</dt>
        <dd className="m-0">{member.passwordSet ? "Set by the member" : "Not set yet: the member sets it with the WhatsApp code"}</dd>
      </dl>
      {member.latestCode?.flagged ? (
        <Alert tone="error" className="mb-4">
          <p className="m-0 font-semibold">The member's latest code has not reached them ({formatMoment(member.latestCode.createdAt)}).</p>
          {member.latestCode.problem ? (
            <>
              <p className="m-0 mt-1">{member.latestCode.problem.reason}</p>
              <p className="m-0 mt-1">What to do: {member.latestCode.problem.action}</p>
            </>
          ) : null}
          <Link to={`/agency/outbox?pid=${member.pid}`} className="mt-1 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
            See the member's messages
          </Link>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ConfirmButton
          label="Reset password"
          pendingLabel="Resetting..."
          title="Reset the password?"
          confirmLabel="Reset password"
          pending={reset.isPending}
          onConfirm={() => reset.mutate()}
        >
          The password of {who} stops working, every device is signed out and every link they were sent stops signing in. A code goes to their WhatsApp, with which they set a new
          password at Forgot password.
        </ConfirmButton>
        <ConfirmButton
          label="End sessions"
          pendingLabel="Ending..."
          title="Sign the member out everywhere?"
          confirmLabel="End sessions"
          pending={endSessions.isPending}
          onConfirm={() => endSessions.mutate()}
        >
          {who} is signed out on every phone and computer and must sign in again.
        </ConfirmButton>
        {member.active ? (
          <ConfirmButton
            label="Deactivate"
            pendingLabel="Deactivating..."
            title="Deactivate this member?"
            confirmLabel="Deactivate"
            pending={status.isPending}
            onConfirm={() => status.mutate(false)}
          >
            {who} can no longer sign in, is signed out everywhere and disappears from every list and public page. You can reactivate later.
          </ConfirmButton>
        ) : (
          <ConfirmButton
            label="Reactivate"
            className="btn-quiet"
            pendingLabel="Reactivating..."
            title="Reactivate this member?"
            confirmLabel="Reactivate"
            pending={status.isPending}
            onConfirm={() => status.mutate(true)}
          >
            {who} can sign in again and is back on the lists and public pages their visibility allows.
          </ConfirmButton>
        )}
      </div>

      <div aria-live="polite" className="mt-3 flex flex-col gap-2">
        {endSessions.isSuccess ? (
          <Alert tone="success" live={false}>
            {endSessions.data.ended === 1 ? "1 session ended." : `${endSessions.data.ended} sessions ended.`}
          </Alert>
        ) : null}
        {reset.isSuccess ? (
          <>
            <Alert tone="success" live={false}>
              Password reset. The member sets a new one with the code in this WhatsApp message: at {window.location.origin}/set_password, or Forgot password on the login page.
            </Alert>
            <ul className="m-0 p-0">
              <OutboxMessageCard message={reset.data} />
            </ul>
          </>
        ) : null}
      </div>
      {failure ? (
        <Alert tone="error" className="mt-3">
          {errorText(failure)}
        </Alert>
      ) : null}
    </Panel>
  );
}
