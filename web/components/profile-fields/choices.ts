// The fixed choices of the profile's selects (§ "3. Entities and their fields"), as the
// registration form, the edit-profile tabs and the search filters show them.
// `labelId` is the catalogue's text (ADR 0040): a select shows
// choiceOptions(CHOICES, t); `label` is the English text, kept while screens
// not yet in two languages pass the choices as they are.
import type { Translate } from "../profile-card/action-messages.ts";
import type { MessageId } from "#web/lib/i18n.ts";

interface Choice {
  value: string;
  label: string;
  labelId: MessageId;
}

export const GENDER_CHOICES = [
  { value: "F", label: "Bride (Female)", labelId: "common.bride" },
  { value: "M", label: "Groom (Male)", labelId: "common.groom" },
] as const satisfies readonly Choice[];

export const MARRIAGE_CHOICES = [
  { value: "1", label: "First", labelId: "common.first" },
  { value: "2", label: "Second", labelId: "common.second" },
] as const satisfies readonly Choice[];

export const WORKING_IN_CHOICES = [
  { value: "1", label: "India", labelId: "common.india" },
  { value: "2", label: "Abroad", labelId: "common.abroad" },
] as const satisfies readonly Choice[];

/** A select's options in the active language. */
export function choiceOptions(choices: readonly Choice[], t: Translate): { value: string; label: string }[] {
  return choices.map((choice) => ({ value: choice.value, label: t(choice.labelId) }));
}
