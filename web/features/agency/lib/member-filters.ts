// The members list's filters live in the address (/agency/members?q=...), so
// that a search can be shared, reloaded and returned to with Back.
import { GENDERS, PROFILE_TYPES } from "#shared/constants.ts";
import { MEMBERSHIP_FILTERS } from "#shared/schemas/admin.ts";
import type { MemberFilters } from "../api/get-members.ts";

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((item) => item === value);
}

export function readMemberFilters(params: URLSearchParams): MemberFilters {
  const page = Number(params.get("page"));
  return {
    q: params.get("q")?.trim() || undefined,
    tier: oneOf(PROFILE_TYPES, params.get("tier")),
    gender: oneOf(GENDERS, params.get("gender")),
    membership: oneOf(MEMBERSHIP_FILTERS, params.get("membership")),
    status: oneOf(["active", "deactivated"] as const, params.get("status")),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function memberFiltersSearch(filters: Partial<MemberFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "" && !(key === "page" && value === 1)) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
