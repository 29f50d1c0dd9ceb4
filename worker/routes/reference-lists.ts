import { Hono } from "hono";
import * as z from "zod/mini";
import { REFERENCE_LISTS, getReferenceList, type ReferenceListName } from "../db/reference-lists.ts";
import { edgeCache, schemaGeneration } from "../middleware/edge-cache.ts";
import { queryParams } from "../middleware/validate.ts";
import type { AppEnv } from "../env.ts";

// GET /api/heights, /api/stars, ... (section 7): no auth. Lists change only
// with a migration (ADR 0010), so they are cached under the last migration's
// name (ADR 0029): each isolate reads a list once, browsers keep it for an
// hour and revalidate with the ETag after that.

const STATE_ID_MESSAGE = "stateId must be a whole number";
const stateFilter = z.object({
  stateId: z.optional(z.coerce.number({ error: STATE_ID_MESSAGE }).check(z.int(STATE_ID_MESSAGE), z.positive(STATE_ID_MESSAGE))),
});

const cached = edgeCache({
  namespace: "reference",
  browser: "public, max-age=3600",
  // As long as browsers keep a list: a deployment that changes how a list
  // is written, without a migration, is seen everywhere within the hour.
  edgeSeconds: 3600,
  isolateSeconds: Number.POSITIVE_INFINITY,
  query: ["stateId"],
  generation: schemaGeneration,
});

const referenceLists = new Hono<AppEnv>();

for (const name of Object.keys(REFERENCE_LISTS) as ReferenceListName[]) {
  referenceLists.get(`/${name}`, cached, queryParams(stateFilter), async (c) => {
    const { stateId } = c.req.valid("query");
    return c.json({ data: await getReferenceList(c.env.DB, name, stateId) });
  });
}

export default referenceLists;
