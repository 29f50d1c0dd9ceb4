// GET /api/admin/me: who is signed in to the console, and whether the
// session still holds (a 401 signs the console out, lib/admin-request.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffUser } from "#shared/admin-types.ts";
import { unreadableAnswer } from "#web/lib/api-client.ts";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";
import { saveStaff } from "../lib/staff-session.ts";

export async function getMe(signal?: AbortSignal): Promise<StaffUser> {
  const staff = await adminRequest("GET /admin/me", { signal });
  // null only if the account went between the session's check and its read.
  if (!staff) throw unreadableAnswer(200);
  saveStaff(staff);
  return staff;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, "me"], queryFn: ({ signal }) => getMe(signal) });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
