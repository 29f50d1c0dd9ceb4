// The reference lists (§ "7. The calls the product makes", "GET heights, stars, ..."): registration,
// profile editing and search all fill their selects from them, so the calls
// live in lib/ like the session calls (ADR 0006): features never import each
// other.
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
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

/** Lists a page brought with it (ADR 0031), each kept under its own key, where useReferenceList reads it, as if the API had answered it. */
export function keepReferenceLists<Name extends ReferenceListName>(client: QueryClient, lists: Record<Name, LookupItem[]>, names: readonly Name[]): void {
  for (const name of names) client.setQueryData(referenceListQueryOptions(name).queryKey, lists[name]);
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

/** Each list's Telugu names by English name, built once per list answer however many values look it up. */
const teluguByName = new WeakMap<LookupItem[], Map<string, string>>();

function teluguNames(items: LookupItem[]): Map<string, string> {
  let names = teluguByName.get(items);
  if (!names) {
    names = new Map(items.flatMap((item) => (item.nameTe ? [[item.name, item.nameTe] as const] : [])));
    teluguByName.set(items, names);
  }
  return names;
}

/**
 * The Telugu name of a value a profile answer gives by its English name (the
 * profile calls answer names, not ids: their fields are the agency backend's
 * contract), looked up in the list the value comes from (ADR 0040).
 * `language` is the active one (useLanguage()): only in Telugu mode is the
 * list asked for, once a visit like the selects' lists (ADR 0029), so English
 * and every page's first load cost nothing. Null in English, while the list
 * loads, and for a name the list does not have (a value the agency typed, an
 * agency backend's own names) or has without a Telugu name: the caller shows
 * the answered name as it is.
 */
export function useTeluguName(list: ReferenceListName, name: string | null, language: Language): string | null {
  const telugu = language === "te";
  const items = useReferenceList(list, { enabled: telugu && name !== null }).data;
  if (!telugu || !items || name === null) return null;
  return teluguNames(items).get(name) ?? null;
}
