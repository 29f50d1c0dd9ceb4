import { Hono } from "hono";
import type { ApiSuccess, EndedSessions, MemberSession } from "#shared/api-types.ts";
import { endOtherSessions, listLiveSessions } from "../db/sessions.ts";
import type { AppEnv } from "../env.ts";
import { requireMember } from "../middleware/auth.ts";

// "Where you are signed in" on Edit profile (ADR 0024), under /api/users: a
// member sees every live session of theirs, when and how it began (the
// password, a code, a WhatsApp link, or a link the agency issued: so a
// session opened with the agency's link is never hidden from them), and
// signs out all but this one.

const sessions = new Hono<AppEnv>()
  .get("/sessions", requireMember(), async (c) => {
    const { pid, sessionId } = c.var.member;
    const live = await listLiveSessions(c.env.DB, pid, new Date());
    // Session ids name sessions in tokens: they never leave the server.
    const list: MemberSession[] = live.map((session) => ({
      signedInAt: session.createdAt,
      expiresAt: session.expiresAt,
      method: session.method,
      current: session.id === sessionId,
    }));
    c.header("Cache-Control", "no-store");
    return c.json({ data: list } satisfies ApiSuccess<MemberSession[]>);
  })
  .post("/sessions/end_others", requireMember(), async (c) => {
    const { pid, sessionId } = c.var.member;
    const result = await endOtherSessions(c.env.DB, pid, sessionId, new Date()).run();
    const ended: EndedSessions = { ended: result.meta.changes };
    return c.json({ data: ended } satisfies ApiSuccess<EndedSessions>);
  });

export default sessions;
