import { Link, useSearchParams } from "react-router";
import { NOTICE_LANGUAGES, type NoticeLanguage } from "#shared/privacy-notice.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Message, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useHasToken } from "#web/lib/use-has-token.ts";
import { usePrivacy } from "../api/get-privacy.ts";
import { DataRequestForm } from "../components/data-request-form.tsx";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { NoticeView } from "../components/notice-view.tsx";

// /privacy (ADR 0033, "Screens"): the privacy notice for anyone, in English or
// Telugu, whom to ask, and for a signed-in member a request form. Opened from
// the registration form in a new tab, so nothing typed there is lost. The
// notice is in the app's language (ADR 0040) unless the address names one
// (?lang=te, so a link can open either), and its own tabs switch it alone.

function languageParam(value: string | null): NoticeLanguage | undefined {
  return NOTICE_LANGUAGES.find((language) => language === value);
}

export function PrivacyRoute() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const appLanguage = useLanguage();
  const language = languageParam(params.get("lang")) ?? appLanguage;
  usePageTitle(t("title.privacy"));
  const privacy = usePrivacy();
  const signedIn = useHasToken();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <LanguageSwitch value={language} onChange={(next) => setParams(next === "en" ? {} : { lang: next }, { replace: true })} />
      {privacy.isError ? (
        <Alert tone="error">
          {t("privacy.contactFailed")}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void privacy.refetch()}>
            {t("privacy.tryAgain")}
          </button>
        </Alert>
      ) : null}
      <NoticeView language={language} info={privacy.data} />

      <section aria-labelledby="privacy-request" className="card flex flex-col gap-3 px-4 py-5 sm:px-6">
        <h2 id="privacy-request" className="m-0 text-xl font-bold text-maroon-800">
          {t("privacy.requestHeading")}
        </h2>
        {signedIn ? (
          <DataRequestForm />
        ) : (
          <p className="m-0 text-base">
            <Message id="privacy.membersAfterLogin" components={{ 0: <Link to="/login" className="font-semibold text-maroon-800 underline" /> }} />
          </p>
        )}
      </section>
    </div>
  );
}
