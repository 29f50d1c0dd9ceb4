// The stored session, as the Worker sees it when it serves /search's page
// (ADR 0041): a copy of the member's bearer token in a cookie sent with that
// page's request only (its path), so that the Worker can render the
// member's screen into the HTML. It is never taken as the API's
// credential: the API reads the Authorization header alone, so a request
// another site makes the browser send carries nothing the API accepts.
export const PAGE_SESSION_COOKIE = "page_session";
export const PAGE_SESSION_PATH = "/search";
