// POST /api/users/link_sign_in: the sign-in of the auto-login links. It is a
// POST made by this page, never the GET of the link itself, so that a
// WhatsApp preview crawler fetching the URL signs nobody in (ADR 0011).
import type * as z from "zod/mini";
import type { linkSignInSchema } from "#shared/schemas/sign-in.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export type LinkSignInBody = z.infer<typeof linkSignInSchema>;

/** `link` is the raw `link` query value; the server decodes and checks it again. */
export function linkSignIn(body: LinkSignInBody) {
  return apiRequest("POST /users/link_sign_in", { json: body });
}
