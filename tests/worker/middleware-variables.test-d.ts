// The signed-in member and staff are declared by the middleware that checks
// them (ADR 0036): only a route behind it can read them. Checked by `tsc -b`
// (npm test's type check); nothing here runs.
import { Hono } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { requireMember, requireStaff } from "#worker/middleware/auth.ts";

export const routes = new Hono<AppEnv>()
  .get("/open", (c) => {
    // @ts-expect-error no requireMember in front: there is no member to read
    return c.json({ data: c.var.member.pid });
  })
  .get("/member", requireMember(), (c) => c.json({ data: c.var.member.pid }))
  .get("/staff", requireStaff(), (c) => {
    // @ts-expect-error requireStaff puts the staff on the request, never a member
    return c.json({ data: [c.var.staff.id, c.var.member.pid] });
  });
