// GET /api/whatsapp/profiles_sent (section 7): for FREE members, the
// profiles they asked about, at most 2 (section 9), under "WhatsApp Profiles".
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
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
