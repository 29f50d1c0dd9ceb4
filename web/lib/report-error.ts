// Client errors go to our own API (POST /api/client_errors), not to a third
// party: members' data stays with the agency. Reporting is fire-and-forget and
// must never throw or loop, whatever state the page is in.
import type { ClientErrorReport } from "#shared/schemas/client-error.ts";
import { isApiError } from "./api-client.ts";

// The server's caps (shared/schemas/client-error.ts): a longer report would be
// refused whole.
const MAX_MESSAGE = 2000;
const MAX_STACK = 8000;

/** A broken page can fail on every render; a few reports tell the story. */
const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
const reportedObjects = new WeakSet<object>();
const reportedMessages = new Set<string>();

function clip(text: string | undefined, max: number): string | undefined {
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describeError(error: unknown): { message: string; stack?: string | undefined } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === "string") return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function reportClientError(error: unknown, componentStack?: string): void {
  try {
    // A cancelled request is the member leaving a screen, not a bug.
    if (isApiError(error) && error.code === "ABORTED") return;
    if (typeof error === "object" && error !== null) {
      if (reportedObjects.has(error)) return;
      reportedObjects.add(error);
    }
    const { message, stack } = describeError(error);
    const key = `${message}\n${stack ?? ""}`;
    if (reportedMessages.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
    reportedMessages.add(key);
    sent += 1;

    const report: ClientErrorReport = {
      message: clip(message, MAX_MESSAGE) ?? "Unknown error",
      // Without the query string: auto-login links carry a sign-in token there.
      url: clip(window.location.origin + window.location.pathname, MAX_MESSAGE) ?? "",
    };
    const clippedStack = clip(stack, MAX_STACK);
    if (clippedStack) report.stack = clippedStack;
    const clippedComponentStack = clip(componentStack, MAX_STACK);
    if (clippedComponentStack) report.componentStack = clippedComponentStack;

    // keepalive lets the report leave even when the error ends in a reload.
    void fetch("/api/client_errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {
      // Reporting is best effort; the server may be the thing that is down.
    });
  } catch {
    // See above: reporting never adds an error of its own.
  }
}

/** Errors no React boundary sees: event handlers, timers, promise chains. */
export function installGlobalErrorReporting(): void {
  window.addEventListener("error", (event) => {
    // Failed <img>/<script> loads also fire "error" but carry no error object.
    if (event.error !== undefined && event.error !== null) reportClientError(event.error);
    else if (event.message) reportClientError(event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportClientError(event.reason);
  });
}
