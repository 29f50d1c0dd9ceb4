// GET /api/whatsapp/public_profiles/{date} (§ "WhatsApp and public"):
// the cards of a published list, week=true with a week's date. No sign-in:
// the server sends only what a stranger may see.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import type { PublicListRef } from "#shared/public-list.ts";
import { profilesSentWithPage } from "../lib/edge-answers.ts";

export function getPublicProfiles(list: PublicListRef, signal?: AbortSignal) {
  return apiRequest("GET /whatsapp/public_profiles/:date", {
    params: { date: list.date },
    query: list.week ? { week: "true" } : undefined,
    signal,
  });
}

export function publicProfilesQueryOptions(list: PublicListRef) {
  return queryOptions({
    queryKey: ["public-profiles", list.date, list.week],
    queryFn: ({ signal }) => getPublicProfiles(list, signal),
  });
}

export function usePublicProfiles(list: PublicListRef | null) {
  const options = publicProfilesQueryOptions(list ?? { date: "", week: false });
  // The page's own list comes with the page (ADR 0031).
  return useQuery({ ...options, initialData: () => (list ? profilesSentWithPage(list) : undefined), enabled: list !== null });
}
