import { readProfileId } from "#shared/profile-id.ts";

/**
 * Where "Forgot password?" leads (ADR 0021): `base`, the code's page with
 * what it carries (`?next=` back to a request), and the Profile ID the member
 * has typed once it is one, so the code's form starts with it instead of
 * empty. Half-typed or not a Profile ID: the link stays as it is.
 */
export function forgotPasswordHref(base: string, typedPid: string | undefined): string {
  const pid = readProfileId(typedPid ?? "");
  if (pid === undefined) return base;
  const [path = "", query = ""] = base.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("pid", String(pid));
  return `${path}?${params.toString()}`;
}
