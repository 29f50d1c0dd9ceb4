// GET /api/public_messages?date=&week= : the promotional messages of the
// template the agency chose for a published list. GET templates/public lists
// every template, but it needs a member's sign-in, and this page is for
// visitors (ADR 0017).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import type { PublicListRef } from "#shared/public-list.ts";
import { messagesSentWithPage } from "../lib/edge-answers.ts";

export function getPublicMessages(list: PublicListRef, signal?: AbortSignal) {
  return apiRequest("GET /public_messages", { query: { date: list.date, week: list.week ? "true" : undefined }, signal });
}

export function publicMessagesQueryOptions(list: PublicListRef) {
  return queryOptions({
    queryKey: ["public-messages", list.date, list.week],
    queryFn: ({ signal }) => getPublicMessages(list, signal),
  });
}

export function usePublicMessages(list: PublicListRef | null) {
  const options = publicMessagesQueryOptions(list ?? { date: "", week: false });
  // The page's own list comes with the page (ADR 0031).
  return useQuery({ ...options, initialData: () => (list ? messagesSentWithPage(list) : undefined), enabled: list !== null });
}
