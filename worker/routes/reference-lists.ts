import { Hono } from "hono";
import { createFactory } from "hono/factory";
import type { ApiSuccess, LookupItem } from "#shared/api-types.ts";
import * as z from "zod/mini";
import { getReferenceList, type ReferenceListName } from "../db/reference-lists.ts";
import { edgeCache, schemaGeneration } from "../middleware/edge-cache.ts";
import { queryParams } from "../middleware/validate.ts";
import type { AppEnv } from "../env.ts";

// GET /api/heights, /api/stars, ... (§ "7. The calls the product makes"): no auth. Lists change only
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

const factory = createFactory<AppEnv>();

function listHandlers(name: ReferenceListName) {
  return factory.createHandlers(cached, queryParams(stateFilter), async (c) => {
    const { stateId } = c.req.valid("query");
    return c.json({ data: await getReferenceList(c.env.DB, name, stateId) } satisfies ApiSuccess<LookupItem[]>);
  });
}

// One route a list, written out so that each path is in the app's type, from
// which the SPA types its calls (ADR 0036); the SPA asks for every list of
// REFERENCE_LISTS by name, so a list missing here fails its type check.
const referenceLists = new Hono<AppEnv>()
  .get("/heights", ...listHandlers("heights"))
  .get("/stars", ...listHandlers("stars"))
  .get("/padhams", ...listHandlers("padhams"))
  .get("/subcastes", ...listHandlers("subcastes"))
  .get("/religions", ...listHandlers("religions"))
  .get("/basic_education", ...listHandlers("basic_education"))
  .get("/qualifications", ...listHandlers("qualifications"))
  .get("/raasis", ...listHandlers("raasis"))
  .get("/profession_types", ...listHandlers("profession_types"))
  .get("/cities", ...listHandlers("cities"))
  .get("/states", ...listHandlers("states"))
  .get("/districts", ...listHandlers("districts"))
  .get("/countries", ...listHandlers("countries"))
  .get("/visa", ...listHandlers("visa"))
  .get("/annual_income", ...listHandlers("annual_income"))
  .get("/family_background", ...listHandlers("family_background"));

export default referenceLists;
