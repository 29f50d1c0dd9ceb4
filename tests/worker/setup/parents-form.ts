// The Parent details tab as the web app sends it to PUT /api/profile_parents_data
// (§ "Profile editing"): one family's answers, for the Worker tests.

const PARENTS = {
  fatherName: "Venkateswarlu",
  fatherJob: "Farmer",
  motherName: "Annapurna",
  motherJob: "Teacher",
  nativeCountry: 1,
  nativeState: 2,
  nativeDistrict: null,
  residingCity: "Warangal",
  alternateMobile: "",
  email: "",
  address: "Hanamkonda",
};

/** A field's value in the JSON body. */
type ParentsFields = Readonly<Partial<Record<keyof typeof PARENTS, string | number | null>>>;

/**
 * The JSON body of a Parent details save: the family's answers with `fields`
 * over them. The WhatsApp number is always the caller's, since whether it is
 * the member's own, a new one or another member's is what a test is about.
 */
export function parentsForm(fields: ParentsFields & { mobile: string }): Record<string, string | number | null> {
  return { ...PARENTS, ...fields };
}
