import { useEffect, useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import { PADHAMS_PER_STAR, raasiOf, STAR_COUNT } from "#shared/astro/raasi.ts";
import { translate } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { parseDisplayDate, parseDisplayTime } from "#shared/schemas/profile-fields.ts";
import { personalDataSchema, type PersonalData } from "#shared/schemas/profile-edit.ts";
import { AgencyContactButtons } from "#web/components/agency-contact-buttons.tsx";
import { DateField, TimeField } from "#web/components/ui/date-field.tsx";
import { useUnsavedChanges } from "#web/components/leave-guard.tsx";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { choiceOptions, GENDER_CHOICES, MARRIAGE_CHOICES } from "#web/components/profile-fields/choices.ts";
import { ProfilePhotoField } from "#web/components/profile-fields/controlled-fields.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { isCheckedPhoto, photoError, shrinkPhoto, type PhotoValue } from "#web/lib/photo.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useUpdatePersonalData } from "../api/update-personal-data.ts";
import { displayDate, displayTime, idText } from "#web/components/profile-fields/record-values.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

interface PersonalFormValues {
  name: string;
  surname: string;
  pob: string;
  star: string;
  padham: string;
  raasi: string;
  subcaste: string;
  religion: string;
  marriage: string;
  photo: PhotoValue;
}
type TextName = Exclude<keyof PersonalFormValues, "photo">;
const TEXT_NAMES: readonly TextName[] = ["name", "surname", "pob", "star", "padham", "raasi", "subcaste", "religion", "marriage"];

function toValues(user: OwnRecord): PersonalFormValues {
  return {
    name: user.name,
    surname: user.surName,
    pob: user.birthPlace,
    star: idText(user.star),
    padham: idText(user.padham),
    raasi: idText(user.raasi),
    subcaste: idText(user.subCaste),
    religion: idText(user.religion),
    marriage: idText(user.marriageTurn),
    photo: null,
  };
}

/**
 * Gender, dob, tob and height are shown but cannot be changed (§ "2. Screens and routes");
 * the server keeps its own values. They are still sent as the contract lists
 * them, but only in a form the shared schema accepts, so that an odd stored
 * value can never block a save.
 */
function fixedTexts(user: OwnRecord): Partial<Record<"dob" | "tob" | "height", string>> {
  const texts: Partial<Record<"dob" | "tob" | "height", string>> = { height: String(user.height) };
  const dob = displayDate(user.birthDate);
  const tob = displayTime(user.birthTime);
  if (parseDisplayDate(dob)) texts.dob = dob;
  if (parseDisplayTime(tob)) texts.tob = tob;
  return texts;
}

function texts(values: PersonalFormValues): Record<TextName, string> {
  const result = {} as Record<TextName, string>;
  for (const name of TEXT_NAMES) result[name] = values[name];
  return result;
}

const noop = () => undefined;

/** The raasi that star and padham (the form's texts) fall in, or undefined while either is not chosen. */
function raasiFollowing(star: string | undefined, padham: string | undefined): string | undefined {
  const [starId, padhamId] = [Number(star), Number(padham)];
  if (!Number.isInteger(starId) || starId < 1 || starId > STAR_COUNT) return undefined;
  if (!Number.isInteger(padhamId) || padhamId < 1 || padhamId > PADHAMS_PER_STAR) return undefined;
  return String(raasiOf(starId, padhamId));
}

/**
 * The fields above are locked because matches and matching points are worked
 * out from them; a wrong birth time is common, and the agency's console
 * corrects it (ADR 0022). The member is told so, with a way to ask.
 */
function LockedFieldsNote({ pid }: { pid: number }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-saffron-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="m-0 text-base text-ink">{t("editProfile.lockedNote")}</p>
      <div className="shrink-0 sm:w-64">
        <AgencyContactButtons text={t("editProfile.correctionMessage", { pid })} />
      </div>
    </div>
  );
}

