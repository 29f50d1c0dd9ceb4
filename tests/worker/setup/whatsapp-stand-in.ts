// A stand-in for the WhatsApp Cloud API: a real HTTP server in Node (vitest
// globalSetup), so the worker tests send real requests from workerd over the
// network and check what arrived. It answers POST /{phone-number-id}/messages
// (optionally after a version, /v21.0/...) like the Cloud API and records
// every request. State (mode and recorded requests) is kept per phone-number
// id, so test files and tests that each use their own id never see one
// another's traffic.
//
// Control endpoints, used by the tests:
//   GET  /__received/{phone-number-id}  the recorded requests, as JSON
//   POST /__mode/{phone-number-id}      body: a StandInMode
// The URL reaches the tests through vitest's provide/inject.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    whatsappStandInUrl: string;
  }
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type StandInMode =
  /** Answer like the Cloud API's success, after `delayMs`. */
  | { kind: "ok"; delayMs?: number }
  /** Answer with a Cloud API error body and this HTTP status. */
  | { kind: "error"; status: number; code: number; message: string; details?: string }
  /** Never answer (for the timeout). */
  | { kind: "hang" };

interface PhoneState {
  mode: StandInMode;
  received: ReceivedRequest[];
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const phones = new Map<string, PhoneState>();
  let nextMessageId = 1;
  const stateOf = (phoneNumberId: string): PhoneState => {
    let state = phones.get(phoneNumberId);
    if (!state) {
      state = { mode: { kind: "ok" }, received: [] };
      phones.set(phoneNumberId, state);
    }
    return state;
  };

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, body, response))
      .catch((error: unknown) => json(response, 500, { error: { message: String(error), type: "StandIn", code: 1 } }));
  });

  function handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    const control = /^\/__(received|mode)\/([^/]+)$/.exec(path);
    if (control) {
      const state = stateOf(decodeURIComponent(control[2] ?? ""));
      if (control[1] === "received" && request.method === "GET") return json(response, 200, state.received);
      if (control[1] === "mode" && request.method === "POST") {
        state.mode = JSON.parse(body) as StandInMode;
        return json(response, 200, { mode: state.mode });
      }
      return json(response, 405, { error: "method not allowed" });
    }

    // The Graph API version may lead the path, as in the production base URL.
    const send = /^(?:\/v\d+\.\d+)?\/([^/]+)\/messages$/.exec(path);
    if (!send || request.method !== "POST") {
      // What the Graph API answers for a path it does not know.
      return json(response, 400, { error: { message: "Unknown path components", type: "OAuthException", code: 2500, fbtrace_id: "stand-in" } });
    }
    const state = stateOf(decodeURIComponent(send[1] ?? ""));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers[name] = value;
    }
    state.received.push({ method: request.method, path, headers, body });

    const mode = state.mode;
    if (mode.kind === "hang") return; // the socket is closed at teardown
    if (mode.kind === "error") {
      return json(response, mode.status, {
        error: {
          message: mode.message,
          type: "OAuthException",
          code: mode.code,
          error_data: { messaging_product: "whatsapp", details: mode.details ?? mode.message },
          fbtrace_id: "stand-in-trace",
        },
      });
    }
    const to = recipientOf(body);
    const answer = {
      messaging_product: "whatsapp",
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.stand-in-${nextMessageId++}` }],
    };
    setTimeout(() => json(response, 200, answer), mode.delayMs ?? 0);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  project.provide("whatsappStandInUrl", `http://127.0.0.1:${port}`);

  return async () => {
    // Hung requests would otherwise keep close() waiting.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function recipientOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "to" in parsed && typeof parsed.to === "string") return parsed.to;
  } catch {
    // A body that is not JSON still gets an answer; the test then sees what was sent.
  }
  return "";
}

function json(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
