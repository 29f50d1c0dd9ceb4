// POST /api/view_profile {pid} (a path of ours, ADR 0012):
// after the member confirms "Yes, I want to see" on an approved card, the
// full profile and phone number. The first view of a profile uses one from
// the balance, so the current user (balance) is fetched again before the
// full profile opens. The answer's profile is what the full-profile screen
// shows: reading it again could find the membership ended in between, after
// the view was paid for.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRequest, isApiError } from "#web/lib/api-client.ts";
import { currentUserQueryKey } from "#web/lib/auth.ts";
import { fullProfileQueryKey } from "#web/lib/full-profile-key.ts";

export function viewProfile(pid: number) {
  return apiRequest("POST /view_profile", { json: { pid } });
}

/**
 * `refresh`: the screen's lists, marked stale too (search's cards); nothing waits for them.
 * A refusal (403: the balance used up or the membership ended, in another tab or at
 * India's midnight; the approval withdrawn; 404: the profile deleted) reloads them and the
 * balance too, so the screen stops offering what the server just refused.
 */
export function useViewProfile(refresh?: QueryKey) {
  const queryClient = useQueryClient();
  const reload = () => {
    if (refresh) void queryClient.invalidateQueries({ queryKey: refresh });
    return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
  return useMutation({
    mutationFn: viewProfile,
    onSuccess: (result, pid) => {
      queryClient.setQueryData(fullProfileQueryKey(pid), result.profile);
      return reload();
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 403 || error.status === 404)) void reload();
    },
  });
}
