import type { Handler } from "hono";
import type { AppEnv } from "../env.ts";

// /robots.txt. Without it the SPA fallback answered index.html, which
// crawlers read as 25 errors. Members' pages need a sign-in and the console
// is for staff, so only the public pages are worth a crawler's visit; link
// previews (WhatsApp) do not read robots.txt and keep working.
const ROBOTS = `User-agent: *
Disallow: /api/
Disallow: /agency
Disallow: /images/
Allow: /
`;

export const serveRobots: Handler<AppEnv> = (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return c.text(ROBOTS);
};
