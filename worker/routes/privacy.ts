import { Hono } from "hono";
import type { ApiSuccess, ConsentState, DataRequestReceipt, MyDataExport, PrivacyInfo } from "#shared/api-types.ts";
import { dataRequestDueOn } from "#shared/data-request-due.ts";
import { todayIn } from "#shared/dates.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { consentChangeSchema, memberDataRequestSchema, myDataQuery } from "#shared/schemas/privacy.ts";
import { changeConsents, getConsents } from "../db/consents.ts";
import { insertDataRequest, toReceipt, type InsertedRow } from "../db/data-requests.ts";
import { LEFT_OUT, readMyData } from "../db/my-data.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, noticeChanged, text } from "../lib/errors.ts";
import { myDataHtml } from "../lib/my-data-html.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody, queryParams } from "../middleware/validate.ts";
import { publicListsGeneration } from "./public-pages.ts";

// The member's privacy (DPDP Rules 2025; ADR 0033), mounted at /api: whom to
// ask (public), the two optional consents, "Download my data" and requests
// about their data. Each member call acts on the session's own pid only.

/** A member's open requests at once: more is not a request but a flood for staff to read. */
const MAX_OPEN_REQUESTS = 5;

const privacy = new Hono<AppEnv>()
  // The same for everyone and changed only by a deployment; it reads no D1,
  // so it needs no edge cache (ADR 0029): browsers keep it an hour.
  .get("/privacy", (c) => {
    const cfg = config(c.env);
    const info: PrivacyInfo = {
      noticeVersion: NOTICE_VERSION,
      contact: cfg.privacyContact,
      erasureAfterDays: cfg.erasureAfterDays,
      retentionYears: cfg.retentionYears,
    };
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ data: info } satisfies ApiSuccess<PrivacyInfo>);
  })
  .get("/users/consents", requireMember(), async (c) => c.json({ data: await getConsents(c.env.DB, c.var.member.pid, NOTICE_VERSION) } satisfies ApiSuccess<ConsentState>))
  // Withdrawing is the same call as giving (DPDP Act s. 6(4)); it takes effect at
  // once: /link and the console read the consent on every request. Agreeing
  // to the notice is said with its version (ADR 0033): another version than
  // the one in force is refused, and nothing of the call is written.
  .post("/users/consents", requireMember(), ...jsonBody(consentChangeSchema), async (c) => {
    const { pid } = c.var.member;
    const change = c.req.valid("json");
    if (change.noticeVersion !== undefined && change.noticeVersion !== NOTICE_VERSION) throw noticeChanged();
    await changeConsents(c.env.DB, pid, change, NOTICE_VERSION, new Date());
    // Cached /link lists are not served again (ADR 0029): the profile comes off, or on, at once.
    if (change.publicList !== undefined) await publicListsGeneration.renew(c);
    return c.json({ data: await getConsents(c.env.DB, pid, NOTICE_VERSION) } satisfies ApiSuccess<ConsentState>);
  })
  .get("/users/my_data", requireMember(), queryParams(myDataQuery), async (c) => {
    const { pid } = c.var.member;
    const exported: MyDataExport = {
      pid,
      exportedAt: new Date().toISOString(),
      agency: config(c.env).agencyName,
      sections: await readMyData(c.env.DB, pid),
      leftOut: [...LEFT_OUT],
    };
    if (c.req.valid("query").format !== "html") return c.json({ data: exported } satisfies ApiSuccess<MyDataExport>);
    c.header("Content-Disposition", `attachment; filename="my-data-${pid}.html"`);
    return c.html(await myDataHtml(exported));
  })
  .post("/users/data_requests", requireMember(), ...jsonBody(memberDataRequestSchema), async (c) => {
    const { kind, details } = c.req.valid("json");
    const now = new Date();
    const pid = c.var.member.pid;
    const row = await insertDataRequest(c.env.DB, {
      pid,
      kind,
      details,
      receivedAt: now.toISOString(),
      dueOn: dataRequestDueOn(kind, todayIn(config(c.env).agencyTimeZone, now)),
      recordedBy: null,
      openLimit: MAX_OPEN_REQUESTS,
    }).first<InsertedRow>();
    if (!row) {
      throw new ApiError(409, "CONFLICT", text("server.tooManyOpenRequests", { max: MAX_OPEN_REQUESTS }));
    }
    const receipt: DataRequestReceipt = toReceipt(row);
    return c.json({ data: receipt } satisfies ApiSuccess<DataRequestReceipt>);
  });

export default privacy;
