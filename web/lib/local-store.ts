// localStorage for sessions kept in the browser: the member's (session.ts)
// and the agency console's. Private browsing modes and full disks make
// localStorage throw; a session then simply is not remembered, which must not
// break the screen. Subscriptions also hear other tabs, so signing in or out
// in one tab changes what every tab shows.

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; see above.
  }
}

export function removeStored(keys: readonly string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** Change notification for a group of keys, for useSyncExternalStore. */
export function storedKeysWatcher(keys: readonly string[]) {
  const listeners = new Set<() => void>();
  return {
    notify(): void {
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      // event.key is null when another tab cleared all of localStorage.
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || keys.includes(event.key)) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
