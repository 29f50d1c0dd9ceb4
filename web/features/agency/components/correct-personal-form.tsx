import { useMemo, useState } from "react";
import type { Resolver } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import { PADHAMS_PER_STAR, STAR_COUNT, raasiOf } from "#shared/astro/raasi.ts";
import type { UserRecord } from "#shared/api-types.ts";
import { correctPersonalSchema, type CorrectPersonalInput } from "#shared/schemas/admin.ts";
import { wireDisplayDate } from "#shared/schemas/profile-fields.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { GENDER_CHOICES, MARRIAGE_CHOICES } from "#web/components/profile-fields/choices.ts";
import { BirthDateField, BirthTimeField, ProfilePhotoField } from "#web/components/profile-fields/controlled-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { isCheckedPhoto, photoError, shrinkPhoto, type PhotoValue } from "#web/lib/photo.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useCorrectPersonal } from "../api/correct-personal.ts";
import { errorText } from "../lib/error-text.ts";
import { SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { displayDate, displayTime, idText } from "#web/components/profile-fields/record-values.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

interface PersonalValues {
  name: string;
  surname: string;
  dob: string;
  tob: string;
  pob: string;
  star: string;
  padham: string;
  raasi: string;
  height: string;
  subcaste: string;
  religion: string;
  marriage: string;
  photo: PhotoValue;
}
type TextName = Exclude<keyof PersonalValues, "photo">;
const TEXT_NAMES: readonly TextName[] = ["name", "surname", "dob", "tob", "pob", "star", "padham", "raasi", "height", "subcaste", "religion", "marriage"];

function toValues(record: UserRecord): PersonalValues {
  return {
    name: record.name,
    surname: record.surName,
    dob: displayDate(record.birthDate),
    tob: displayTime(record.birthTime),
    pob: record.birthPlace,
    star: idText(record.star),
    padham: idText(record.padham),
    raasi: idText(record.raasi),
    height: idText(record.height),
    subcaste: idText(record.subCaste),
    religion: idText(record.religion),
    marriage: idText(record.marriageTurn),
    photo: null,
  };
}

function texts(values: PersonalValues): Record<TextName, string> {
  const result = {} as Record<TextName, string>;
  for (const name of TEXT_NAMES) result[name] = values[name];
  // Typed 15-08-1994 or 15.08.1994, sent as the API takes it.
  result.dob = wireDisplayDate(result.dob);
  return result;
}

/** The raasi of a star and padham as the select holds it, or null while either is not chosen. */
function raasiText(star: string, padham: string): string | null {
  const [s, p] = [Number(star), Number(padham)];
  const valid = Number.isInteger(s) && s >= 1 && s <= STAR_COUNT && Number.isInteger(p) && p >= 1 && p <= PADHAMS_PER_STAR;
  return valid ? String(raasiOf(s, p)) : null;
}

const noop = () => undefined;

/**
 * The Personal part, as the member's own tab plus what staff may correct on
 * the phone with the family: birth date, birth time and height (ADR 0022).
 * PUT /api/admin/members/{pid}/personal, multipart with an optional photo.
 */
export function CorrectPersonalForm({ member }: { member: AdminMember }) {
  const save = useCorrectPersonal(member.pid);
  const [preparing, setPreparing] = useState(false);
  const [checkingPhoto, setCheckingPhoto] = useState(false);

  const resolver = useMemo<Resolver<PersonalValues, unknown, CorrectPersonalInput>>(() => {
    // The member's gender decides the age rule; staff do not change it.
    const schemaResolver = zodMiniResolver<PersonalValues, ReturnType<typeof correctPersonalSchema>>(correctPersonalSchema(member.gender), texts);
    return async (form, context, options) => {
      const result = await schemaResolver(form, context, options);
      // The photo is optional: only a refused one stops the save.
      const problem = photoError(form.photo, false);
      if (!problem) return result;
      return { values: {}, errors: { ...result.errors, photo: { type: "photo", message: problem } } };
    };
  }, [member.gender]);

  const {
    register,
    control,
    getValues,
    setValue,
    reset,
    trigger,
    onSubmit,
    send,
    saved,
    failure,
    formState: { errors, isDirty },
  } = useConsoleForm<PersonalValues, CorrectPersonalInput>({
    resolver,
    // Filled once: a save of another panel brings the member again, and must
    // not overwrite what staff are typing here. A save of this form resets it
    // to what the server stored.
    defaultValues: toValues(member.record),
    fields: [...TEXT_NAMES, "photo"],
    invalidText: SEE_FIELDS,
  });
  const bind = fieldBinder(register, errors);

  // The raasi follows the star and padham (shared/astro/raasi.ts), as the
  // server would make it; staff may still choose another from the family's horoscope.
  const followRaasi = () => {
    const raasi = raasiText(getValues("star"), getValues("padham"));
    if (raasi !== null) setValue("raasi", raasi, { shouldDirty: true });
  };
  const star = register("star", { onChange: followRaasi });
  const padham = register("padham", { onChange: followRaasi });

  const onValid = async () => {
    const form = getValues();
    const formData = new FormData();
    for (const [name, value] of Object.entries(texts(form))) formData.append(name, value);
    const newPhoto = isCheckedPhoto(form.photo);
    if (isCheckedPhoto(form.photo)) {
      setPreparing(true);
      try {
        const file = await shrinkPhoto(form.photo);
        formData.append("photo", file, file.name);
      } finally {
        setPreparing(false);
      }
    }
    send(save.mutate, formData, {
      onSuccess: (updated) => {
        reset(toValues(updated.record));
        const born = `born ${displayDate(updated.record.birthDate)} at ${displayTime(updated.record.birthTime)}`;
        return `Personal details saved for Profile ID ${updated.pid}: ${born}.${newPhoto ? " The photo was replaced." : ""}`;
      },
      failureText: (error, inFields) => `${errorText(error)} ${inFields ? "Nothing was saved." : "Nothing was saved; what you typed is still here."}`,
    });
  };

  const saving = preparing || save.isPending;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={saving} aria-label="Personal details">
      <Alert tone="info" live={false}>
        Matching points are worked out from the <strong>star and padham</strong>, not the birth time. When a family corrects the birth time, take the star and padham from their
        corrected horoscope too.
      </Alert>
      <div className="form-grid">
        <SelectField
          label="Gender"
          options={GENDER_CHOICES}
          value={member.gender}
          disabled
          onChange={noop}
          hint="Cannot be corrected here: it decides who sees the profile. If it is wrong, the family registers again."
        />
        <SelectField label="Marriage" required options={MARRIAGE_CHOICES} {...bind("marriage")} />
        <TextField label="Name" required autoCapitalize="words" {...bind("name")} />
        <TextField label="Surname" required autoCapitalize="words" {...bind("surname")} />
        <BirthDateField control={control} name="dob" label="Date of Birth" />
        <BirthTimeField control={control} name="tob" label="Time of Birth" />
        <TextField label="Place of Birth" required {...bind("pob")} />
        <LookupSelect list="heights" label="Height" required {...bind("height")} />
        <LookupSelect list="stars" withTelugu label="Star" required {...star} error={errors.star?.message} />
        <LookupSelect list="padhams" label="Padham" required {...padham} error={errors.padham?.message} />
        <LookupSelect list="raasis" withTelugu label="Raasi" hint="Follows the star and padham." {...bind("raasi")} />
        <LookupSelect list="religions" label="Religion" required {...bind("religion")} />
        <LookupSelect list="subcastes" label="Subcaste" required {...bind("subcaste")} />
      </div>
      {/* The current photo small and named as the member's: the shared field's
          own preview says "Your current photo", as a member reads it. */}
      {member.photoUrl ? (
        <figure className="m-0 flex items-center gap-3">
          <img src={member.photoUrl} alt={`Current photo of ${member.pid}`} className="h-24 w-20 shrink-0 rounded-lg border border-line object-cover" />
          <figcaption className="text-base text-ink-muted">The member&apos;s current photo. Choose a new one below to replace it.</figcaption>
        </figure>
      ) : null}
      <ProfilePhotoField
        control={control}
        name="photo"
        trigger={trigger}
        label="Replace photo"
        hint="Optional. A clear, recent photo in JPEG (.jpg) format; the old one is removed once the new one is saved."
        onCheckingChange={setCheckingPhoto}
      />
      <CorrectionSaveBar saving={saving} checkingPhoto={checkingPhoto} saved={isDirty ? null : saved} failure={failure} label="Save personal details" />
    </form>
  );
}
