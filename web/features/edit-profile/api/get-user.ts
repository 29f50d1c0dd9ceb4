// GET /api/users/{pid} (§ "7. The calls the product makes", "fetch user by pid"): the member's own
// full record, which every tab of the edit screen starts from.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, unreadableAnswer } from "#web/lib/api-client.ts";

export const userQueryKey = (pid: number) => ["users", pid] as const;

export async function getUser(pid: number, signal?: AbortSignal) {
  const user = await apiRequest("GET /users/:pid{[0-9]+}", { params: { pid }, signal });
  // The path answers the full profile for anyone else's pid: never this screen's call.
  if ("profileType" in user) throw unreadableAnswer(200);
  return user;
}

export function userQueryOptions(pid: number) {
  return queryOptions({
    queryKey: userQueryKey(pid),
    queryFn: ({ signal }) => getUser(pid, signal),
  });
}

export function useUser(pid: number | undefined) {
  return useQuery({ ...userQueryOptions(pid ?? 0), enabled: pid !== undefined });
}
