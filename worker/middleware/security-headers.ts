import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env.ts";

/**
 * What every response may load: its own origin's scripts and nothing
 * inline, photo previews from blob: URLs, nothing from another origin.
 */
const POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

const format = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join("; ");

const EVERY_RESPONSE = format(POLICY);

/**
 * Headers on every response, API and static alike. The
 * Content-Security-Policy is POLICY, and the one inline script the page
 * carries (`c.var.inlineScript`, a hash source: an auto-login page's first
 * script, ADR 0042); it is set after the handler, which is the one to know,
 * where Hono's secureHeaders builds its policy before.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const others = secureHeaders({
    strictTransportSecurity: "max-age=31536000; includeSubDomains",
    xFrameOptions: "DENY",
    // Auto-login links carry a token in the URL: never leak it to another site.
    referrerPolicy: "no-referrer",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return (c, next) =>
    others(c, async () => {
      await next();
      const script = c.var.inlineScript;
      c.res.headers.set("Content-Security-Policy", script ? format({ ...POLICY, "script-src": [...POLICY["script-src"], script] }) : EVERY_RESPONSE);
    });
}
