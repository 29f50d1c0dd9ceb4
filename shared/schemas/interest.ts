import * as z from "zod/mini";
import { pageField, profileIdField } from "./search.ts";

// Payloads of the interest calls (§ "Interest") and of the members'
// lists. fpid/tpid: from and to Profile IDs.

/** POST /api/send_interest and /api/delete_interest; `skip` (request flow) answers an existing request as success. */
export const interestSchema = z.object({
  fpid: profileIdField,
  tpid: profileIdField,
  skip: z.optional(z.boolean({ error: "skip must be true or false" })),
});

/** Calls that name one other profile: approve, reject, remove from list, not interested. */
export const profileRefSchema = z.object({ pid: profileIdField });

/** GET /api/profile_visits: V, members interested in me; F, profiles I asked about. */
export const profileVisitsSchema = z.object({
  pid: profileIdField,
  p_status: z.enum(["V", "F"], { error: "p_status must be V or F" }),
  page: pageField,
});
