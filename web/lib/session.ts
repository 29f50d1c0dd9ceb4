// The browser side of a session (§ "3. Entities and their fields", § "4. States and transitions" and § "6. Roles and permissions"): the token and the
// current user (pid and profileLimits) live in localStorage, so a member stays
// signed in across visits and tabs. The server can end the session at any
// time; the route guard finds out through GET /api/users/current.
import type { ProfileLimits } from "#shared/membership.ts";
import { PAGE_SESSION_COOKIE, PAGE_SESSION_PATHS } from "#shared/page-session.ts";
import { setCookie } from "./cookies.ts";
import { readStored, storedKeysWatcher, writeStored } from "./local-store.ts";

const TOKEN_KEY = "token";
const USER_KEY = "currentUser";

export interface StoredUser {
  pid: number;
  profileLimits: ProfileLimits;
}

const watcher = storedKeysWatcher([TOKEN_KEY, USER_KEY]);

export function getToken(): string | null {
  return readStored(TOKEN_KEY);
}

export function getStoredUser(): StoredUser | null {
  const raw = readStored(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && "pid" in parsed && typeof parsed.pid === "number" && "profileLimits" in parsed) {
      return parsed as StoredUser;
    }
  } catch {
    // A value written by an older version of the site: treat as absent.
  }
  return null;
}

export function saveSession(token: string, user: StoredUser): void {
  writeStored(TOKEN_KEY, token);
  keepPageSession();
  saveUser(user);
}

/**
 * The stored token's copies for the pages the Worker renders for a member
 * (shared/page-session.ts, ADR 0041): written with the token, and again whenever the server has just
 * confirmed the session (the current user's answer), so that a session
 * stored before the cookie existed gets it and a year counts from the last
 * visit; removed with the token (clearSession).
 */
export function keepPageSession(): void {
  const token = getToken();
  if (token) setPageSession(token);
}

/** The page-session cookie on each page's path; null removes it. */
function setPageSession(token: string | null): void {
  for (const path of PAGE_SESSION_PATHS) setCookie(PAGE_SESSION_COOKIE, token, path);
}

/** Keeps the stored user in step with the server's latest answer. */
export function saveUser(user: StoredUser): void {
  const next = JSON.stringify({ pid: user.pid, profileLimits: user.profileLimits });
  if (readStored(USER_KEY) === next) return;
  writeStored(USER_KEY, next);
  watcher.notify();
}

/**
 * § "4. States and transitions": on logout or a failed current-user check, local storage is
 * cleared, and the tab's own (the API client's bookmark, ADR 0032), so the
 * next member on this phone starts afresh.
 */
export function clearSession(): void {
  for (const storage of ["localStorage", "sessionStorage"] as const) {
    try {
      window[storage].clear();
    } catch {
      // Nothing stored that we could remove.
    }
  }
  // The token's copies for the member's pages (shared/page-session.ts, ADR 0041) go with it.
  setPageSession(null);
  watcher.notify();
}

/** Calls `listener` whenever the stored token or user changes, in this tab or another. */
export const watchSession = watcher.subscribe;
