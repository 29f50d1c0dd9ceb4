import { Hono } from "hono";
import type { ApiSuccess, ViewResult } from "#shared/api-types.ts";
import { viewProfileSchema } from "#shared/schemas/search.ts";
import type { AppEnv } from "../env.ts";
import { viewFullProfile } from "../lib/full-profile-access.ts";
import { loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";

// POST /api/view_profile (the view request, a path of ours): after the
// member confirms "Yes, I want to see", the full profile and phone number,
// charged one from the balance the first time only.
const views = new Hono<AppEnv>().post("/", requireMember(), ...jsonBody(viewProfileSchema), async (c) => {
  const result = await viewFullProfile(c, await loadViewer(c), c.req.valid("json").pid);
  c.header("Cache-Control", "no-store");
  return c.json({ data: result } satisfies ApiSuccess<ViewResult>);
});

export default views;
