import type { MiddlewareHandler } from "hono";
import type { ApiFailure } from "../../shared/api-types.ts";
import type { AppEnv } from "../env.ts";
import { clientAddress } from "../middleware/rate-limit.ts";

// Proxy mode (design brief section 1): with AGENCY_API_URL set, /api/* goes
// to that agency backend, which implements the same contract. Method, path,
// query, body and Authorization pass; hop-by-hop headers and cookies do not;
// the client's address and the request id are added. Nothing that carries a
// token is cached.

export const DEFAULT_PROXY_TIMEOUT_MS = 10_000;

/** Connection-level headers (RFC 9110 section 7.6.1) and cookies: never forwarded either way. */
const NOT_FORWARDED = new Set([
  "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer",
  "transfer-encoding", "upgrade", "host", "cookie", "set-cookie", "content-length",
]);

function forwardable(headers: Headers): Headers {
  const result = new Headers();
  // Headers named in Connection are hop-by-hop too.
  const named = new Set((headers.get("connection") ?? "").split(",").map((name) => name.trim().toLowerCase()));
  headers.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name) && !named.has(name) && !name.startsWith("cf-")) result.set(name, value);
  });
  return result;
}

function failure(status: 502 | 504, body: ApiFailure): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export function proxyToAgencyBackend(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const base = c.env.AGENCY_API_URL;
    if (!base) return next();
    const incoming = new URL(c.req.url);
    const target = new URL(base.replace(/\/+$/, "") + incoming.pathname.replace(/^\/api/, "") + incoming.search);
    const headers = forwardable(c.req.raw.headers);
    const forwardedFor = c.req.header("X-Forwarded-For");
    const address = clientAddress(c.req.raw);
    headers.set("X-Forwarded-For", forwardedFor ? `${forwardedFor}, ${address}` : address);
    headers.set("X-Forwarded-Host", incoming.host);
    headers.set("X-Forwarded-Proto", incoming.protocol.replace(":", ""));
    headers.set("X-Request-Id", c.var.requestId);
    const timeoutMs = Number(c.env.AGENCY_API_TIMEOUT_MS) || DEFAULT_PROXY_TIMEOUT_MS;

    let upstream: Response;
    try {
      const method = c.req.method;
      upstream = await fetch(target, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : c.req.raw.body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
        return failure(504, { error: "The agency server did not answer in time. Please try again.", code: "GATEWAY_TIMEOUT" });
      }
      console.error(JSON.stringify({ kind: "proxy_error", requestId: c.var.requestId, target: target.origin, message: String(error) }));
      return failure(502, { error: "The agency server cannot be reached. Please try again later.", code: "BAD_GATEWAY" });
    }
    const response = new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: forwardable(upstream.headers) });
    if (c.req.header("Authorization")) response.headers.set("Cache-Control", "private, no-store");
    return response;
  };
}
