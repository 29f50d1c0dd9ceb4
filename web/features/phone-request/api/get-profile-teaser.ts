// GET /api/profile_teaser/{pid} (a path of ours): what a stranger may see of
// the profile a request link names, shown above the sign-in (ADR 0015).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export function getProfileTeaser(pid: number, signal?: AbortSignal) {
  return apiRequest("GET /profile_teaser/:pid", { params: { pid }, signal, token: null });
}

export function useProfileTeaser(pid: number) {
  return useQuery(queryOptions({ queryKey: ["profile_teaser", pid], queryFn: ({ signal }) => getProfileTeaser(pid, signal) }));
}
