// The session an auto-login link opens, kept as the login screen keeps its
// own (web/lib/auth.ts), with the current user the link's answer carries.
// Here rather than in lib/auth.ts: only these pages use it, and lib/auth.ts
// is part of every page's first load.
import type { QueryClient } from "@tanstack/react-query";
import type { LinkSignInResult } from "#shared/api-types.ts";
import { currentUserQueryKey, keepCurrentUser } from "#web/lib/auth.ts";
import { saveSession } from "#web/lib/session.ts";

/**
 * Keeps the session with the current user its answer carries, as if GET
 * users/current had answered too: the route guard and the screen the link
 * opens find the member without asking the server first, a round trip a
 * slow phone feels (ADR 0031).
 */
export async function startLinkSession(queryClient: QueryClient, result: LinkSignInResult): Promise<void> {
  queryClient.removeQueries();
  // Before the token, so that what waits for a token finds the member there. An agency backend
  // that sends no user leaves the route guard to ask GET users/current, as after a password sign-in.
  if (result.user) queryClient.setQueryData(currentUserQueryKey, result.user);
  saveSession(result.token, { pid: result.pid, profileLimits: result.profileLimits });
  if (result.user) await keepCurrentUser(result.user);
}
