/**
 * Where to go once the member has a password: the page that sent them here
 * (`?next=`, the request link they came from), or the profiles. Only paths of
 * this site: an address elsewhere is ignored.
 */
export function nextPath(params: URLSearchParams): string {
  const next = params.get("next") ?? "";
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/search";
}

/** The Profile ID in `?pid=`, when it is one. */
export function pidParam(params: URLSearchParams): number | undefined {
  const pid = Number(params.get("pid"));
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** The same query for the sister page (forgot password, set password). */
export function carried(params: URLSearchParams, pid: number | undefined): string {
  const query = new URLSearchParams();
  if (pid !== undefined) query.set("pid", String(pid));
  if (params.get("next")) query.set("next", nextPath(params));
  const text = query.toString();
  return text ? `?${text}` : "";
}
