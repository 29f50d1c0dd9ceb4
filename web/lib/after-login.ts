// Where /login sends a member once signed in: /search (§ "2. Screens and routes"), or the
// member screen a page sent them to log in for, named in the query `next`
// (the public page's paid-only card: § "6. Roles and permissions", "Phone button on public
// cards"; ADR 0017). Only this application's own member screens are
// accepted, so a link cannot send a member anywhere else after they sign in.

const DEFAULT_DESTINATION = "/search";

/** The member screens a `next` may name (web/app/router.tsx). */
const MEMBER_PATHS: ReadonlySet<string> = new Set([
  "/search",
  "/search_id",
  "/full_profile",
  "/viewed_by_profiles",
  "/viewed_profiles",
  "/recommended_profiles",
  "/whatsapp_profile",
  "/edit_profile",
]);

/** A placeholder origin to read a path against: a `next` that names any other host is refused. */
const ORIGIN = "https://this-application.invalid";

/** /login, to go on to `destination` (a member screen's path and query) once signed in. */
export function loginPathTo(destination: string): string {
  return `/login?next=${encodeURIComponent(destination)}`;
}

/**
 * The path to open after a sign-in: `next` when it is a path of a member
 * screen here, otherwise /search. A URL with a scheme or a host, one that
 * starts with "//" or holds a backslash (which browsers read as "/"), and
 * any path not listed above give /search.
 */
export function destinationAfterLogin(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return DEFAULT_DESTINATION;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return DEFAULT_DESTINATION;
  }
  if (url.origin !== ORIGIN || !MEMBER_PATHS.has(url.pathname)) return DEFAULT_DESTINATION;
  return `${url.pathname}${url.search}`;
}
