import { Hono } from "hono";
import { clientErrorSchema } from "#shared/schemas/client-error.ts";
import { jsonBody } from "../middleware/validate.ts";
import type { AppEnv } from "../env.ts";

// Client errors go to the Worker's log (Workers Logs / `wrangler tail`),
// not to a third-party service: no member data leaves the agency's account.
const clientErrors = new Hono<AppEnv>().post("/", ...jsonBody(clientErrorSchema), (c) => {
  const report = c.req.valid("json");
  console.error(JSON.stringify({ kind: "client_error", requestId: c.var.requestId, ...report }));
  return c.body(null, 204);
});

export default clientErrors;
