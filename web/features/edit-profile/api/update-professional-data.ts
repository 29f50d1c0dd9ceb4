// PUT /api/profile_professional_data (§ "7. The calls the product makes"): JSON, lookup ids as numbers.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DELAYS } from "#shared/constants.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

/** What the Profession tab sends: the texts as typed, the lookup ids and codes as numbers (null when none is chosen). */
export interface ProfessionalDataBody {
  professionType: number | null;
  workingIn: number | null;
  workingCity: number | null;
  incomePerYear: number | null;
  workingCountry: number | null;
  abroadWorkingCity: string;
  denomination: string | null;
  workVisa: number | null;
  professionDetails: string;
}

export function updateProfessionalData(body: ProfessionalDataBody) {
  return apiRequest("PUT /profile_professional_data", { json: body, timeoutMs: DELAYS.editSaveTimeout });
}

export function useUpdateProfessionalData(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfessionalData,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(pid), user);
      void queryClient.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
