import { useId } from "react";
import { Controller, type Control, type FieldErrors } from "react-hook-form";
import { CONSENT_TEXTS } from "#shared/privacy-notice.ts";
import type { Registration } from "#shared/schemas/registration.ts";
import type { ConsentPurpose } from "#shared/schemas/privacy.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { schemaMessage } from "#web/lib/schema-message.ts";
import type { RegistrationFormValues } from "./registration-form.tsx";

// The privacy part of registration (DPDP Rules 2025, Rule 3; ADR 0033): the
// notice, opened in a new tab so that nothing typed here is lost; a required
// "I have read it", which sends the version read; and the two optional
// consents, unticked, each in one plain sentence; in English with its Telugu
// beside it, as the notice's own texts (shared/privacy-notice.ts) give them.

const PURPOSES: readonly ConsentPurpose[] = ["publicList", "promotions"];

const boxClass = "mt-0.5 h-6 w-6 shrink-0 cursor-pointer accent-maroon-700";
const rowClass = "flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line px-3 py-3 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50";

/** The notice opens in the app's language (the new tab shares this device's `lang` cookie); in English the Telugu notice is one tap away too. */
export function NoticeLinks() {
  const t = useT();
  const language = useLanguage();
  return (
    <p className="m-0 text-base">
      <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline">
        {t("registration.readNotice")}
      </a>{" "}
      {language === "en" ? (
        <>
          ·{" "}
          <a href="/privacy?lang=te" target="_blank" rel="noopener" lang="te" className="font-semibold text-maroon-800 underline">
            {t("registration.readNoticeTelugu")}
          </a>{" "}
        </>
      ) : null}
      <span className="text-ink-muted">{t("registration.opensNewTab")}</span>
    </p>
  );
}

export function PrivacyConsents({
  control,
  errors,
  noticeVersion,
}: {
  control: Control<RegistrationFormValues, unknown, Registration>;
  errors: FieldErrors<RegistrationFormValues>;
  /** The version the acknowledgement sends: this page's, or the server's after a 409. */
  noticeVersion: string;
}) {
  const t = useT();
  const language = useLanguage();
  const errorId = useId();
  const noticeError = errors.noticeVersion?.message;
  return (
    <div className="flex flex-col gap-4">
      <NoticeLinks />
      <Controller
        control={control}
        name="noticeVersion"
        render={({ field }) => (
          <div>
            <label className={rowClass}>
              <input
                ref={field.ref}
                type="checkbox"
                name={field.name}
                className={boxClass}
                checked={field.value === noticeVersion}
                onChange={(event) => field.onChange(event.target.checked ? noticeVersion : "")}
                onBlur={field.onBlur}
                required
                aria-invalid={noticeError ? true : undefined}
                aria-describedby={noticeError ? errorId : undefined}
              />
              <span className="text-base font-semibold">
                {t("registration.agreeNotice")}{" "}
                <span aria-hidden="true" className="text-red-800">
                  *
                </span>
              </span>
            </label>
            {noticeError ? (
              <p id={errorId} className="field-error">
                {schemaMessage(noticeError)}
              </p>
            ) : null}
          </div>
        )}
      />
      <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
        <legend className="field-label">{t("registration.choices")}</legend>
        {PURPOSES.map((purpose) => (
          <Controller
            key={purpose}
            control={control}
            name={`consents.${purpose}`}
            render={({ field }) => (
              <label className={rowClass}>
                <input
                  ref={field.ref}
                  type="checkbox"
                  name={field.name}
                  className={boxClass}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
                <span className="flex flex-col gap-1">
                  <span className="text-base font-semibold">{CONSENT_TEXTS[language][purpose].label}</span>
                  <span className="text-base">{CONSENT_TEXTS[language][purpose].sentence}</span>
                  {language === "en" ? (
                    <span lang="te" className="text-sm text-ink-muted">
                      {CONSENT_TEXTS.te[purpose].sentence}
                    </span>
                  ) : null}
                </span>
              </label>
            )}
          />
        ))}
      </fieldset>
    </div>
  );
}
