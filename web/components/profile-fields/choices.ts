// The fixed choices of the profile's selects (section 3), as the
// registration form, the edit-profile tabs and the search filters show them.

export const GENDER_CHOICES = [
  { value: "F", label: "Bride (Female)" },
  { value: "M", label: "Groom (Male)" },
] as const;

export const MARRIAGE_CHOICES = [
  { value: "1", label: "First" },
  { value: "2", label: "Second" },
] as const;

export const WORKING_IN_CHOICES = [
  { value: "1", label: "India" },
  { value: "2", label: "Abroad" },
] as const;
