// GET /api/profile_visits?pid=&p_status=&page= (§ "7. The calls the product makes"): V, the members
// interested in me (/viewed_by_profiles); F, the profiles I asked about
// (/viewed_profiles). 10 a page; the server wraps the page around and says
// which page it served.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export type VisitStatus = "V" | "F";

/** Every list of this feature sits under ["interests"], so one invalidation after a change refreshes both. */
export const interestsQueryKey = ["interests"] as const;

export function getProfileVisits(pid: number, status: VisitStatus, page: number, signal?: AbortSignal) {
  return apiRequest("GET /profile_visits", { query: { pid, p_status: status, page }, signal });
}

export function profileVisitsQueryOptions(pid: number, status: VisitStatus, page: number) {
  return queryOptions({
    queryKey: [...interestsQueryKey, "visits", { pid, status, page }],
    queryFn: ({ signal }) => getProfileVisits(pid, status, page, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useProfileVisits(pid: number, status: VisitStatus, page: number) {
  return useQuery(profileVisitsQueryOptions(pid, status, page));
}
