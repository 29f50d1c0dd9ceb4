import { useT } from "#web/lib/i18n-react.tsx";
import type { WorkTexts, WorkVisibility } from "#web/lib/work-visibility.ts";
import type { EducationValues } from "./education-values.ts";
import { SelectField, TextAreaField, TextField } from "../ui/form-field.tsx";
import { LookupSelect } from "../ui/lookup-select.tsx";
import type { BindField } from "./bind-field.ts";
import { WORKING_IN_CHOICES, choiceOptions } from "./choices.ts";

/**
 * The profession and where the member works, inside a form grid: only the
 * details that apply are shown (profession type 5, India or abroad; see
 * work-visibility.ts). Registration and the Profession tab.
 */
export function WorkFields({ bind, shown }: { bind: BindField<keyof WorkTexts>; shown: WorkVisibility }) {
  const t = useT();
  return (
    <>
      <LookupSelect list="profession_types" label={t("field.professionType")} {...bind("professionType")} />
      {shown.working ? <SelectField label={t("field.workingIn")} options={choiceOptions(WORKING_IN_CHOICES, t)} {...bind("workingIn")} /> : null}
      {shown.india ? (
        <>
          <LookupSelect list="annual_income" label={t("field.annualIncome")} {...bind("incomePerYear")} />
          <LookupSelect list="cities" label={t("field.workingCity")} {...bind("workingCity")} />
        </>
      ) : null}
      {shown.abroad ? (
        <>
          <LookupSelect list="countries" label={t("field.workingCountry")} {...bind("workingCountry")} />
          <TextField label={t("field.abroadWorkingCity")} {...bind("abroadWorkingCity")} />
          <LookupSelect list="visa" label={t("field.visaStatus")} {...bind("workVisa")} />
        </>
      ) : null}
      {shown.working ? (
        <TextAreaField label={t("field.professionDetails")} required className="md:col-span-2" hint={t("field.professionDetailsHint")} {...bind("professionDetails")} />
      ) : null}
    </>
  );
}

/** Registration and the Education tab. */
export function EducationDetailsField({ bind }: { bind: BindField<"educationDetails"> }) {
  const t = useT();
  return <TextAreaField label={t("field.educationDetails")} required className="md:col-span-2" hint={t("field.educationDetailsHint")} {...bind("educationDetails")} />;
}

/**
 * The level, the qualification within it, and the details: the Education
 * tab and the console's correction. A qualification belongs to one level,
 * so choosing another level starts it over (`onLevelChange`).
 */
export function EducationFields({ bind, level, onLevelChange }: { bind: BindField<keyof EducationValues>; level: string; onLevelChange: () => void }) {
  const t = useT();
  const levelBinding = bind("basicEducation");
  return (
    <>
      <LookupSelect
        list="basic_education"
        label={t("field.educationLevel")}
        {...levelBinding}
        onChange={async (event) => {
          await levelBinding.onChange(event);
          onLevelChange();
        }}
      />
      <LookupSelect
        list="qualifications"
        label={t("field.qualification")}
        filter={level === "" ? undefined : (item) => item.basicEducationId === Number(level)}
        {...bind("education")}
      />
      <EducationDetailsField bind={bind} />
    </>
  );
}
