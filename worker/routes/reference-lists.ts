import { Hono } from "hono";
import { etag } from "hono/etag";
import * as z from "zod/mini";
import { REFERENCE_LISTS, getReferenceList, type ReferenceListName } from "../db/reference-lists.ts";
import { queryParams } from "../middleware/validate.ts";
import type { AppEnv } from "../env.ts";

// GET /api/heights, /api/stars, ... (section 7): no auth. Lists change only
// with a migration, so browsers may keep them for an hour and revalidate
// with the ETag after that.

const STATE_ID_MESSAGE = "stateId must be a whole number";
const stateFilter = z.object({
  stateId: z.optional(z.coerce.number({ error: STATE_ID_MESSAGE }).check(z.int(STATE_ID_MESSAGE), z.positive(STATE_ID_MESSAGE))),
});

const referenceLists = new Hono<AppEnv>();
referenceLists.use(etag());

for (const name of Object.keys(REFERENCE_LISTS) as ReferenceListName[]) {
  referenceLists.get(`/${name}`, queryParams(stateFilter), async (c) => {
    const { stateId } = c.req.valid("query");
    const items = await getReferenceList(c.env.DB, name, stateId);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ data: items });
  });
}

export default referenceLists;
