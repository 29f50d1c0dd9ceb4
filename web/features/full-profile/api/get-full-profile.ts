// GET /api/users/{pid}?normalized=true (§ "7. The calls the product makes": "A full-profile fetch uses
// pid and normalized true"): names instead of ids, contact details included.
// The server answers only the owner, or an active paid member who unlocked
// the profile (request approved, view confirmed on the card with POST
// view_profile, whose answer fills this query first); anyone else gets 403
// with a text to show (VIEW_NOT_CONFIRMED, ...).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, unreadableAnswer } from "#web/lib/api-client.ts";
import { fullProfileQueryKey } from "#web/lib/full-profile-key.ts";

export async function getFullProfile(pid: number, signal?: AbortSignal) {
  const profile = await apiRequest("GET /users/:pid{[0-9]+}", { params: { pid }, query: { normalized: true }, signal });
  // Without normalized=true the owner would get their own record; with it, never.
  if (!("profileType" in profile)) throw unreadableAnswer(200);
  return profile;
}

export function fullProfileQueryOptions(pid: number) {
  return queryOptions({
    queryKey: fullProfileQueryKey(pid),
    queryFn: ({ signal }) => getFullProfile(pid, signal),
  });
}

export function useFullProfile(pid: number | null) {
  return useQuery({ ...fullProfileQueryOptions(pid ?? 0), enabled: pid !== null });
}
