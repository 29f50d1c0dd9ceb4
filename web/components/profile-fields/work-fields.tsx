import type { WorkTexts, WorkVisibility } from "../../lib/work-visibility.ts";
import { SelectField, TextAreaField, TextField } from "../ui/form-field.tsx";
import { LookupSelect } from "../ui/lookup-select.tsx";
import type { BindField } from "./bind-field.ts";
import { WORKING_IN_CHOICES } from "./choices.ts";

/**
 * The profession and where the member works, inside a form grid: only the
 * details that apply are shown (profession type 5, India or abroad; see
 * work-visibility.ts). Registration and the Profession tab.
 */
export function WorkFields({ bind, shown }: { bind: BindField<keyof WorkTexts>; shown: WorkVisibility }) {
  return (
    <>
      <LookupSelect list="profession_types" label="Profession Type" {...bind("professionType")} />
      {shown.working ? <SelectField label="Working In" options={WORKING_IN_CHOICES} {...bind("workingIn")} /> : null}
      {shown.india ? (
        <>
          <LookupSelect list="annual_income" label="Annual Income (Lakhs per annum)" {...bind("incomePerYear")} />
          <LookupSelect list="cities" label="Working City" {...bind("workingCity")} />
        </>
      ) : null}
      {shown.abroad ? (
        <>
          <LookupSelect list="countries" label="Working Country" {...bind("workingCountry")} />
          <TextField label="Working City (abroad)" {...bind("abroadWorkingCity")} />
          <LookupSelect list="visa" label="Visa Status" {...bind("workVisa")} />
        </>
      ) : null}
      {shown.working ? (
        <TextAreaField
          label="Profession Details"
          required
          className="md:col-span-2"
          hint="Job title, company and place, e.g. Software Engineer, Infosys, Hyderabad"
          {...bind("professionDetails")}
        />
      ) : null}
    </>
  );
}

/** Registration and the Education tab. */
export function EducationDetailsField({ bind }: { bind: BindField<"educationDetails"> }) {
  return <TextAreaField label="Education Details" required className="md:col-span-2" hint="e.g. B.Tech (Computer Science), JNTU Kakinada" {...bind("educationDetails")} />;
}
