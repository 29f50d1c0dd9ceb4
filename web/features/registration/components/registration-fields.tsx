import { memo, Suspense, useEffect, type ReactNode, type RefObject } from "react";
import { useFormState, useWatch, type Control, type UseFormRegister, type UseFormSetValue, type UseFormTrigger } from "react-hook-form";
import type { Registration } from "#shared/schemas/registration.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { choiceOptions, GENDER_CHOICES, MARRIAGE_CHOICES } from "#web/components/profile-fields/choices.ts";
import { ContactFields } from "#web/components/profile-fields/contact-fields.tsx";
import { BirthDateField, BirthTimeField, ProfilePhotoField } from "#web/components/profile-fields/controlled-fields.tsx";
import { FamilyFields } from "#web/components/profile-fields/family-fields.tsx";
import { EducationDetailsField, WorkFields } from "#web/components/profile-fields/work-fields.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { workVisibility } from "#web/lib/work-visibility.ts";
import { PrivacyConsents } from "./privacy-consents.tsx";
import type { RegistrationFormValues } from "./registration-form.tsx";

interface RegistrationFieldsProps {
  control: Control<RegistrationFormValues, unknown, Registration>;
  register: UseFormRegister<RegistrationFormValues>;
  setValue: UseFormSetValue<RegistrationFormValues>;
  trigger: UseFormTrigger<RegistrationFormValues>;
  /** The version the acknowledgement sends: this page's, or the server's after a 409. */
  noticeVersion: string;
  formRef: RefObject<HTMLFormElement | null>;
  /** Set by a failed Submit: the first invalid field on screen then gets the focus. */
  focusPending: RefObject<boolean>;
  /** Told when a chosen photo's check starts and ends. */
  onCheckingPhoto: (checking: boolean) => void;
}

/** Scrolls to the first invalid field on screen and focuses it; false while none is marked yet. */
export function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * A section of the form. On the prerendered page it stays inert until React
 * has adopted it (the form around it is adopted first): react-hook-form
 * writes its values into a field when it takes the field over, so anything
 * typed there before would be lost.
 */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const adopted = useHydrated();
  return (
    <section aria-labelledby={id} className="form-section" inert={!adopted}>
      <h2 id={id} className="form-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The sections, each in a Suspense boundary nested in the one before it. On
 * the prerendered page React adopts a boundary it finds inside the one it is
 * adopting in a pass of its own, so the form is adopted section by section:
 * a short task each, with that section's effects (its reference lists'
 * requests) in a task of their own, instead of one long task for the whole
 * form on a slow phone's main thread (ADR 0031). Nothing in them suspends
 * once the form's code is there.
 */
function oneAfterAnother(...sections: ReactNode[]): ReactNode {
  return sections.reduceRight<ReactNode>(
    (rest, section) => (
      // biome-ignore lint/correctness/useJsxKeyInIterable: each boundary is the only child of the one before it, never one of siblings
      <Suspense>
        {section}
        {rest}
      </Suspense>
    ),
    null,
  );
}

/**
 * The form's sections, from gender to the privacy choices. Memoized, with
 * props that stay the same while the member types: react-hook-form renders
 * the component that holds the form (RegistrationForm) again, synchronously,
 * as soon as it is mounted (its isReady state). Rendered there, every field
 * would be rendered a second time in the task that adopts the form, and the
 * sections not adopted yet would be adopted at once in that same task (ADR
 * 0031). They render again when what they show changes: the form's errors
 * and the values that decide which fields are shown.
 */
export const RegistrationFields = memo(function RegistrationFields({
  control,
  register,
  setValue,
  trigger,
  noticeVersion,
  formRef,
  focusPending,
  onCheckingPhoto,
}: RegistrationFieldsProps) {
  const t = useT();
  const { errors } = useFormState({ control });
  const [professionType, workingIn, nativeState] = useWatch({ control, name: ["professionType", "workingIn", "nativeState"] });
  const shown = workVisibility(professionType, workingIn);
  const bind = fieldBinder(register, errors);

  // After a failed submit the first invalid field on screen gets the focus,
  // as soon as its message is rendered (react-hook-form may render the
  // errors after onInvalid has run, so every render checks).
  useEffect(() => {
    if (focusPending.current && focusFirstInvalid(formRef.current)) focusPending.current = false;
  });

  return oneAfterAnother(
    <FormSection id="registration-personal" title={t("registration.personal")}>
      <div className="form-grid">
        <SelectField label={t("registration.gender")} required options={choiceOptions(GENDER_CHOICES, t)} {...bind("gender")} />
        <SelectField label={t("registration.marriage")} required options={choiceOptions(MARRIAGE_CHOICES, t)} {...bind("marriage")} />
        <TextField label={t("registration.name")} required autoCapitalize="words" {...bind("name")} />
        <TextField label={t("registration.surname")} required autoCapitalize="words" {...bind("surname")} />
        <LookupSelect list="heights" label={t("registration.height")} required {...bind("height")} />
        <LookupSelect list="religions" label={t("registration.religion")} required {...bind("religion")} />
        <LookupSelect list="subcastes" label={t("registration.subcaste")} required {...bind("subcaste")} />
      </div>
      <div className="mt-5">
        <ProfilePhotoField
          control={control}
          name="photo"
          trigger={trigger}
          label={t("registration.photo")}
          required
          hint={t("registration.photoHint")}
          onCheckingChange={onCheckingPhoto}
        />
      </div>
    </FormSection>,

    <FormSection id="registration-birth" title={t("registration.birth")}>
      <div className="form-grid">
        <BirthDateField control={control} name="dob" label={t("registration.dob")} />
        <BirthTimeField control={control} name="tob" label={t("registration.tob")} />
        <TextField label={t("registration.pob")} required {...bind("pob")} />
        <LookupSelect list="stars" withTelugu label={t("registration.star")} required {...bind("star")} />
        <LookupSelect list="padhams" label={t("registration.padham")} required {...bind("padham")} />
      </div>
    </FormSection>,

    <FormSection id="registration-work" title={t("registration.work")}>
      <div className="form-grid">
        <EducationDetailsField bind={bind} />
        <WorkFields bind={bind} shown={shown} />
      </div>
    </FormSection>,

    <FormSection id="registration-family" title={t("registration.family")}>
      <div className="form-grid">
        <FamilyFields bind={bind} nativeState={nativeState} clearDistrict={() => setValue("nativeDistrict", "")} />
      </div>
    </FormSection>,

    <FormSection id="registration-contact" title={t("registration.contact")}>
      <div className="form-grid">
        <ContactFields bind={bind} mobileHint={t("registration.mobileHint")} />
      </div>
    </FormSection>,

    <FormSection id="registration-privacy" title={t("registration.privacy")}>
      <PrivacyConsents control={control} errors={errors} noticeVersion={noticeVersion} />
    </FormSection>,
  );
});
