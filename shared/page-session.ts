// The stored session, as the Worker sees it when it serves a member's page
// it renders (ADR 0041): a copy of the member's bearer token in a cookie sent
// with those pages' requests only (one copy per page, by its path), so that
// the Worker can render the member's screen into the HTML. It is never taken
// as the API's credential: the API reads the Authorization header alone, so a
// request another site makes the browser send carries nothing the API accepts.
import type { CurrentUser, MemberListPage } from "./api-types.ts";

export const PAGE_SESSION_COOKIE = "page_session";

/**
 * The member's pages the Worker renders: /search (ADR 0041), and the
 * requests received, which the interest link of the WhatsApp message opens
 * (ADR 0042).
 */
export const PAGE_SESSION_PATHS = ["/search", "/viewed_by_profiles"] as const;
export type MemberPagePath = (typeof PAGE_SESSION_PATHS)[number];

export function isMemberPage(path: string): path is MemberPagePath {
  return (PAGE_SESSION_PATHS as readonly string[]).includes(path);
}

/** The data block of a rendered /viewed_by_profiles: the member and the list's first page, as the API answered them. */
export const VIEWED_BY_PAGE_DATA_ID = "viewed-by-page-data";

export interface ViewedByPageData {
  user: CurrentUser;
  list: MemberListPage;
}
