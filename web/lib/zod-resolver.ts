// A react-hook-form resolver for zod/mini schemas: the shared schema (one per
// payload, also used by the worker) validates the form, so client and server
// agree on every rule and message. @hookform/resolvers is not installed and
// its zod resolver targets the full zod build.
import { set, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import * as z from "zod/mini";

/**
 * @param toPayload turns the raw form values (strings from inputs) into the
 *   payload the schema checks, e.g. the Profile ID text into a number.
 */
export function zodMiniResolver<TFieldValues extends FieldValues, TSchema extends z.ZodMiniType>(
  schema: TSchema,
  toPayload: (values: TFieldValues) => unknown,
): Resolver<TFieldValues, unknown, z.infer<TSchema>> {
  return async (values) => {
    const result = await z.safeParseAsync(schema, toPayload(values));
    if (result.success) return { values: result.data, errors: {} };

    const errors: FieldErrors<TFieldValues> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join(".");
      // The first message per field is the one a member needs to act on.
      if (seen.has(name)) continue;
      seen.add(name);
      set(errors, name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}
