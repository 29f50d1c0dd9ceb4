import * as z from "zod/mini";
import { LANGUAGES } from "../i18n/language.ts";

/** PUT /api/users/language (ADR 0040): the language chosen with the switch, kept on the member's profile. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: "Choose English (en) or Telugu (te)" }),
});

export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
