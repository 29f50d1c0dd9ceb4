// A signed-in member's /viewed_by_profiles comes rendered by the Worker (ADR
// 0042), with what it was rendered from: the member and the first page of
// their requests received, in the page's data block
// (worker/edge/viewed-by-page-data.ts). The browser's first render reads the
// same answers, so that it adopts the Worker's markup, and asks for neither.
import type { QueryClient } from "@tanstack/react-query";
import type { ViewedByPageData } from "#shared/page-session.ts";
import { currentUserQueryKey } from "#web/lib/auth.ts";
import { profileVisitsQueryOptions } from "../api/get-profile-visits.ts";

/** The answers in the cache, where the first render reads them: the Worker's render's own cache, or the browser's. */
export function keepViewedByPage(client: QueryClient, { user, list }: ViewedByPageData): void {
  client.setQueryData(currentUserQueryKey, user);
  client.setQueryData(profileVisitsQueryOptions(user.pid, "V", 1).queryKey, list);
}
