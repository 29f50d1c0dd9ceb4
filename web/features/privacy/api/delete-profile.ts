// Deleting one's own profile (ADR 0034): POST /api/users/delete_profile/code
// sends a one-time code on WhatsApp (ADR 0021), for a member who does not
// remember the password; POST /api/users/delete_profile with the password or
// the code hides the profile at once, ends every session and answers with
// the day the data will be erased.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export type DeleteProfileBody = { password: string } | { code: string };

export function sendDeleteCode() {
  return apiRequest("POST /users/delete_profile/code");
}

export function useSendDeleteCode() {
  return useMutation({ mutationFn: sendDeleteCode });
}

export function deleteProfile(body: DeleteProfileBody) {
  return apiRequest("POST /users/delete_profile", { json: body });
}

export function useDeleteProfile() {
  return useMutation({ mutationFn: deleteProfile });
}
