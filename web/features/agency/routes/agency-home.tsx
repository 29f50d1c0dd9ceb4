import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { agency } from "#web/lib/agency.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { StaffSignInForm } from "../components/staff-sign-in-form.tsx";
import { useHasStaffToken } from "../lib/staff-session.ts";

/** Only console paths are followed after sign-in: `next` comes from the address bar. */
function safeNext(next: string | null): string {
  return next && /^\/agency\/[\w/?=&%.+-]*$/.test(next) ? next : "/agency/members";
}

// /agency: the console's sign-in, or the members list once signed in.
export function AgencyHomeRoute() {
  usePageTitle("Agency console");
  const signedIn = useHasStaffToken();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get("next"));

  if (signedIn) return <Navigate to={next} replace />;

  return (
    <div className="mx-auto mt-4 max-w-md">
      <div className="card border-t-4 border-t-maroon-700 px-5 py-6 sm:px-7">
        <p className="m-0 text-base font-semibold text-ink-muted">{agency().name}</p>
        <h1 className="m-0 mb-1 text-2xl font-bold text-maroon-800">Agency console</h1>
        <p className="m-0 mb-5 text-base text-ink-muted">
          For the agency's staff. Members sign in on the{" "}
          <Link to="/login" className="text-maroon-800 underline underline-offset-2">
            Login page
          </Link>
          .
        </p>
        <StaffSignInForm onSignedIn={() => navigate(next, { replace: true })} />
      </div>
    </div>
  );
}
