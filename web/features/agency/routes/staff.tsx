import { useState } from "react";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useStaff } from "../api/get-staff.ts";
import { AddStaffForm } from "../components/add-staff-form.tsx";
import { Panel } from "../components/panel.tsx";
import { QueryState } from "../components/query-state.tsx";
import { StaffAccounts } from "../components/staff-accounts.tsx";
import { StaffPasswordNotice, type ShownPassword } from "../components/staff-password-notice.tsx";
import { useStoredStaff } from "../lib/staff-session.ts";

// /agency/staff: the console's accounts (owners only: the server refuses
// staff, and the link is shown to owners only). Adding an account or making
// a new password shows the password once, at the top of the screen.
export function StaffRoute() {
  usePageTitle("Staff | Agency console");
  const staff = useStoredStaff();
  const owner = staff?.role === "owner";
  const accounts = useStaff({ enabled: owner });
  const [shown, setShown] = useState<ShownPassword | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Staff</h1>
      {!owner ? (
        <Alert tone="info">Only the agency's owners can manage staff accounts.</Alert>
      ) : (
        <>
          <div aria-live="polite">{shown ? <StaffPasswordNotice shown={shown} onDone={() => setShown(null)} /> : null}</div>
          <AddStaffForm onAdded={(result) => setShown({ result, reason: "added" })} />
          <Panel title="Accounts">
            <QueryState query={accounts} label="Staff accounts">
              {(items) => (
                <div aria-busy={accounts.isFetching}>
                  <StaffAccounts accounts={items} selfId={staff.id} onPassword={(result) => setShown({ result, reason: "reset" })} />
                </div>
              )}
            </QueryState>
          </Panel>
        </>
      )}
    </div>
  );
}
