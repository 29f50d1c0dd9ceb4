import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { ApiFailure } from "#shared/api-types.ts";
import { API_ROUTES } from "#shared/contract/routes.ts";
import { config, type AgencyBackend, type AppEnv } from "../env.ts";
import { ApiError, text } from "../lib/errors.ts";
import { message } from "../lib/i18n.ts";
import { isReadRequest } from "../lib/read-requests.ts";
import { clientAddress } from "../middleware/rate-limit.ts";

// Proxy mode (ADR 0003): with AGENCY_API_URL set,
// /api/* goes to that agency backend, which implements the same contract.
// Method, path, query and body pass, with only the request headers the
// contract uses; the Worker adds the client's address, the request id and
// the shared key that tells the backend the call came through the Worker
// (ADR 0026). Nothing that carries a token is cached. Only the contract's
// routes (shared/contract, ADR 0035) are forwarded, spelled exactly as the
// Worker's own routes and so its rate limits match them; any other path
// answers 404 as the built-in API does, so `/users/Sign_In` or
// `/users/sign_in/` never reaches a backend that might read it as sign-in
// without SIGN_IN_LIMIT.

export const DEFAULT_PROXY_TIMEOUT_MS = 10_000;

/** The header carrying AGENCY_API_KEY to the backend. */
export const PROXY_KEY_HEADER = "X-Agency-Proxy-Key";

/**
 * The request headers the API's contract uses. Anything else a client sends
 * (Forwarded, X-Real-IP, X-Original-URL, X-HTTP-Method-Override, ...) could
 * mean something to the backend's framework, so it stays behind.
 */
const FORWARDED_REQUEST_HEADERS = ["accept", "accept-language", "authorization", "content-type", "if-modified-since", "if-none-match", "user-agent"];

/**
 * Meta signs the webhook's body with the app secret (ADR 0020); only the
 * backend holds that secret in proxy mode, so the signature goes with the body.
 */
const WEBHOOK_PATH = "/whatsapp/webhook";
const WEBHOOK_SIGNATURE_HEADER = "x-hub-signature-256";

/** Connection-level headers (RFC 9110 section 7.6.1) and cookies: never passed back from the backend. */
const NOT_RETURNED = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "cookie",
  "set-cookie",
  "content-length",
]);

/**
 * What a backend's framework may turn into a way out of /api after the
 * Worker has read the path: percent-encodings it may decode into a path
 * separator or a dot segment (`/api/..%2fadmin`), `%25`, which hides them one
 * decoding deeper, `%00`, and `;`, after which some servers drop the rest of
 * a segment (`/api/..;/admin`). No path of the contract has any of them.
 */
const TRAVERSAL = /%(2f|5c|2e|25|00)|;/i;

/** The contract's routes by method, matched as Hono matches the Worker's own: case and slashes exactly. */
const CONTRACT_ROUTES = new TrieRouter<true>();
for (const route of API_ROUTES) CONTRACT_ROUTES.add(route.method.toUpperCase(), route.path, true);

function isContractRoute(method: string, path: string): boolean {
  // HEAD is a GET without its body, for Hono's routes too.
  return CONTRACT_ROUTES.match(method === "HEAD" ? "GET" : method, path)[0].length > 0;
}

