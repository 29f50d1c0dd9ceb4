// GET /api/whatsapp/profiles_sent (§ "7. The calls the product makes"): for FREE members, the
// profiles they asked about, at most 2 (§ "9. Business constants and limits"), under "WhatsApp Profiles".
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { whatsappQueryKey } from "./get-whatsapp-profile.ts";

export function getProfilesSent(signal?: AbortSignal) {
  return apiRequest("GET /whatsapp/profiles_sent", { signal });
}

export function profilesSentQueryOptions() {
  return queryOptions({ queryKey: [...whatsappQueryKey, "sent"], queryFn: ({ signal }) => getProfilesSent(signal) });
}

export function useProfilesSent(options: { enabled: boolean }) {
  return useQuery({ ...profilesSentQueryOptions(), enabled: options.enabled });
}
