import { TextField } from "../ui/form-field.tsx";
import { LookupSelect } from "../ui/lookup-select.tsx";
import type { BindField } from "./bind-field.ts";

type FamilyField = "fatherName" | "fatherJob" | "motherName" | "motherJob" | "nativeCountry" | "nativeState" | "nativeDistrict" | "residingCity";

interface FamilyFieldsProps {
  bind: BindField<FamilyField>;
  /** The native state chosen now ("" for none): the districts are that state's (section 3). */
  nativeState: string;
  /** Empties the district: it belonged to the state chosen before. */
  clearDistrict: () => void;
}

/** The parents and the family's native place, inside a form grid. Registration and the Parent details tab. */
export function FamilyFields({ bind, nativeState, clearDistrict }: FamilyFieldsProps) {
  const state = bind("nativeState");
  return (
    <>
      <TextField label="Father Name" required autoCapitalize="words" {...bind("fatherName")} />
      <TextField label="Father Profession" required {...bind("fatherJob")} />
      <TextField label="Mother Name" required autoCapitalize="words" {...bind("motherName")} />
      <TextField label="Mother Profession" required {...bind("motherJob")} />
      <LookupSelect list="countries" label="Native Country" required {...bind("nativeCountry")} />
      <LookupSelect
        list="states"
        label="Native State"
        {...state}
        onChange={(event) => {
          clearDistrict();
          return state.onChange(event);
        }}
      />
      <LookupSelect
        list="districts"
        stateId={nativeState === "" ? undefined : Number(nativeState)}
        label="Native District"
        placeholder={nativeState === "" ? "Choose the state first" : "Select"}
        disabled={nativeState === ""}
        {...bind("nativeDistrict")}
      />
      <TextField label="Residing City / Place" {...bind("residingCity")} />
    </>
  );
}
