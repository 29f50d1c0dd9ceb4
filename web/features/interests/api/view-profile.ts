// POST /api/view_profile {pid} (a path of ours): after "Yes, I want to see"
// on an approved card, the full profile with the phone number. The first
// view of a profile uses one from the balance, so the current user is
// fetched again afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ViewResult } from "../../../../shared/api-types.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../lib/auth.ts";

export function viewProfile(pid: number): Promise<ViewResult> {
  return apiRequest<ViewResult>("view_profile", { json: { pid } });
}

export function useViewProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
