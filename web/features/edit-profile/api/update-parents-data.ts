// PUT /api/profile_parents_data (§ "7. The calls the product makes"): JSON, lookup ids as numbers.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DELAYS } from "#shared/constants.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

/** What the Parent details tab sends: the texts as typed, the lookup ids as numbers (null when none is chosen). */
export interface ParentsDataBody {
  fatherName: string;
  fatherJob: string;
  motherName: string;
  motherJob: string;
  nativeCountry: number | null;
  nativeState: number | null;
  nativeDistrict: number | null;
  residingCity: string;
  mobile: string;
  alternateMobile: string;
  email: string;
  address: string;
}

export function updateParentsData(body: ParentsDataBody) {
  return apiRequest("PUT /profile_parents_data", { json: body, timeoutMs: DELAYS.editSaveTimeout });
}

export function useUpdateParentsData(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParentsData,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(pid), user);
      void queryClient.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
