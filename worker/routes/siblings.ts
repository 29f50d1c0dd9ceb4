import { Hono } from "hono";
import type { ApiSuccess, Sibling } from "#shared/api-types.ts";
import * as z from "zod/mini";
import { hasSiblingsSchema, siblingSchema } from "#shared/schemas/sibling.ts";
import { setHasSiblings } from "../db/members.ts";
import { deleteSibling, insertSibling, listSiblings, updateSibling } from "../db/siblings.ts";
import type { AppEnv } from "../env.ts";
import { ApiError, notFound, text } from "../lib/errors.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow, queryParams } from "../middleware/validate.ts";

// Siblings (§ "7. The calls the product makes"): a member reads and changes only their own. Another
// member's sibling id answers 404, exactly like one that does not exist.

const idSchema = (name: string) =>
  z.pipe(
    z.transform((value: unknown) => Number(value)),
    z.int({ error: `${name} must be a whole number` }).check(z.positive(`${name} must be a whole number`)),
  );

const siblingNotFound = () => notFound(text("server.siblingNotFound"));

const siblings = new Hono<AppEnv>()
  .get("/sibling/:pid", requireMember(), async (c) => {
    const pid = parseOrThrow(idSchema("pid"), c.req.param("pid"));
    // Entitled viewers of a full profile see siblings through GET /api/users/{pid} (ADR 0008).
    if (pid !== c.var.member.pid) throw new ApiError(403, "FORBIDDEN", text("server.ownSiblingsOnly"));
    return c.json({ data: await listSiblings(c.env.DB, pid) } satisfies ApiSuccess<Sibling[]>);
  })
  .post("/sibling", requireMember(), ...jsonBody(siblingSchema), async (c) => {
    return c.json({ data: await insertSibling(c.env.DB, c.var.member.pid, c.req.valid("json")) } satisfies ApiSuccess<Sibling>);
  })
  .put("/sibling/:id", requireMember(), ...jsonBody(siblingSchema), async (c) => {
    const id = parseOrThrow(idSchema("id"), c.req.param("id"));
    const sibling = await updateSibling(c.env.DB, c.var.member.pid, id, c.req.valid("json"));
    if (!sibling) throw siblingNotFound();
    return c.json({ data: sibling } satisfies ApiSuccess<Sibling>);
  })
  .delete("/sibling", requireMember(), queryParams(z.object({ siblingId: idSchema("siblingId") })), async (c) => {
    if (!(await deleteSibling(c.env.DB, c.var.member.pid, c.req.valid("query").siblingId))) throw siblingNotFound();
    return c.json({ data: { deleted: true } } satisfies ApiSuccess<{ deleted: true }>);
  })
  .put("/has_sibling", requireMember(), ...jsonBody(hasSiblingsSchema), async (c) => {
    const { hasSiblings } = c.req.valid("json");
    // Sibling rows are kept: unticking "I have no siblings" brings them back.
    await setHasSiblings(c.env.DB, c.var.member.pid, hasSiblings);
    return c.json({ data: { hasSiblings } } satisfies ApiSuccess<{ hasSiblings: 1 | 2 }>);
  });

export default siblings;
