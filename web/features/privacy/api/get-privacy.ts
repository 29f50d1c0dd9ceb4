// GET /api/privacy (ADR 0033): the notice's current version, whom to ask
// about personal data, and the two periods the agency configures. Public and
// the same for everyone, so it is asked once per visit.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, type ApiData } from "#web/lib/api-client.ts";

export type PrivacyInfo = ApiData<"GET /privacy">;

export function getPrivacy(signal?: AbortSignal): Promise<PrivacyInfo> {
  // No token: the answer is public and the edge caches it for everyone.
  return apiRequest("GET /privacy", { signal, token: null });
}

export function privacyQueryOptions() {
  return queryOptions({ queryKey: ["privacy"], queryFn: ({ signal }) => getPrivacy(signal), staleTime: Infinity });
}

export function usePrivacy() {
  return useQuery(privacyQueryOptions());
}
