import { useEffect, useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { DEFAULT_NATIVE_COUNTRY, DELAYS } from "#shared/constants.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import type { ConsentChoices } from "#shared/schemas/privacy.ts";
import { wireDisplayDate } from "#shared/schemas/profile-fields.ts";
import { registrationSchema, type Registration, type RegistrationField } from "#shared/schemas/registration.ts";
import { LeaveGuard, useUnsavedChanges } from "#web/components/leave-guard.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { TimedAlert, useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { failureReason } from "#web/lib/failure-reason.ts";
import { translate } from "#web/lib/i18n.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { isCheckedPhoto, photoError, shrinkPhoto, type PhotoValue } from "#web/lib/photo.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { withoutHiddenWork } from "#web/lib/work-visibility.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { getNoticeVersion } from "../api/get-notice-version.ts";
import { useSaveNewRegistration } from "../api/save-new-registration.ts";
import type { RegisteredState } from "../routes/registered.tsx";
import { NoticeLinks } from "./privacy-consents.tsx";
import { focusFirstInvalid, RegistrationFields } from "./registration-fields.tsx";

type TextFieldName = Exclude<RegistrationField, "photo" | "consents">;

/**
 * The form holds what the member typed and chose, as strings (selects send ""
 * for nothing chosen; noticeVersion is the version read, or "" while the
 * acknowledgement is unticked), and the two optional consents as ticks.
 */
export type RegistrationFormValues = Record<TextFieldName, string> & { photo: PhotoValue; consents: Required<ConsentChoices> };

// Every field of the payload, in the order the form shows them; the Record
// type makes the compiler catch a field added to the shared schema but not here.
const EMPTY_TEXTS: Record<TextFieldName, string> = {
  gender: "",
  marriage: "",
  name: "",
  surname: "",
  height: "",
  religion: "",
  subcaste: "",
  dob: "",
  tob: "",
  pob: "",
  star: "",
  padham: "",
  educationDetails: "",
  professionType: "",
  workingIn: "",
  incomePerYear: "",
  workingCity: "",
  workingCountry: "",
  abroadWorkingCity: "",
  workVisa: "",
  professionDetails: "",
  fatherName: "",
  fatherJob: "",
  motherName: "",
  motherJob: "",
  nativeCountry: String(DEFAULT_NATIVE_COUNTRY),
  nativeState: "",
  nativeDistrict: "",
  residingCity: "",
  mobile: "",
  alternateMobile: "",
  email: "",
  address: "",
  noticeVersion: "",
};
const NO_CONSENTS: Required<ConsentChoices> = { publicList: false, promotions: false };
const TEXT_FIELDS = Object.keys(EMPTY_TEXTS) as TextFieldName[];

/** The texts the member can see; hidden working details are left out. */
function visibleTexts(values: RegistrationFormValues): Record<TextFieldName, string> {
  const texts = {} as Record<TextFieldName, string>;
  for (const name of TEXT_FIELDS) texts[name] = values[name];
  return withoutHiddenWork(texts);
}

const schemaResolver = zodMiniResolver<RegistrationFormValues, typeof registrationSchema>(registrationSchema, (values) => ({
  ...visibleTexts(values),
  consents: values.consents,
}));

/** The shared schema checks the texts; the photo, which it leaves to the server's pipeline, is checked here. */
const resolver: Resolver<RegistrationFormValues, unknown, Registration> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const problem = photoError(values.photo, true);
  if (!problem) return result;
  return { values: {}, errors: { ...result.errors, photo: { type: "photo", message: problem } } };
};

/**
 * The multipart body: the texts as typed (the server parses them with the
 * same schema, so they are not sent pre-parsed) and the photo, made smaller
 * when it is big.
 */
async function toFormData(values: RegistrationFormValues): Promise<FormData> {
  const formData = new FormData();
  // A date of birth typed 15-08-1994 or 15.08.1994 goes as the contract writes it, 15/08/1994.
  const texts = { ...visibleTexts(values), dob: wireDisplayDate(values.dob) };
  for (const [name, value] of Object.entries(texts)) formData.append(name, value);
  // One JSON text, as the shared schema reads it from a multipart body (ADR 0033).
  formData.append("consents", JSON.stringify(values.consents));
  if (isCheckedPhoto(values.photo)) {
    const file = await shrinkPhoto(values.photo);
    formData.append("photo", file, file.name);
  }
  return formData;
}

/**
 * § "8. Error catalogue": the server's text, otherwise "Data incorrect or you have
 * already registered.", or "Check your WhatsApp contact number." when the
 * WhatsApp number is what failed. A submit that got no answer says so: the
 * member's data was never judged (ADR 0023).
 */
function failureText(error: unknown): string {
  if (isApiError(error) && error.code === "NOTICE_CHANGED") return translate("registration.noticeChanged");
  if (isApiError(error) && error.fromServer && error.error) return error.error;
  if (isApiError(error) && (error.code === "NETWORK_ERROR" || error.code === "TIMEOUT")) return failureReason(error);
  const aboutMobile = isApiError(error) && (error.code === "CONFLICT" || error.fields?.mobile !== undefined);
  return aboutMobile ? translate("registration.checkWhatsapp") : translate("registration.failedDefault");
}

