import { useNavigate } from "react-router";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useStaffSignOut } from "../api/sign-out.ts";
import { OwnPasswordForm } from "../components/own-password-form.tsx";
import { Panel } from "../components/panel.tsx";
import { roleLabel } from "../lib/labels.ts";
import { useStoredStaff } from "../lib/staff-session.ts";

// /agency/account: who is signed in, their own password, and signing out.
export function AccountRoute() {
  usePageTitle("Your account | Agency console");
  const staff = useStoredStaff();
  const navigate = useNavigate();
  const signOut = useStaffSignOut(() => navigate("/agency", { replace: true }));

  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Your account</h1>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Panel title="Signed in as">
          <dl className="m-0 mb-4 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-base">
            <dt className="text-sm font-semibold text-ink-muted">Name</dt>
            <dd className="m-0">{staff?.name}</dd>
            <dt className="text-sm font-semibold text-ink-muted">Username</dt>
            <dd className="m-0">{staff?.username}</dd>
            <dt className="text-sm font-semibold text-ink-muted">Role</dt>
            <dd className="m-0">{staff ? roleLabel(staff.role) : null}</dd>
          </dl>
          <button type="button" className="btn-outline w-full sm:w-auto" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? "Signing out..." : "Sign out"}
          </button>
        </Panel>
        <Panel title="Change your password">
          <OwnPasswordForm />
        </Panel>
      </div>
    </div>
  );
}
