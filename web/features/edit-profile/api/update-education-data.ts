// PUT /api/profile_education_data (§ "7. The calls the product makes"): JSON, lookup ids as numbers.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DELAYS } from "#shared/constants.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

/** What the Education tab sends: the texts as typed, the lookup ids as numbers (null when none is chosen). */
export interface EducationDataBody {
  basicEducation: number | null;
  education: number | null;
  educationDetails: string;
}

export function updateEducationData(body: EducationDataBody) {
  return apiRequest("PUT /profile_education_data", { json: body, timeoutMs: DELAYS.editSaveTimeout });
}

export function useUpdateEducationData(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEducationData,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(pid), user);
      void queryClient.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
