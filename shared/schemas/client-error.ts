import * as z from "zod/mini";

// POST /api/client_errors: what the SPA reports when it fails in a member's
// browser. Lengths are capped so a report cannot flood the log.
export const clientErrorSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(8000))),
  componentStack: z.optional(z.string().check(z.maxLength(8000))),
  url: z.string().check(z.maxLength(2000)),
});

export type ClientErrorReport = z.infer<typeof clientErrorSchema>;
