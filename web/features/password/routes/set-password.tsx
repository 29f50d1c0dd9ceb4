import { Link, useSearchParams } from "react-router";
import { AgencyContactButtons } from "#web/components/agency-contact-buttons.tsx";
import { SetPasswordForm } from "#web/components/set-password-form.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { carried, nextPath, pidParam } from "../lib/next-path.ts";

// /set_password?pid= (ADR 0021): where the code's WhatsApp message leads
// when staff send it by hand, and "I already have a code" after a reset: the
// code and a password of the member's own, then signed in.
export function SetPasswordRoute() {
  const t = useT();
  usePageTitle(t("title.setPassword"));
  const [params] = useSearchParams();
  const pid = pidParam(params);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8" aria-labelledby="set-password-heading">
        <h1 id="set-password-heading" className="m-0 text-2xl font-bold text-maroon-800">
          {t("setPassword.heading")}
        </h1>
        <p className="mb-5 mt-3 text-base text-ink">{pid ? t("setPassword.introFor", { pid }) : t("setPassword.intro")}</p>
        <SetPasswordForm pid={pid} next={nextPath(params)} />
        <Link to={`/forgot_password${carried(params, pid)}`} className="mt-4 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          {t("setPassword.getNewCode")}
        </Link>
      </section>
      <section className="card px-5 py-5 sm:px-8" aria-labelledby="set-password-help-heading">
        <h2 id="set-password-help-heading" className="m-0 text-lg font-bold text-maroon-800">
          {t("setPassword.helpHeading")}
        </h2>
        <p className="m-0 mb-3 mt-2 text-base text-ink">{t("setPassword.helpText")}</p>
        <AgencyContactButtons text={pid ? t("setPassword.helpMessageFor", { pid }) : t("setPassword.helpMessage")} />
      </section>
    </div>
  );
}
