// Which working details a member fills in (§ "2. Screens and routes" and § "5. Validation rules"): none for
// profession type 5 ("Not Working"), income and city when working in India,
// country, city and visa when working abroad. Registration and the edit
// screen's Profession tab both follow it; they hold the form's raw strings.
import { needsProfessionDetails } from "#shared/schemas/profile-fields.ts";

export interface WorkTexts {
  professionType: string;
  workingIn: string;
  incomePerYear: string;
  workingCity: string;
  workingCountry: string;
  abroadWorkingCity: string;
  workVisa: string;
  professionDetails: string;
}

export interface WorkVisibility {
  /** Working in, and profession details. */
  working: boolean;
  /** Income and working city. */
  india: boolean;
  /** Working country, city abroad and visa. */
  abroad: boolean;
}

export function workVisibility(professionType: string, workingIn: string): WorkVisibility {
  const working = needsProfessionDetails(professionType === "" ? null : Number(professionType));
  return { working, india: working && workingIn === "1", abroad: working && workingIn === "2" };
}

/**
 * The values with the hidden working details emptied: what a member cannot
 * see is neither checked nor sent (the server drops them too: normalizeWork).
 */
export function withoutHiddenWork<T extends WorkTexts>(values: T): T {
  const shown = workVisibility(values.professionType, values.workingIn);
  return {
    ...values,
    workingIn: shown.working ? values.workingIn : "",
    professionDetails: shown.working ? values.professionDetails : "",
    incomePerYear: shown.india ? values.incomePerYear : "",
    workingCity: shown.india ? values.workingCity : "",
    workingCountry: shown.abroad ? values.workingCountry : "",
    abroadWorkingCity: shown.abroad ? values.abroadWorkingCity : "",
    workVisa: shown.abroad ? values.workVisa : "",
  };
}
