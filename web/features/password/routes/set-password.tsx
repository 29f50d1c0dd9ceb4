import { Link, useSearchParams } from "react-router";
import { AgencyContactButtons } from "../../../components/agency-contact-buttons.tsx";
import { SetPasswordForm } from "../../../components/set-password-form.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { carried, nextPath, pidParam } from "../lib/next-path.ts";

// /set_password?pid= (ADR 0021): where the code's WhatsApp message leads
// when staff send it by hand, and "I already have a code" after a reset: the
// code and a password of the member's own, then signed in.
export function SetPasswordRoute() {
  usePageTitle("Set your password");
  const [params] = useSearchParams();
  const pid = pidParam(params);


  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8" aria-labelledby="set-password-heading">
        <h1 id="set-password-heading" className="m-0 text-2xl font-bold text-maroon-800">
          Set your password
        </h1>
        <p className="mb-5 mt-3 text-base text-ink">
          Enter the 6-digit code the agency sent to your WhatsApp{pid ? ` for Profile ID ${pid}` : ""}, and choose a password of your own.
        </p>
        <SetPasswordForm pid={pid} next={nextPath(params)} />
        <Link to={`/forgot_password${carried(params, pid)}`} className="mt-4 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          No code, or it expired? Get a new code
        </Link>
      </section>
      <section className="card px-5 py-5 sm:px-8" aria-labelledby="set-password-help-heading">
        <h2 id="set-password-help-heading" className="m-0 text-lg font-bold text-maroon-800">
          Need help?
        </h2>
        <p className="m-0 mb-3 mt-2 text-base text-ink">Call or WhatsApp the agency.</p>
        <AgencyContactButtons text={pid ? `Namaste, I need help setting the password of Profile ID ${pid}.` : "Namaste, I need help setting my password."} />
      </section>
    </div>
  );
}
