// A Profile ID as members, links and addresses write it (§ "5. Validation rules"): a
// positive whole number within the database's 32-bit key, as a number or its
// digits. Read the same way by the link payloads (shared/links.ts) and by the
// screens that take one from their address (?pid=).

export const MAX_PROFILE_ID = 2_147_483_647;

/** The Profile ID `value` holds, a number or up to ten digits (spaces around allowed); undefined for anything else. */
export function readProfileId(value: unknown): number | undefined {
  const number = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number > 0 && number <= MAX_PROFILE_ID ? number : undefined;
}
