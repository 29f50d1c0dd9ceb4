// Session calls used by several features (login, auto-login links, the
// phone-request form, setting a password with a WhatsApp code after
// registering or on "Forgot password?") and by the app shell (route guard,
// logout), so they live in lib/ rather than in one feature: features never
// import each other.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser, SignInResult } from "#shared/api-types.ts";
import type { PasswordResetBody, PasswordResetConfirmBody } from "#shared/schemas/password.ts";
import type { SignInBody } from "#shared/schemas/sign-in.ts";
import { apiRequest } from "./api-client.ts";
import { followProfileLanguage } from "./member-language.ts";
import { clearSession, keepPageSession, saveSession, saveUser } from "./session.ts";

export const currentUserQueryKey = ["users", "current"] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await apiRequest("GET /users/current", { signal });
  await keepCurrentUser(user);
  return user;
}

/** What the phone keeps of the server's answer about the current user. */
export async function keepCurrentUser(user: CurrentUser): Promise<void> {
  // Screens read pid and profileLimits from storage (§ "3. Entities and their fields"); keep them fresh.
  saveUser(user);
  keepPageSession();
  // A device the member signs in on reads what they chose on their profile (ADR 0040);
  // if the catalogue cannot be fetched now, the screens stay as they are.
  await followProfileLanguage(user.language).catch(() => undefined);
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled: options.enabled ?? true });
}

/** POST /api/users/sign_in; the Profile ID is already a number (§ "5. Validation rules"). */
export function signIn(body: SignInBody) {
  return apiRequest("POST /users/sign_in", { json: body });
}

/**
 * Forgets the session on this phone: the token, the member stored with it and
 * every cached answer, so nothing of theirs shows to whoever uses it next.
 */
export function forgetSession(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries();
}

/** Keeps a new session. Another member may have used this phone before: none of their cached data may show up for the one signing in now. */
function startSession(queryClient: QueryClient, result: SignInResult): void {
  queryClient.removeQueries();
  saveSession(result.token, { pid: result.pid, profileLimits: result.profileLimits });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: (result) => startSession(queryClient, result) });
}

/** POST /api/users/sign_out: ends the server session. */
export function signOut() {
  return apiRequest("POST /users/sign_out", { timeoutMs: 10_000 });
}

export function useSignOut(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Logging out must work offline too: the local session is dropped even
    // when the server cannot be told (§ "4. States and transitions").
    onSettled: () => {
      // The data cache (queries) goes; the mutation cache keeps this
      // mutation's own state so the button does not stay in "Logging out...".
      forgetSession(queryClient);
      onDone();
    },
  });
}

/**
 * POST /api/users/password_reset: a one-time code to the member's WhatsApp
 * when the Profile ID and the number match (ADR 0021). The answer is the same
 * either way; it says how the code travels and how long it lasts.
 */
export function requestPasswordCode(body: PasswordResetBody) {
  return apiRequest("POST /users/password_reset", { json: body });
}

export function useRequestPasswordCode() {
  return useMutation({ mutationFn: requestPasswordCode });
}

/** POST /api/users/password_reset/confirm: the code and a new password; answers like sign-in. */
export function confirmPasswordCode(body: PasswordResetConfirmBody) {
  return apiRequest("POST /users/password_reset/confirm", { json: body });
}

export function useConfirmPasswordCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmPasswordCode, onSuccess: (result) => startSession(queryClient, result) });
}
