// A signed-in member's /search comes rendered by the Worker (ADR 0041), with
// what it was rendered from: the member (`GET users/current`'s answer) and the
// first page of the simple list (`GET Simple_Search_Profiles`'), in the
// page's data block (worker/edge/search-page-data.ts). The browser's first
// render reads the same answers, so that it adopts the Worker's markup, and
// asks for neither. The Worker learns who the member is from the page-session
// cookie (lib/session.ts keepPageSession).
import type { QueryClient } from "@tanstack/react-query";
import type { SearchPageData } from "#shared/search-lists.ts";
import { currentUserQueryKey } from "#web/lib/auth.ts";
import { simpleSearchProfilesQueryOptions } from "../api/get-simple-search-profiles.ts";
import { DEFAULT_SEARCH_STATE } from "./search-query.ts";

/** The answers in the cache, where the first render reads them: the Worker's render's own cache, or the browser's. */
export function keepSearchPage(client: QueryClient, { user, list }: SearchPageData): void {
  client.setQueryData(currentUserQueryKey, user);
  client.setQueryData(simpleSearchProfilesQueryOptions(DEFAULT_SEARCH_STATE.page, DEFAULT_SEARCH_STATE.order).queryKey, list);
}
