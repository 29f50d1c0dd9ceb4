import { INDIA_TIME_ZONE } from "#shared/dates.ts";
import { CONSENT_TEXTS } from "#shared/privacy-notice.ts";
import type { ConsentPurpose } from "#shared/schemas/privacy.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { translate } from "#web/lib/i18n.ts";
import { Message, useIntlLocale, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { useChangeConsents, useConsents } from "../api/consents.ts";

// "Privacy and consents" (ADR 0033): each optional consent with how it stands
// and since when, one tap to give it and one to withdraw it (Rule 3: as easy
// to withdraw as to give), the notice the member agreed to, and when the
// notice in force is newer, a prompt to read it and agree.

const PURPOSES: readonly ConsentPurpose[] = ["publicList", "promotions"];

// India's clock, the agency's, on any phone (shared/dates.ts indiaDate).
const MOMENT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: INDIA_TIME_ZONE };
const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" };

/** A notice version is the day it was published (yyyy-MM-dd). */
function versionText(version: string, locale: string): string {
  const date = new Date(`${version}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? version : new Intl.DateTimeFormat(locale, DAY).format(date);
}

function since(granted: boolean, at: string | null, locale: string): string {
  if (!at) return translate(granted ? "editProfile.consents.given" : "editProfile.consents.notGiven");
  const date = new Intl.DateTimeFormat(locale, MOMENT).format(new Date(at));
  return translate(granted ? "editProfile.consents.givenSince" : "editProfile.consents.notGivenSince", { date });
}

function failureText(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.error;
  return translate("editProfile.consents.saveFailed");
}

export function ConsentsPanel() {
  const t = useT();
  const language = useLanguage();
  const locale = useIntlLocale();
  const consents = useConsents();
  const change = useChangeConsents();
  const state = consents.data;
  const running = change.isPending ? change.variables : null;
  const outdated = state ? state.noticeVersion !== state.currentNoticeVersion : false;

  return (
    <section className="card px-4 py-5 sm:px-6" aria-labelledby="consents-heading" aria-busy={change.isPending}>
      <h2 id="consents-heading" className="m-0 text-xl font-bold text-maroon-800">
        {t("editProfile.consents.heading")}
      </h2>
      {consents.isPending ? <p className="m-0 mt-3 text-base text-ink-muted">{t("common.loading")}</p> : null}
      {consents.isError ? (
        <Alert tone="error" className="mt-3">
          {failureText(consents.error)}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void consents.refetch()}>
            {t("common.tryAgain")}
          </button>
        </Alert>
      ) : null}
      {state ? (
        <>
          {outdated ? (
            <Alert tone="info" className="mt-3">
              <p className="m-0">
                {t(state.noticeVersion ? "editProfile.consents.noticeChanged" : "editProfile.consents.noticeNotAgreed")}{" "}
                <Message
                  id="editProfile.consents.readNotice"
                  // biome-ignore lint/a11y/useAnchorContent: Message fills the link with the catalogue's <0>text</0>.
                  components={{ 0: <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline" /> }}
                />
              </p>
              <button
                type="button"
                className="btn-primary mt-2"
                disabled={change.isPending}
                // The version the prompt is about: agreeing is recorded for it, and only by this button (ADR 0033).
                onClick={() => change.mutate({ noticeVersion: state.currentNoticeVersion })}
              >
                {t("editProfile.consents.agree")}
              </button>
            </Alert>
          ) : null}
          <ul className="m-0 mt-2 list-none p-0">
            {PURPOSES.map((purpose) => {
              const { granted, at } = state[purpose];
              const text = CONSENT_TEXTS[language][purpose];
              return (
                <li
                  key={purpose}
                  className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
                  data-testid={`consent-${purpose}`}
                >
                  <div className="min-w-0">
                    <p className="m-0 font-semibold">{text.label}</p>
                    <p className="m-0 text-base">{text.sentence}</p>
                    {/* English keeps the Telugu sentence beside its own; in Telugu it would say the same twice. */}
                    {language === "en" ? (
                      <p lang="te" className="m-0 text-sm text-ink-muted">
                        {CONSENT_TEXTS.te[purpose].sentence}
                      </p>
                    ) : null}
                    <p className={`m-0 mt-1 text-base font-semibold ${granted ? "text-green-800" : "text-ink-muted"}`}>{since(granted, at, locale)}</p>
                  </div>
                  <button
                    type="button"
                    className={`${granted ? "btn-quiet" : "btn-primary"} shrink-0 sm:min-w-40`}
                    disabled={change.isPending}
                    aria-label={t(granted ? "editProfile.consents.withdrawLabel" : "editProfile.consents.giveLabel", { label: text.label })}
                    onClick={() => change.mutate({ [purpose]: !granted })}
                  >
                    {running?.[purpose] !== undefined ? t("editProfile.saving") : t(granted ? "editProfile.consents.withdraw" : "editProfile.consents.give")}
                  </button>
                </li>
              );
            })}
          </ul>
          <div aria-live="polite">
            {change.isError ? (
              <Alert tone="error" live={false} className="mt-2">
                {failureText(change.error)}
              </Alert>
            ) : null}
          </div>
          <p className="m-0 mt-2 text-sm text-ink-muted">
            {state.noticeVersion ? t("editProfile.consents.agreedTo", { date: versionText(state.noticeVersion, locale) }) : t("editProfile.consents.noneAgreed")}{" "}
            <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline">
              {t("editProfile.consents.noticeLink")}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