function requestHeaders(incoming: Request, path: string, backend: AgencyBackend, requestId: string): Headers {
  const headers = new Headers();
  for (const name of path === WEBHOOK_PATH ? [...FORWARDED_REQUEST_HEADERS, WEBHOOK_SIGNATURE_HEADER] : FORWARDED_REQUEST_HEADERS) {
    const value = incoming.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(incoming.url);
  // The address Cloudflare saw, alone: a client's own X-Forwarded-For would let it choose what the backend reads first.
  headers.set("X-Forwarded-For", clientAddress(incoming));
  headers.set("X-Forwarded-Host", url.host);
  headers.set("X-Forwarded-Proto", url.protocol.replace(":", ""));
  headers.set("X-Request-Id", requestId);
  headers.set(PROXY_KEY_HEADER, backend.key);
  return headers;
}

function responseHeaders(upstream: Headers): Headers {
  const result = new Headers();
  // Headers named in Connection are hop-by-hop too.
  const named = new Set((upstream.get("connection") ?? "").split(",").map((name) => name.trim().toLowerCase()));
  upstream.forEach((value, name) => {
    if (!NOT_RETURNED.has(name) && !named.has(name) && !name.startsWith("cf-")) result.set(name, value);
  });
  return result;
}

function failure(status: number, body: ApiFailure): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The error code of a backend's failure by its status (ADR 0002). */
function failureCode(status: number): ApiFailure["code"] {
  if (status === 502) return "BAD_GATEWAY";
  if (status === 504) return "GATEWAY_TIMEOUT";
  return "INTERNAL";
}

export function proxyToAgencyBackend(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const backend = config(c.env).agencyBackend;
    if (!backend) return next();
    const incoming = new URL(c.req.url);
    if (TRAVERSAL.test(incoming.pathname)) throw new ApiError(400, "BAD_REQUEST", "This address is not allowed.");
    // The path the Worker's routes and rate limits read (percent-encoded
    // letters decoded), which is the one forwarded.
    const path = c.req.path.replace(/^\/api/, "");
    if (!isContractRoute(c.req.method, path)) throw new ApiError(404, "NOT_FOUND", text("server.noSuchPath"));
    const target = new URL(backend.baseUrl + path + incoming.search);
    const timeoutMs = Number(c.env.AGENCY_API_TIMEOUT_MS) || DEFAULT_PROXY_TIMEOUT_MS;

    // The timeout is for the backend to answer: it ends when the headers
    // arrive. A signal still armed after that would cut the body off
    // mid-stream, after the client was told 200.
    const answered = new AbortController();
    const timer = setTimeout(() => answered.abort(new DOMException("The agency backend did not answer in time", "TimeoutError")), timeoutMs);
    let upstream: Response;
    try {
      const method = c.req.method;
      upstream = await fetch(target, {
        method,
        headers: requestHeaders(c.req.raw, path, backend, c.var.requestId),
        body: isReadRequest(method) ? undefined : c.req.raw.body,
        redirect: "manual",
        signal: answered.signal,
      });
    } catch (error) {
      if (answered.signal.aborted || (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))) {
        return failure(504, { error: "The agency server did not answer in time. Please try again.", code: "GATEWAY_TIMEOUT" });
      }
      console.error(JSON.stringify({ kind: "proxy_error", requestId: c.var.requestId, clientRequestId: c.var.clientRequestId, target: target.origin, message: String(error) }));
      return failure(502, { error: "The agency server cannot be reached. Please try again later.", code: "BAD_GATEWAY" });
    } finally {
      clearTimeout(timer);
    }
    // A redirect would send the client to the backend's own address (or
    // through the Worker's other routes); no route of the contract answers one.
    // 304 is the answer to If-None-Match and passes.
    if (upstream.status >= 300 && upstream.status < 400 && upstream.status !== 304) {
      await upstream.body?.cancel();
      console.error(JSON.stringify({ kind: "proxy_redirect", requestId: c.var.requestId, clientRequestId: c.var.clientRequestId, target: target.origin, status: upstream.status }));
      return failure(502, { error: "The agency server gave an answer this site cannot use. Please try again later.", code: "BAD_GATEWAY" });
    }
    // A failure that is not the contract's JSON may be a framework's error
    // page with a stack trace: members never see one (ADR 0002).
    if (upstream.status >= 500 && !JSON_TYPE.test(upstream.headers.get("Content-Type") ?? "")) {
      await upstream.body?.cancel();
      return failure(upstream.status, { error: message(c.var.language, "server.somethingWentWrong"), code: failureCode(upstream.status) });
    }
    const response = new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders(upstream.headers) });
    if (c.req.header("Authorization")) response.headers.set("Cache-Control", "private, no-store");
    // Kept nowhere unless the backend says it may be, as the built-in API's answers (noStoreByDefault).
    else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return response;
  };
}
