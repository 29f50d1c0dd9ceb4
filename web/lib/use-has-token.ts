// Whether a session is stored, as React state. Apart from session.ts so that
// the session itself imports no React: the auto-login links keep one before
// the application has loaded (ADR 0042).
import { useSyncExternalStore } from "react";
import { getToken, watchSession } from "./session.ts";

let renderedSignedIn = false;

/** Whether the page at hand is rendered for a signed-in member (the Worker's /search, ADR 0041) rather than a visitor. */
export function setRenderedSignedIn(signedIn: boolean): void {
  renderedSignedIn = signedIn;
}

/**
 * Whether a token is stored; re-renders when it changes. A page prerendered
 * at build time (ADR 0031) shows a visitor, so hydration starts from one;
 * one the Worker rendered for the member, from the member.
 */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    watchSession,
    () => getToken() !== null,
    () => renderedSignedIn,
  );
}
