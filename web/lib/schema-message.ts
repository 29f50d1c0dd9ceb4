// A shared schema's message in the active language (ADR 0040). The schemas
// speak English and the catalogue has each of their texts under an id. A
// form keeps a field's message as the schema's own English text
// (web/lib/zod-resolver.ts) and it is put into words where it is shown
// (FormField), so a member who switches language mid-form reads every message
// in the new one. Kept apart from the resolver: every form field shows
// messages, only a form that checks needs the resolver.
import type { MessageRef } from "#shared/i18n/message-ref.ts";
import { translate } from "./i18n.ts";

/** A schema's text to its catalogue id, by the English validation messages; set by a form's first check. */
let findMessageRef: ((text: string) => MessageRef | null) | null = null;

export function setSchemaMessageFinder(find: (text: string) => MessageRef | null): void {
  findMessageRef = find;
}

/**
 * A schema's message in the active language; any other text (a server's
 * answer, already in the member's language) as it is. English as it is until
 * a form's first check has loaded the validation messages, which every
 * message of a check comes after.
 */
export function schemaMessage(text: string): string {
  const ref = findMessageRef?.(text) ?? null;
  return ref ? translate(ref.id, ref.values) : text;
}
