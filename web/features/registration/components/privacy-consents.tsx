import { useId } from "react";
import { Controller, type Control, type FieldErrors } from "react-hook-form";
import { CONSENT_TEXTS } from "../../../../shared/privacy-notice.ts";
import type { Registration } from "../../../../shared/schemas/registration.ts";
import type { ConsentPurpose } from "../../../../shared/schemas/privacy.ts";
import type { RegistrationFormValues } from "./registration-form.tsx";

// The privacy part of registration (DPDP Rules 2025, Rule 3; ADR 0033): the
// notice, opened in a new tab so that nothing typed here is lost; a required
// "I have read it", which sends the version read; and the two optional
// consents, unticked, each in one plain sentence with its Telugu beside it.

const PURPOSES: readonly ConsentPurpose[] = ["publicList", "promotions"];

const boxClass = "mt-0.5 h-6 w-6 shrink-0 cursor-pointer accent-maroon-700";
const rowClass = "flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line px-3 py-3 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50";

export function NoticeLinks() {
  return (
    <p className="m-0 text-base">
      <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline">
        Read the privacy notice
      </a>{" "}
      ·{" "}
      <a href="/privacy?lang=te" target="_blank" rel="noopener" lang="te" className="font-semibold text-maroon-800 underline">
        తెలుగులో చదవండి
      </a>{" "}
      <span className="text-ink-muted">(opens in a new tab; what you typed here stays)</span>
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
                I have read the privacy notice and agree to it <span aria-hidden="true" className="text-red-800">*</span>
              </span>
            </label>
            {noticeError ? (
              <p id={errorId} className="field-error">
                {noticeError}
              </p>
            ) : null}
          </div>
        )}
      />
      <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
        <legend className="field-label">Your choices (optional, you can change them later in Edit Profile)</legend>
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
                  <span className="text-base font-semibold">{CONSENT_TEXTS.en[purpose].label}</span>
                  <span className="text-base">{CONSENT_TEXTS.en[purpose].sentence}</span>
                  <span lang="te" className="text-sm text-ink-muted">
                    {CONSENT_TEXTS.te[purpose].sentence}
                  </span>
                </span>
              </label>
            )}
          />
        ))}
      </fieldset>
    </div>
  );
}
