// GET /api/whatsapp/profiles_not_sent (§ "7. The calls the product makes"): for FREE members, the
// published profiles they have not asked about, under "Premium Profiles
// (Paid Service)".
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { whatsappQueryKey } from "./get-whatsapp-profile.ts";

export function getProfilesNotSent(signal?: AbortSignal) {
  return apiRequest("GET /whatsapp/profiles_not_sent", { signal });
}

export function profilesNotSentQueryOptions() {
  return queryOptions({ queryKey: [...whatsappQueryKey, "notSent"], queryFn: ({ signal }) => getProfilesNotSent(signal) });
}

export function useProfilesNotSent(options: { enabled: boolean }) {
  return useQuery({ ...profilesNotSentQueryOptions(), enabled: options.enabled });
}