/** The error dialog's text (§ "8. Error catalogue"); success goes on to its own page. */
type Outcome = { kind: "error"; text: string; noticeChanged?: boolean } | null;

export function RegistrationForm() {
  const t = useT();
  const navigate = useNavigate();
  // The form's code arrives after the rest of the page (routes/new-registration.tsx):
  // until React has adopted the prerendered form, typing there would be lost
  // and a tap on Submit would send the form as a plain page request.
  const hydrated = useHydrated();
  const save = useSaveNewRegistration();
  const banner = useTimedAlert(DELAYS.requiredFieldsBanner);
  const formRef = useRef<HTMLFormElement>(null);
  const [preparing, setPreparing] = useState(false);
  // Submit waits for a chosen photo's check: until then the form has no photo (ADR 0013).
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The notice version the acknowledgement sends; the server's after a 409.
  const [noticeVersion, setNoticeVersion] = useState(NOTICE_VERSION);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    trigger,
    formState: { isDirty },
  } = useForm<RegistrationFormValues, unknown, Registration>({
    resolver,
    defaultValues: { ...EMPTY_TEXTS, photo: null, consents: NO_CONSENTS },
    // Focus goes to the first invalid field on screen (RegistrationFields),
    // which is not always the first one registered.
    shouldFocusError: false,
  });
  const focusPending = useRef(false);
  // The fields the server refused are marked while its dialog is open; the
  // first of them gets the focus once the dialog is closed (the dialog gives
  // the focus back to Submit first).
  const focusAfterDialog = useRef(false);
  useEffect(() => {
    if (outcome !== null || !focusAfterDialog.current) return;
    focusAfterDialog.current = false;
    focusFirstInvalid(formRef.current);
  }, [outcome]);

  const onValid = async () => {
    const values = getValues();
    setPreparing(true);
    let formData: FormData;
    try {
      formData = await toFormData(values);
    } finally {
      setPreparing(false);
    }
    const at = Date.now();
    save.mutate(formData, {
      // A page, not a dialog (ADR 0021): the Profile ID and the code to set a password.
      onSuccess: (registration) => navigate(`/registered?pid=${registration.pid}`, { state: { registration, at } satisfies RegisteredState }),
      onError: (error) => {
        // The server checks with the same schema; its per-field messages go
        // under the fields too.
        if (isApiError(error)) {
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            if (name in EMPTY_TEXTS || name === "photo") setError(name as keyof RegistrationFormValues, { type: "server", message });
          }
        }
        const noticeChanged = isApiError(error) && error.code === "NOTICE_CHANGED";
        if (noticeChanged) void onNoticeChanged();
        focusAfterDialog.current = true;
        setOutcome({ kind: "error", text: failureText(error), noticeChanged });
      },
    });
  };

  // The acknowledgement is for the notice in force: it is unticked until the
  // member has read the new one (if the server cannot be asked, this page's
  // version stays and the next Submit says so again).
  const onNoticeChanged = async () => {
    setValue("noticeVersion", "");
    try {
      setNoticeVersion(await getNoticeVersion());
    } catch {
      // Keeps this page's version.
    }
  };

  const onInvalid = () => {
    banner.show("error", () => translate("registration.requiredFields"));
    focusPending.current = true;
  };

  const saving = preparing || save.isPending;
  // A registered member must not be registered twice by a second tap.
  const done = save.isSuccess;
  // Leaving with what was typed asks first, not while it is sent nor once it is registered (the next page opens).
  useUnsavedChanges(isDirty && !saving && !done);

  return (
    <>
      <form ref={formRef} inert={!hydrated} noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} className="flex flex-col gap-6" aria-busy={saving}>
        <p className="text-base text-ink-muted">
          <Message id="registration.requiredNote" components={{ 0: <span className="font-semibold text-red-800" /> }} />
        </p>

        <RegistrationFields
          control={control}
          register={register}
          setValue={setValue}
          trigger={trigger}
          noticeVersion={noticeVersion}
          formRef={formRef}
          focusPending={focusPending}
          onCheckingPhoto={setCheckingPhoto}
        />

        <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:justify-end">
          <button type="submit" className="btn-primary sm:min-w-60" disabled={saving || done || checkingPhoto}>
            {saving ? t("registration.saving") : checkingPhoto ? t("photo.checking") : t("registration.submit")}
          </button>
        </div>
      </form>

      {/* Fixed to the bottom of the screen: the member tapped Submit at the
          end of a long form, and focus has just moved to the first problem. */}
      <TimedAlert message={banner.message} className="fixed inset-x-0 bottom-3 z-40 mx-auto w-[calc(100%-1.5rem)] max-w-xl" alertClassName="font-semibold shadow-lg" />

      <LeaveGuard />

      <Dialog
        open={outcome?.kind === "error"}
        tone="error"
        title={t("registration.failedTitle")}
        onDismiss={() => setOutcome(null)}
        actions={
          <button type="button" className="btn-primary sm:min-w-32" onClick={() => setOutcome(null)}>
            {t("registration.ok")}
          </button>
        }
      >
        <p>{outcome?.kind === "error" ? outcome.text : null}</p>
        {outcome?.noticeChanged ? (
          <p className="mt-3">
            <NoticeLinks />
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
