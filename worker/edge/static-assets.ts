import type { Handler } from "hono";
import { config, type AppEnv } from "../env.ts";

/**
 * Serves the built SPA through the ASSETS binding (index.html for unknown
 * paths). The response is copied because fetched headers are immutable and
 * the middlewares add the request id and security headers afterwards.
 * Vite names files under /assets/ by content hash, so they never change.
 */
export const serveStaticAssets: Handler<AppEnv> = async (c) => {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  if ((asset.headers.get("Content-Type") ?? "").startsWith("text/html")) return withAgencyDetails(asset, c.env);
  const response = new Response(asset.body, asset);
  if (new URL(c.req.url).pathname.startsWith("/assets/") && asset.ok) {
    response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  }
  return response;
};

/**
 * The SPA reads the agency's name and phone ({agency} and {phone} in the
 * specification's texts) from meta tags, so they are configuration of the
 * Worker rather than part of the build. The page differs by configuration,
 * so it is revalidated on every visit.
 */
function withAgencyDetails(asset: Response, env: Env): Response {
  const { agencyName, agencyPhone } = config(env);
  const rewritten = new HTMLRewriter()
    .on('meta[name="agency-name"]', { element: (meta) => void meta.setAttribute("content", agencyName) })
    .on('meta[name="agency-phone"]', { element: (meta) => void meta.setAttribute("content", agencyPhone) })
    .transform(asset);
  const response = new Response(rewritten.body, asset);
  response.headers.delete("ETag");
  response.headers.delete("Content-Length");
  response.headers.set("Cache-Control", "no-cache");
  return response;
}
