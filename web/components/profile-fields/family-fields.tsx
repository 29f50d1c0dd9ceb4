import { useT } from "#web/lib/i18n-react.tsx";
import { TextField } from "../ui/form-field.tsx";
import { LookupSelect } from "../ui/lookup-select.tsx";
import type { BindField } from "./bind-field.ts";

type FamilyField = "fatherName" | "fatherJob" | "motherName" | "motherJob" | "nativeCountry" | "nativeState" | "nativeDistrict" | "residingCity";

interface FamilyFieldsProps {
  bind: BindField<FamilyField>;
  /** The native state chosen now ("" for none): the districts are that state's (§ "3. Entities and their fields"). */
  nativeState: string;
  /** Empties the district: it belonged to the state chosen before. */
  clearDistrict: () => void;
}

/** The parents and the family's native place, inside a form grid. Registration and the Parent details tab. */
export function FamilyFields({ bind, nativeState, clearDistrict }: FamilyFieldsProps) {
  const t = useT();
  const state = bind("nativeState");
  return (
    <>
      <TextField label={t("field.fatherName")} required autoCapitalize="words" {...bind("fatherName")} />
      <TextField label={t("field.fatherProfession")} required {...bind("fatherJob")} />
      <TextField label={t("field.motherName")} required autoCapitalize="words" {...bind("motherName")} />
      <TextField label={t("field.motherProfession")} required {...bind("motherJob")} />
      <LookupSelect list="countries" label={t("field.nativeCountry")} required {...bind("nativeCountry")} />
      <LookupSelect
        list="states"
        label={t("field.nativeState")}
        {...state}
        onChange={(event) => {
          clearDistrict();
          return state.onChange(event);
        }}
      />
      <LookupSelect
        list="districts"
        stateId={nativeState === "" ? undefined : Number(nativeState)}
        label={t("field.nativeDistrict")}
        placeholder={nativeState === "" ? t("field.chooseStateFirst") : t("common.select")}
        disabled={nativeState === ""}
        {...bind("nativeDistrict")}
      />
      <TextField label={t("field.residingCity")} {...bind("residingCity")} />
    </>
  );
}
