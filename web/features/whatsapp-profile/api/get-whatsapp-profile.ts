// GET /api/whatsapp_profile?pid= (§ "WhatsApp and public"): the
// profile a WhatsApp link points at, and its phone number only when the
// server finds the member entitled to it (ADR 0012: the owner, or an active
// member whose approved view is recorded).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export const whatsappQueryKey = ["whatsapp"] as const;

export function getWhatsappProfile(pid: number, signal?: AbortSignal) {
  return apiRequest("GET /whatsapp_profile", { query: { pid }, signal });
}

export function whatsappProfileQueryOptions(pid: number) {
  return queryOptions({
    queryKey: [...whatsappQueryKey, "profile", pid],
    queryFn: ({ signal }) => getWhatsappProfile(pid, signal),
  });
}

export function useWhatsappProfile(pid: number | null) {
  return useQuery({ ...whatsappProfileQueryOptions(pid ?? 0), enabled: pid !== null });
}
