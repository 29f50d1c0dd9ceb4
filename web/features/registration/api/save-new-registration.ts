// POST /api/save_new_registration (§ "7. The calls the product makes"): multipart with the form's
// fields as typed and the photo. The server checks them with the same shared
// schema and answers with the new Profile ID.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

/** A photo upload on a slow rural connection takes longer than a plain call. */
const UPLOAD_TIMEOUT_MS = 60_000;

export function saveNewRegistration(formData: FormData) {
  return apiRequest("POST /save_new_registration", { formData, timeoutMs: UPLOAD_TIMEOUT_MS });
}

export function useSaveNewRegistration() {
  return useMutation({ mutationFn: saveNewRegistration });
}