/** The Personal tab: PUT /api/profile_personal_data (multipart, optional new photo). */
export function PersonalForm({ user }: { user: OwnRecord }) {
  const t = useT();
  // Under each field a member cannot change: why it is grey.
  const lockedHint = t("editProfile.lockedHint");
  const save = useUpdatePersonalData(user.pid);
  const alert = useTimedAlert();
  // Shrinking a big photo takes a moment before the upload starts.
  const [preparing, setPreparing] = useState(false);
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const values = useMemo(() => toValues(user), [user]);

  const resolver = useMemo<Resolver<PersonalFormValues, unknown, PersonalData>>(() => {
    const schemaResolver = zodMiniResolver<PersonalFormValues, typeof personalDataSchema>(personalDataSchema, (form) => ({
      ...texts(form),
      ...fixedTexts(user),
    }));
    return async (form, context, options) => {
      const result = await schemaResolver(form, context, options);
      // On edit the photo is optional (§ "5. Validation rules"): only a refused one stops the save.
      const problem = photoError(form.photo, false);
      if (!problem) return result;
      return { values: {}, errors: { ...result.errors, photo: { type: "photo", message: problem } } };
    };
  }, [user]);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    trigger,
    watch,
    formState: { errors, isDirty },
  } = useForm<PersonalFormValues, unknown, PersonalData>({ resolver, values });
  // Leaving with changes not saved asks first; a saved form is clean again (its values are the saved profile's).
  useUnsavedChanges(isDirty && !preparing && !save.isPending);
  const bind = fieldBinder(register, errors);

  // The raasi follows a new star or padham (a member who corrects the star
  // would otherwise save the old raasi with it); it stays the member's to
  // choose after that. Only the member's own changes move it, not the saved
  // profile arriving.
  useEffect(() => {
    const { unsubscribe } = watch((form, { name, type }) => {
      if (type !== "change" || (name !== "star" && name !== "padham")) return;
      const raasi = raasiFollowing(form.star, form.padham);
      if (raasi) setValue("raasi", raasi, { shouldDirty: true });
    });
    return unsubscribe;
  }, [watch, setValue]);

  const onValid = async () => {
    alert.clear();
    const form = getValues();
    const formData = new FormData();
    for (const [name, value] of Object.entries({ ...texts(form), ...fixedTexts(user) })) formData.append(name, value);
    if (isCheckedPhoto(form.photo)) {
      setPreparing(true);
      try {
        const file = await shrinkPhoto(form.photo);
        formData.append("photo", file, file.name);
      } finally {
        setPreparing(false);
      }
    }
    save.mutate(formData, {
      onSuccess: () => {
        // The saved photo is now the profile's current one.
        setValue("photo", null);
        alert.show("success", () => translate("editProfile.personalSaved"));
      },
      onError: (error) => {
        showServerFieldErrors<PersonalFormValues>(error, setError, [...TEXT_NAMES, "photo"]);
        alert.show("error", saveFailedText);
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={preparing || save.isPending}>
      <div className="form-grid">
        <SelectField label={t("registration.gender")} options={choiceOptions(GENDER_CHOICES, t)} value={user.gender} disabled onChange={noop} hint={lockedHint} />
        <SelectField label={t("registration.marriage")} required options={choiceOptions(MARRIAGE_CHOICES, t)} {...bind("marriage")} />
        <TextField label={t("registration.name")} required autoCapitalize="words" translate="no" {...bind("name")} />
        <TextField label={t("registration.surname")} required autoCapitalize="words" translate="no" {...bind("surname")} />
        <DateField label={t("registration.dob")} name="dob" value={displayDate(user.birthDate)} onChange={noop} disabled hint={lockedHint} />
        <TimeField label={t("registration.tob")} name="tob" value={displayTime(user.birthTime)} onChange={noop} disabled hint={lockedHint} />
        <TextField label={t("registration.pob")} required translate="no" {...bind("pob")} />
        <LookupSelect list="heights" label={t("registration.height")} value={String(user.height)} disabled onChange={noop} hint={lockedHint} />
        <LookupSelect list="stars" withTelugu label={t("registration.star")} required {...bind("star")} />
        <LookupSelect list="padhams" label={t("registration.padham")} required {...bind("padham")} />
        <LookupSelect list="raasis" withTelugu label={t("fullProfile.raasi")} {...bind("raasi")} />
        <LookupSelect list="religions" label={t("registration.religion")} required {...bind("religion")} />
        <LookupSelect list="subcastes" label={t("registration.subcaste")} required {...bind("subcaste")} />
      </div>
      <LockedFieldsNote pid={user.pid} />
      <ProfilePhotoField
        control={control}
        name="photo"
        trigger={trigger}
        label={t("editProfile.changePhoto")}
        hint={t("editProfile.photoHint")}
        currentUrl={user.s3PhotoKey ? `/images/${user.s3PhotoKey}` : undefined}
        onCheckingChange={setCheckingPhoto}
      />
      <SaveBar saving={preparing || save.isPending} checkingPhoto={checkingPhoto} message={alert.message} />
    </form>
  );
}
