import type { StaffAccount, StaffPassword } from "#shared/admin-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { useResetStaffPassword } from "../api/reset-staff-password.ts";
import { useUpdateStaffStatus } from "../api/update-staff-status.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment, roleLabel } from "../lib/labels.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { AccountState } from "./membership-state.tsx";

// The console's accounts: a table on wide screens, one card per account on
// phones (as members-table.tsx). Both come from the same rows; the one not
// shown is display:none, so a screen reader meets only one. The two
// mutations live here, not per row, so that the table and the card of one
// account show the same pending state and error.

type StatusMutation = ReturnType<typeof useUpdateStaffStatus>;
type ResetMutation = ReturnType<typeof useResetStaffPassword>;

interface ActionsProps {
  account: StaffAccount;
  self: boolean;
  status: StatusMutation;
  reset: ResetMutation;
  onPassword: (result: StaffPassword) => void;
}

function Actions({ account, self, status, reset, onPassword }: ActionsProps) {
  // The server refuses both on one's own account (409): another owner must do it.
  if (self) return <span className="text-sm text-ink-muted">Your account</span>;
  const who = `${account.name} (${account.username})`;
  const changing = status.isPending && status.variables.id === account.id;
  const resetting = reset.isPending && reset.variables === account.id;
  return (
    <div className="flex flex-wrap gap-2">
      {account.active ? (
        <>
          <ConfirmButton
            label="New password"
            pendingLabel="Making..."
            title="Make a new password?"
            confirmLabel="Make new password"
            ariaLabel={`New password for ${account.username}`}
            pending={resetting}
            onConfirm={() => reset.mutate(account.id, { onSuccess: onPassword })}
          >
            {who} is signed out everywhere and their old password stops working. The new one is shown to you once.
          </ConfirmButton>
          <ConfirmButton
            label="Deactivate"
            pendingLabel="Deactivating..."
            title="Deactivate this account?"
            confirmLabel="Deactivate"
            ariaLabel={`Deactivate ${account.username}`}
            pending={changing}
            onConfirm={() => status.mutate({ id: account.id, active: false })}
          >
            {who} is signed out of the console everywhere and can no longer sign in. You can reactivate the account later.
          </ConfirmButton>
        </>
      ) : (
        <ConfirmButton
          label="Reactivate"
          pendingLabel="Reactivating..."
          title="Reactivate this account?"
          confirmLabel="Reactivate"
          className="btn-quiet"
          ariaLabel={`Reactivate ${account.username}`}
          pending={changing}
          onConfirm={() => status.mutate({ id: account.id, active: true })}
        >
          {who} can sign in to the console again with their last password.
        </ConfirmButton>
      )}
    </div>
  );
}

/** The server's words when the last action on this account failed. */
function failureOf(account: StaffAccount, status: StatusMutation, reset: ResetMutation): string | null {
  if (status.isError && status.variables.id === account.id) return errorText(status.error);
  if (reset.isError && reset.variables === account.id) return errorText(reset.error);
  return null;
}

export function StaffAccounts({ accounts, selfId, onPassword }: { accounts: StaffAccount[]; selfId: number | undefined; onPassword: (result: StaffPassword) => void }) {
  const status = useUpdateStaffStatus();
  const reset = useResetStaffPassword();
  const actionsOf = (account: StaffAccount) => <Actions account={account} self={account.id === selfId} status={status} reset={reset} onPassword={onPassword} />;
  const failureAlert = (account: StaffAccount) => {
    const failure = failureOf(account, status, reset);
    return failure ? (
      <Alert tone="error" className="mt-2">
        {failure}
      </Alert>
    ) : null;
  };

  return (
    <>
      <table className="hidden w-full border-collapse text-left text-base md:table">
        <caption className="sr-only">Console accounts</caption>
        <thead>
          <tr className="border-b-2 border-saffron-300 text-sm text-ink-muted">
            <th scope="col" className="px-3 py-2 font-semibold">
              Username
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Role
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Account
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Created
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="border-b border-line bg-white align-top">
              <td className="px-3 py-3 font-bold break-all">{account.username}</td>
              <td className="px-3 py-3">{account.name}</td>
              <td className="px-3 py-3">{roleLabel(account.role)}</td>
              <td className="px-3 py-3">
                <AccountState active={account.active} />
              </td>
              <td className="px-3 py-3 text-sm">{formatMoment(account.createdAt)}</td>
              <td className="px-3 py-2">
                {actionsOf(account)}
                {failureAlert(account)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label="Console accounts" className="m-0 flex list-none flex-col gap-3 p-0 md:hidden">
        {accounts.map((account) => (
          <li key={account.id} className="card px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="m-0 min-w-0">
                <span className="block break-all text-lg font-bold text-maroon-800">{account.username}</span>
                <span className="block break-words text-base">{account.name}</span>
              </p>
              <span className="shrink-0 pt-1 text-sm font-semibold">{roleLabel(account.role)}</span>
            </div>
            <dl className="m-0 mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-base">
              <dt className="text-sm font-semibold text-ink-muted">Account</dt>
              <dd className="m-0">
                <AccountState active={account.active} />
              </dd>
              <dt className="text-sm font-semibold text-ink-muted">Created</dt>
              <dd className="m-0">{formatMoment(account.createdAt)}</dd>
            </dl>
            <div className="mt-3">{actionsOf(account)}</div>
            {failureAlert(account)}
          </li>
        ))}
      </ul>
    </>
  );
}
