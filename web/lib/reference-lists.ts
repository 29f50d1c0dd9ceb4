// The reference lists (§ "7. The calls the product makes", "GET heights, stars, ..."): registration,
// profile editing and search all fill their selects from them, so the calls
// live in lib/ like the session calls (ADR 0006): features never import each
// other.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LookupItem } from "#shared/api-types.ts";
import type { Language } from "#shared/i18n/language.ts";
import type { ReferenceListName as WorkerListName } from "#worker/db/reference-lists.ts";
import { apiRequest } from "./api-client.ts";

/** The lists the Worker serves (worker/db/reference-lists.ts): each is a route of its own. */
export type ReferenceListName = WorkerListName;

export function getReferenceList(name: ReferenceListName, stateId?: number, signal?: AbortSignal) {
  return apiRequest(`GET /${name}`, { query: { stateId }, signal });
}

export function referenceListQueryOptions(name: ReferenceListName, stateId?: number) {
  return queryOptions({
    queryKey: ["reference-lists", name, stateId ?? null],
    queryFn: ({ signal }) => getReferenceList(name, stateId, signal),
    // The lists change only with a database migration (the server lets
    // browsers keep them an hour): one fetch per visit is plenty.
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
  });
}

export function useReferenceList(name: ReferenceListName, options: { stateId?: number | undefined; enabled?: boolean } = {}) {
  return useQuery({ ...referenceListQueryOptions(name, options.stateId), enabled: options.enabled ?? true });
}

/**
 * What a member reads in a select. In Telugu mode an item with a Telugu name
 * shows it (ADR 0040); in English stars and raasis, known by their Telugu
 * names, show both ("Ashwini – అశ్విని").
 */
export function lookupLabel(item: LookupItem, withTelugu: boolean, language: Language): string {
  if (language === "te") return item.nameTe ?? item.name;
  return withTelugu && item.nameTe ? `${item.name} – ${item.nameTe}` : item.name;
}
