import { api, webhookSignature } from "../setup/fixtures.ts";

// A call to the Worker as the security suite describes it: structured, so
// that the authorization matrix sends it as it is and the fuzzer can take
// it apart field by field (ADR 0027).

export interface Call {
  method: string;
  /** The path without its query. */
  path: string;
  query?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: Record<string, string | File>;
  /** Signed with the webhook's app secret, as Meta signs what it sends. */
  signed?: boolean;
  /** The call ends the caller's session: it gets a session of its own. */
  endsSession?: boolean;
  /** The call ends the caller's other sessions: those signed in ahead are gone. */
  endsOtherSessions?: boolean;
}

/** A request as it goes on the wire: what the fuzzer may also make by hand. */
export interface Wire {
  method: string;
  /** Path and query. */
  target: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  signed?: boolean;
}

export function encodeQuery(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`).join("&");
}

/** A lone surrogate cannot be percent-encoded: it goes as U+FFFD, as a browser sends it. */
function encodePart(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

function formData(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export function toWire(call: Call): Wire {
  const query = call.query ? Object.entries(call.query) : [];
  const target = query.length > 0 ? `${call.path}?${encodeQuery(query)}` : call.path;
  if (call.json !== undefined) {
    return { method: call.method, target, headers: { "Content-Type": "application/json" }, body: JSON.stringify(call.json), signed: call.signed };
  }
  if (call.form) return { method: call.method, target, headers: {}, body: formData(call.form), signed: call.signed };
  return { method: call.method, target, headers: {}, signed: call.signed };
}

/** Sends a request with the caller's headers; a signed body gets its signature. */
export async function send(wire: Wire, callerHeaders: Record<string, string>): Promise<Response> {
  const headers = { ...wire.headers, ...callerHeaders };
  if (wire.signed && typeof wire.body === "string") headers["X-Hub-Signature-256"] = await webhookSignature(wire.body);
  return api(wire.target, { method: wire.method, headers, ...(wire.body === undefined ? {} : { body: wire.body }) });
}
