import { useMemo, useState } from "react";
import { useController, useForm, type Resolver } from "react-hook-form";
import type { OwnRecord } from "../../../../shared/api-types.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { parseDisplayDate, parseDisplayTime } from "../../../../shared/schemas/profile-fields.ts";
import { personalDataSchema, type PersonalData } from "../../../../shared/schemas/profile-edit.ts";
import { AgencyContactButtons } from "../../../components/agency-contact-buttons.tsx";
import { DateField, TimeField } from "../../../components/ui/date-field.tsx";
import { fieldBinder } from "../../../components/profile-fields/bind-field.ts";
import { GENDER_CHOICES, MARRIAGE_CHOICES } from "../../../components/profile-fields/choices.ts";
import { SelectField, TextField } from "../../../components/ui/form-field.tsx";
import { LookupSelect } from "../../../components/ui/lookup-select.tsx";
import { PhotoField } from "../../../components/ui/photo-field.tsx";
import { useTimedAlert } from "../../../components/ui/timed-alert.tsx";
import { isCheckedPhoto, photoError, shrinkPhoto, type PhotoValue } from "../../../lib/photo.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useUpdatePersonalData } from "../api/update-personal-data.ts";
import { displayDate, displayTime, idText } from "../../../components/profile-fields/record-values.ts";
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
 * Gender, dob, tob and height are shown but cannot be changed (section 2);
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

/** Under each field a member cannot change: why it is grey. */
const LOCKED_HINT = "The agency corrects this";

/**
 * The fields above are locked because matches and matching points are worked
 * out from them; a wrong birth time is common, and the agency's console
 * corrects it (ADR 0022). The member is told so, with a way to ask.
 */
function LockedFieldsNote({ pid }: { pid: number }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-saffron-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="m-0 text-base text-ink">
        Gender, date of birth, time of birth and height cannot be changed here: matches and matching points are worked out from them. If one is
        wrong, call or message the agency and they will correct it.
      </p>
      <div className="shrink-0 sm:w-64">
        <AgencyContactButtons text={`Profile ID ${pid}: please correct my profile. The right details are: `} />
      </div>
    </div>
  );
}

/** The Personal tab: PUT /api/profile_personal_data (multipart, optional new photo). */
export function PersonalForm({ user }: { user: OwnRecord }) {
  const save = useUpdatePersonalData(user.pid);
  const alert = useTimedAlert();
  // Shrinking a big photo takes a moment before the upload starts.
  const [preparing, setPreparing] = useState(false);
  const values = useMemo(() => toValues(user), [user]);

  const resolver = useMemo<Resolver<PersonalFormValues, unknown, PersonalData>>(() => {
    const schemaResolver = zodMiniResolver<PersonalFormValues, typeof personalDataSchema>(personalDataSchema, (form) => ({
      ...texts(form),
      ...fixedTexts(user),
    }));
    return async (form, context, options) => {
      const result = await schemaResolver(form, context, options);
      // On edit the photo is optional (section 5): only a refused one stops the save.
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
    formState: { errors },
  } = useForm<PersonalFormValues, unknown, PersonalData>({ resolver, values });
  const photo = useController({ control, name: "photo" });
  const bind = fieldBinder(register, errors);

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
        alert.show("success", MESSAGES.personalSaved);
      },
      onError: (error) => {
        showServerFieldErrors<PersonalFormValues>(error, setError, [...TEXT_NAMES, "photo"]);
        alert.show("error", saveFailedText());
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={preparing || save.isPending}>
      <div className="form-grid">
        <SelectField label="Gender" options={GENDER_CHOICES} value={user.gender} disabled onChange={noop} hint={LOCKED_HINT} />
        <SelectField label="Marriage" required options={MARRIAGE_CHOICES} {...bind("marriage")} />
        <TextField label="Name" required autoCapitalize="words" {...bind("name")} />
        <TextField label="Surname" required autoCapitalize="words" {...bind("surname")} />
        <DateField label="Date of Birth" name="dob" value={displayDate(user.birthDate)} onChange={noop} disabled hint={LOCKED_HINT} />
        <TimeField label="Time of Birth" name="tob" value={displayTime(user.birthTime)} onChange={noop} disabled hint={LOCKED_HINT} />
        <TextField label="Place of Birth" required {...bind("pob")} />
        <LookupSelect list="heights" label="Height" value={String(user.height)} disabled onChange={noop} hint={LOCKED_HINT} />
        <LookupSelect list="stars" withTelugu label="Star" required {...bind("star")} />
        <LookupSelect list="padhams" label="Padham" required {...bind("padham")} />
        <LookupSelect list="raasis" withTelugu label="Raasi" {...bind("raasi")} />
        <LookupSelect list="religions" label="Religion" required {...bind("religion")} />
        <LookupSelect list="subcastes" label="Subcaste" required {...bind("subcaste")} />
      </div>
      <LockedFieldsNote pid={user.pid} />
      <PhotoField
        label="Change photo"
        hint="Optional. A clear, recent photo in JPEG (.jpg) format."
        name={photo.field.name}
        value={photo.field.value}
        onChange={(value) => {
          photo.field.onChange(value);
          void trigger("photo");
        }}
        onBlur={photo.field.onBlur}
        error={errors.photo?.message}
        currentUrl={user.s3PhotoKey ? `/images/${user.s3PhotoKey}` : undefined}
        ref={photo.field.ref}
      />
      <SaveBar saving={preparing || save.isPending} message={alert.message} />
    </form>
  );
}
