import { Link, useSearchParams } from "react-router";
import { NOTICE_LANGUAGES, type NoticeLanguage } from "../../../../shared/privacy-notice.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useHasToken } from "../../../lib/session.ts";
import { usePrivacy } from "../api/get-privacy.ts";
import { DataRequestForm } from "../components/data-request-form.tsx";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { NoticeView } from "../components/notice-view.tsx";

// /privacy (ADR 0033, "Screens"): the privacy notice for anyone, in English or
// Telugu (?lang=te, so a link can open either), whom to ask, and for a
// signed-in member a request form. Opened from the registration form in a
// new tab, so nothing typed there is lost.

function languageParam(value: string | null): NoticeLanguage {
  return NOTICE_LANGUAGES.find((language) => language === value) ?? "en";
}

export function PrivacyRoute() {
  const [params, setParams] = useSearchParams();
  const language = languageParam(params.get("lang"));
  usePageTitle(language === "te" ? "గోప్యతా ప్రకటన" : "Privacy notice");
  const privacy = usePrivacy();
  const signedIn = useHasToken();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <LanguageSwitch value={language} onChange={(next) => setParams(next === "en" ? {} : { lang: next }, { replace: true })} />
      {privacy.isError ? (
        <Alert tone="error">
          The agency's contact could not be loaded.{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void privacy.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}
      <NoticeView language={language} info={privacy.data} />

      <section aria-labelledby="privacy-request" className="card flex flex-col gap-3 px-4 py-5 sm:px-6">
        <h2 id="privacy-request" className="m-0 text-xl font-bold text-maroon-800">
          Make a request
        </h2>
        {signedIn ? (
          <DataRequestForm />
        ) : (
          <p className="m-0 text-base">
            Members can send a request from here after they{" "}
            <Link to="/login" className="font-semibold text-maroon-800 underline">
              log in
            </Link>
            . Anyone can call or write to the contact above.
          </p>
        )}
      </section>
    </div>
  );
}
