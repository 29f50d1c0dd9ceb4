// The agency console's own session: a staff token and the signed-in staff
// member, under keys of their own, so that a member signed in on the same
// browser (an agency desk also helps members) and the console never share or
// clear each other's sign-in. Members' sign-out clears all of localStorage
// (§ "4. States and transitions"), which also signs staff out: the safe direction.
import { useSyncExternalStore } from "react";
import type { StaffUser } from "#shared/admin-types.ts";
import { readStored, removeStored, storedKeysWatcher, writeStored } from "#web/lib/local-store.ts";

const TOKEN_KEY = "agencyToken";
const STAFF_KEY = "agencyStaff";

const watcher = storedKeysWatcher([TOKEN_KEY, STAFF_KEY]);

export function getStaffToken(): string | null {
  return readStored(TOKEN_KEY);
}

export function getStoredStaff(): StaffUser | null {
  const raw = readStored(STAFF_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && "username" in parsed && "role" in parsed && "name" in parsed) {
      return parsed as StaffUser;
    }
  } catch {
    // Written by another version of the console: treat as absent.
  }
  return null;
}

export function saveStaffSession(token: string, staff: StaffUser): void {
  writeStored(TOKEN_KEY, token);
  writeStored(STAFF_KEY, JSON.stringify(staff));
  watcher.notify();
}

/** Keeps the header's name and role in step with GET /api/admin/me. */
export function saveStaff(staff: StaffUser): void {
  const next = JSON.stringify(staff);
  if (readStored(STAFF_KEY) === next) return;
  writeStored(STAFF_KEY, next);
  watcher.notify();
}

export function clearStaffSession(): void {
  removeStored([TOKEN_KEY, STAFF_KEY]);
  watcher.notify();
}

/** Whether a staff token is stored; re-renders when it changes. */
export function useHasStaffToken(): boolean {
  return useSyncExternalStore(watcher.subscribe, () => getStaffToken() !== null);
}

/** The stored staff member (name and role for the header). */
export function useStoredStaff(): StaffUser | null {
  // The raw string is the snapshot: a parsed object would differ on every call.
  const raw = useSyncExternalStore(watcher.subscribe, () => readStored(STAFF_KEY));
  return raw === null ? null : getStoredStaff();
}
