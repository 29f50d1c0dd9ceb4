// GET /api/whatsapp/profiles_sent (§ "7. The calls the product makes"): for FREE members, the
// profiles they asked about, at most 2 (§ "9. Business constants and limits"), under "WhatsApp Profiles".
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { whatsappQueryKey } from "./get-whatsapp-profile.ts";

/** `exclude`: the profile the page shows above the list, which the list leaves out and still holds up to 2 others. */
export function getProfilesSent(exclude: number | null, signal?: AbortSignal) {
  return apiRequest("GET /whatsapp/profiles_sent", { query: exclude === null ? {} : { exclude }, signal });
}

export function profilesSentQueryOptions(exclude: number | null) {
  return queryOptions({ queryKey: [...whatsappQueryKey, "sent", exclude], queryFn: ({ signal }) => getProfilesSent(exclude, signal) });
}

export function useProfilesSent(options: { enabled: boolean; exclude: number | null }) {
  return useQuery({ ...profilesSentQueryOptions(options.exclude), enabled: options.enabled });
}
