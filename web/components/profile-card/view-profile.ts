// POST /api/view_profile {pid} (a path of ours, ADR 0012):
// after the member confirms "Yes, I want to see" on an approved card, the
// full profile and phone number. The first view of a profile uses one from
// the balance, so the current user (balance) is fetched again before the
// full profile opens.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { currentUserQueryKey } from "#web/lib/auth.ts";

export function viewProfile(pid: number) {
  return apiRequest("POST /view_profile", { json: { pid } });
}

/** `refresh`: the screen's lists, marked stale too (search's cards); nothing waits for them. */
export function useViewProfile(refresh?: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewProfile,
    onSuccess: () => {
      if (refresh) void queryClient.invalidateQueries({ queryKey: refresh });
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
