import type { Handler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Serves the built SPA through the ASSETS binding (index.html for unknown
 * paths). The response is copied because fetched headers are immutable and
 * the middlewares add the request id and security headers afterwards.
 * Vite names files under /assets/ by content hash, so they never change.
 */
export const serveStaticAssets: Handler<AppEnv> = async (c) => {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const response = new Response(asset.body, asset);
  if (new URL(c.req.url).pathname.startsWith("/assets/") && asset.ok) {
    response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  }
  return response;
};
