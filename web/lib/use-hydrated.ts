import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React adopts a prerendered page (its server snapshot, ADR
 * 0031), true from then on: what the page shows before its code runs must
 * not pretend to work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
