// PUT /api/profile_personal_data (§ "7. The calls the product makes"): multipart, with an optional new photo.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DELAYS } from "#shared/constants.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

export function updatePersonalData(formData: FormData) {
  return apiRequest("PUT /profile_personal_data", { formData, timeoutMs: DELAYS.editSaveTimeout });
}

export function useUpdatePersonalData(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalData,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(pid), user);
      // Other screens (cards, the current user) may show the name and photo.
      void queryClient.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
