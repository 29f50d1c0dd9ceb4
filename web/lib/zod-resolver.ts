// A react-hook-form resolver for zod/mini schemas: the shared schema (one per
// payload, also used by the worker) validates the form, so client and server
// agree on every rule and message. @hookform/resolvers is not installed and
// its zod resolver targets the full zod build.
import { set, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import { loadMessages } from "./i18n.ts";
import { setSchemaMessageFinder } from "./schema-message.ts";

/**
 * The validation part of the catalogue (ADR 0040): in English, to find a
 * schema's text by its words, and in the active language, to write it
 * (web/lib/schema-message.ts). A form needs it, and the code that reads it,
 * only once it checks, so neither is in any page's first load.
 */
async function loadValidationMessages(): Promise<void> {
  const [english, { readMessageRef }] = await Promise.all([
    import("#shared/i18n/compiled/en/validation.json"),
    import("#shared/i18n/message-ref.ts"),
    loadMessages(["validation"]),
  ]);
  setSchemaMessageFinder((text) => readMessageRef(text, english.default));
}

/**
 * @param toPayload turns the raw form values (strings from inputs) into the
 *   payload the schema checks, e.g. the Profile ID text into a number.
 */
export function zodMiniResolver<TFieldValues extends FieldValues, TSchema extends z.ZodMiniType>(
  schema: TSchema,
  toPayload: (values: TFieldValues) => unknown,
): Resolver<TFieldValues, unknown, z.infer<TSchema>> {
  return lazyZodMiniResolver(() => Promise.resolve(schema), toPayload);
}

/**
 * The same, with the schema loaded on the first validation: a screen a
 * WhatsApp link opens keeps zod out of its first load (ADR 0031), and the
 * first submit waits for one small chunk instead.
 */
export function lazyZodMiniResolver<TFieldValues extends FieldValues, TSchema extends z.ZodMiniType>(
  loadSchema: () => Promise<TSchema>,
  toPayload: (values: TFieldValues) => unknown,
): Resolver<TFieldValues, unknown, z.infer<TSchema>> {
  return async (values) => {
    const [schema] = await Promise.all([loadSchema(), loadValidationMessages()]);
    // Through the schema's Standard Schema interface, so that this module
    // imports nothing of zod and the schema's own chunk carries it.
    const result = await schema["~standard"].validate(toPayload(values));
    if (!result.issues) return { values: result.value, errors: {} };

    const errors: FieldErrors<TFieldValues> = {};
    const seen = new Set<string>();
    for (const issue of result.issues) {
      const name = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
      // The first message per field is the one a member needs to act on.
      if (seen.has(name)) continue;
      seen.add(name);
      // The schema's own English: FormField words it in the language active when it is shown.
      set(errors, name, { type: "validation", message: issue.message });
    }
    return { values: {}, errors };
  };
}
