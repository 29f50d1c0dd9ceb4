// Calls under /api/admin with the staff token (never the member's), through
// the app's one API client. A 401 means the staff session is over (expired,
// ended, or a token the server no longer knows): the stored one is dropped,
// which sends the console back to its sign-in.
import { apiCaller, isApiError, type ApiData, type ApiCall, type CallArguments } from "#web/lib/api-client.ts";
import { clearStaffSession, getStaffToken } from "./staff-session.ts";

/** A call of the admin API: "GET /admin/members/:pid". */
type AdminCall = Extract<ApiCall, `${string} /admin/${string}`>;

const staffRequest = apiCaller(getStaffToken);

export async function adminRequest<R extends AdminCall>(route: R, ...options: CallArguments<R>): Promise<ApiData<R>> {
  try {
    return await staffRequest(route, ...options);
  } catch (error) {
    if (isApiError(error) && error.status === 401) clearStaffSession();
    throw error;
  }
}

/** The root of every console query key, so that signing out drops them all. */
export const adminQueryKey = ["admin"] as const;
