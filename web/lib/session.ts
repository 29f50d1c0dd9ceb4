// The browser side of a session (sections 3, 4 and 6): the token and the
// current user (pid and profileLimits) live in localStorage, so a member stays
// signed in across visits and tabs. The server can end the session at any
// time; the route guard finds out through GET /api/users/current.
import { useSyncExternalStore } from "react";
import type { ProfileLimits } from "../../shared/membership.ts";

const TOKEN_KEY = "token";
const USER_KEY = "currentUser";

export interface StoredUser {
  pid: number;
  profileLimits: ProfileLimits;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

// Private browsing modes and full disks make localStorage throw; a member then
// simply is not remembered, which must not break the screen.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; see read().
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getStoredUser(): StoredUser | null {
  const raw = read(USER_KEY);
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
  write(TOKEN_KEY, token);
  saveUser(user);
}

/** Keeps the stored user in step with the server's latest answer. */
export function saveUser(user: StoredUser): void {
  const next = JSON.stringify({ pid: user.pid, profileLimits: user.profileLimits });
  if (read(USER_KEY) === next) return;
  write(USER_KEY, next);
  notify();
}

/** Section 4: on logout or a failed current-user check, local storage is cleared. */
export function clearSession(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored that we could remove.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab should show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Whether a token is stored; re-renders when it changes. */
export function useHasToken(): boolean {
  return useSyncExternalStore(subscribe, () => getToken() !== null);
}
