// The sibling choices (§ "Sibling form") as the catalogue words them (ADR 0040),
// keyed by the codes the API stores.
import type { MARITAL_STATUSES, SIBLING_TYPES, WORKING } from "#shared/schemas/sibling.ts";
import type { MessageId } from "#web/lib/i18n.ts";

export const SIBLING_TYPE_LABELS = {
  EB: "siblings.type.EB",
  ES: "siblings.type.ES",
  YB: "siblings.type.YB",
  YS: "siblings.type.YS",
} as const satisfies Record<keyof typeof SIBLING_TYPES, MessageId>;

export const MARITAL_STATUS_LABELS = { M: "siblings.married.M", U: "siblings.married.U" } as const satisfies Record<keyof typeof MARITAL_STATUSES, MessageId>;

export const WORKING_LABELS = { Y: "siblings.working.Y", N: "siblings.working.N" } as const satisfies Record<keyof typeof WORKING, MessageId>;
