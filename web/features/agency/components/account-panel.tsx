import type { AdminMember } from "../../../../shared/admin-types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { useEndSessions } from "../api/end-sessions.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { useUpdateMemberStatus } from "../api/update-member-status.ts";
import { errorText } from "../lib/error-text.ts";
import { AccountState } from "./membership-state.tsx";
import { ConfirmButton } from "./confirm-button.tsx";
import { Panel } from "./panel.tsx";
import { WhatsappButton } from "./whatsapp-button.tsx";

// The account's switches: each cannot be taken back by the member, so each
// asks first. A reset password is queued as a WhatsApp message; its wa.me
// link delivers it by hand when the Cloud API is not configured.
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
      </dl>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ConfirmButton
          label="Reset password"
          pendingLabel="Resetting..."
          title="Reset the password?"
          confirmLabel="Reset password"
          pending={reset.isPending}
          onConfirm={() => reset.mutate()}
        >
          {who} gets a new password by WhatsApp, the old one stops working and every device is signed out.
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
          <button type="button" className="btn-quiet" disabled={status.isPending} onClick={() => status.mutate(true)}>
            {status.isPending ? "Reactivating..." : "Reactivate"}
          </button>
        )}
      </div>

      <div aria-live="polite" className="mt-3 flex flex-col gap-2">
        {endSessions.isSuccess ? (
          <Alert tone="success" live={false}>
            {endSessions.data.ended === 1 ? "1 session ended." : `${endSessions.data.ended} sessions ended.`}
          </Alert>
        ) : null}
        {reset.isSuccess ? (
          <Alert tone="success" live={false}>
            <p className="m-0">
              New password queued for WhatsApp to {reset.data.toMobile} ({reset.data.status}).
            </p>
            {reset.data.waMe ? (
              <div className="mt-2">
                <WhatsappButton href={reset.data.waMe} label="Send password on WhatsApp" />
              </div>
            ) : null}
          </Alert>
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
