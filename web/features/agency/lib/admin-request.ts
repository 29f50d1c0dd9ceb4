// Calls under /api/admin with the staff token (never the member's), through
// the app's one API client. A 401 means the staff session is over (expired,
// ended, or a token the server no longer knows): the stored one is dropped,
// which sends the console back to its sign-in.
import { apiRequest, isApiError, type RequestOptions } from "../../../lib/api-client.ts";
import { clearStaffSession, getStaffToken } from "./staff-session.ts";

export async function adminRequest<T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  try {
    return await apiRequest<T>(`admin/${path}`, { ...options, token: getStaffToken() });
  } catch (error) {
    if (isApiError(error) && error.status === 401) clearStaffSession();
    throw error;
  }
}

/** The root of every console query key, so that signing out drops them all. */
export const adminQueryKey = ["admin"] as const;
