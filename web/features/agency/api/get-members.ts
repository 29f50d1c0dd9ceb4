// GET /api/admin/members: find members by Profile ID, name, mobile, tier,
// gender, membership state or account status, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Gender, ProfileType } from "#shared/constants.ts";
import type { MembershipFilter } from "#shared/schemas/admin.ts";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export interface MemberFilters {
  q?: string | undefined;
  tier?: ProfileType | undefined;
  gender?: Gender | undefined;
  membership?: MembershipFilter | undefined;
  status?: "active" | "deactivated" | undefined;
  page: number;
}

export const membersQueryKey = [...adminQueryKey, "members"] as const;

export function getMembers(filters: MemberFilters, signal?: AbortSignal) {
  return adminRequest("GET /admin/members", { query: { ...filters }, signal });
}

export function membersQueryOptions(filters: MemberFilters) {
  return queryOptions({
    queryKey: [...membersQueryKey, "list", filters],
    queryFn: ({ signal }) => getMembers(filters, signal),
    // The table keeps its rows while the next page loads, instead of jumping.
    placeholderData: keepPreviousData,
  });
}

export function useMembers(filters: MemberFilters) {
  return useQuery(membersQueryOptions(filters));
}
