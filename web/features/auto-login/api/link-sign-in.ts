// POST /api/users/link_sign_in: the sign-in of the auto-login links. It is a
// POST made by this page, never the GET of the link itself, so that a
// WhatsApp preview crawler fetching the URL signs nobody in (ADR 0011).
import type * as z from "zod/mini";
import type { linkSignInSchema } from "#shared/schemas/sign-in.ts";
import { apiRequest, readAnswer, type ApiData } from "#web/lib/api-client.ts";
import type { EarlySignIn } from "../lib/early-sign-in.ts";

export type LinkSignInBody = z.infer<typeof linkSignInSchema>;

/** `link` is the raw `link` query value; the server decodes and checks it again. */
export function linkSignIn(body: LinkSignInBody) {
  return apiRequest("POST /users/link_sign_in", { json: body });
}

/**
 * The answer to the sign-in the page started before the application
 * (lib/early-sign-in.ts), read as linkSignIn reads its own; null when that
 * sign-in has kept the session and is opening the next page itself.
 */
export async function earlySignInResult(early: EarlySignIn): Promise<ApiData<"POST /users/link_sign_in"> | null> {
  // Unchecked as every answer is (lib/api-client.ts apiCaller): the Worker's route for this call answers it.
  const result = (await readAnswer(
    early.answer.then(({ response }) => response),
    early.signal,
  )) as ApiData<"POST /users/link_sign_in">;
  return (await early.answer).opening === null ? result : null;
}
