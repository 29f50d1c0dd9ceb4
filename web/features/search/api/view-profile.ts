// POST /api/view_profile (a path of ours, design brief section 3): after the
// member confirms "Yes, I want to see", the full profile and phone number.
// The first view of a profile uses one from the balance, so the current user
// (balance) and the lists are fetched again afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ViewResult } from "../../../../shared/api-types.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../lib/auth.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function viewProfile(pid: number): Promise<ViewResult> {
  return apiRequest<ViewResult>("view_profile", { json: { pid } });
}

export function useViewProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: searchQueryKey });
    },
  });
}
