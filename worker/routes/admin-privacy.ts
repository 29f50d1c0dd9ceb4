import { Hono } from "hono";
import type { AccessLogPage, AdminDataRequest, ApiSuccess, DataRequestReceipt } from "#shared/api-types.ts";
import { dataRequestDueOn } from "#shared/data-request-due.ts";
import { todayIn } from "#shared/dates.ts";
import { recordIdField } from "#shared/schemas/admin.ts";
import { ACCESS_PAGE_SIZE, accessLogQuery, closeDataRequestSchema, dataRequestListQuery, staffDataRequestSchema } from "#shared/schemas/privacy.ts";
import { listAccessLog } from "../db/access-log.ts";
import { closeDataRequest, getDataRequest, insertDataRequest, listDataRequests, memberExists, toReceipt, type InsertedRow } from "../db/data-requests.ts";
import { auditEntry } from "../db/staff.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow, queryParams } from "../middleware/validate.ts";

// Privacy in the agency console (DPDP Rules 2025; ADR 0033), under
// /api/admin: the log of staff reading members' data, for owners; members'
// data requests with the day each answer is due, which staff record from
// calls and close, each change with its audit entry.

const REQUESTS_SHOWN = 200;
const dataRequestId = recordIdField("This is not a data request");
const NO_REQUEST = "There is no such data request.";

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", message, { fields: { [field]: message } });
}

const adminPrivacy = new Hono<AppEnv>()
  // Who read whose data is itself about staff: owners only, like the audit log (ADR 0018).
  .get("/access_log", requireStaff("owner"), queryParams(accessLogQuery), async (c) => {
    const { pid, before, pageSize } = c.req.valid("query");
    const page: AccessLogPage = await listAccessLog(c.env.DB, { pid, before, pageSize: pageSize ?? ACCESS_PAGE_SIZE });
    return c.json({ data: page } satisfies ApiSuccess<AccessLogPage>);
  })
  .get("/data_requests", requireStaff(), queryParams(dataRequestListQuery), async (c) => {
    const requests: AdminDataRequest[] = await listDataRequests(c.env.DB, c.req.valid("query").status, REQUESTS_SHOWN);
    return c.json({ data: { requests } } satisfies ApiSuccess<{ requests: AdminDataRequest[] }>);
  })
  .post("/data_requests", requireStaff(), ...jsonBody(staffDataRequestSchema), async (c) => {
    const { pid, kind, details, receivedOn } = c.req.valid("json");
    const now = new Date();
    const today = todayIn(config(c.env).agencyTimeZone, now);
    if (receivedOn !== undefined && receivedOn > today) throw invalid("receivedOn", "A request cannot have come in after today.");
    if (pid != null && !(await memberExists(c.env.DB, pid))) throw invalid("pid", `No member has the Profile ID ${pid}.`);
    const day = receivedOn ?? today;
    const [inserted] = await c.env.DB.batch<InsertedRow>([
      insertDataRequest(c.env.DB, {
        pid: pid ?? null,
        kind,
        details,
        receivedAt: receivedOn === undefined ? now.toISOString() : `${day}T00:00:00.000Z`,
        dueOn: dataRequestDueOn(kind, day),
        recordedBy: c.var.staff.id,
      }),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "record_data_request", target: pid == null ? "-" : String(pid), after: { kind, receivedOn: day } }),
    ]);
    const row = inserted?.results[0];
    if (!row) throw new Error("the data request was not stored");
    const receipt: DataRequestReceipt = toReceipt(row);
    return c.json({ data: receipt } satisfies ApiSuccess<DataRequestReceipt>);
  })
  .post("/data_requests/:id/close", requireStaff(), ...jsonBody(closeDataRequestSchema), async (c) => {
    const id = parseOrThrow(dataRequestId, c.req.param("id"));
    const request = await getDataRequest(c.env.DB, id);
    if (!request) throw notFound(NO_REQUEST);
    const { outcome } = c.req.valid("json");
    const [closing] = await c.env.DB.batch([
      closeDataRequest(c.env.DB, id, { staffId: c.var.staff.id, outcome, at: new Date().toISOString() }),
      auditEntry(
        c.env.DB,
        { staffId: c.var.staff.id, action: "close_data_request", target: request.pid === null ? "-" : String(request.pid), after: { id, kind: request.kind } },
        { onlyIfPreviousChanged: true },
      ),
    ]);
    // Closed before, or by someone else a moment ago: their outcome stands.
    if (closing?.meta.changes !== 1) throw new ApiError(409, "CONFLICT", "This request was closed already.");
    const closed = await getDataRequest(c.env.DB, id);
    if (!closed) throw notFound(NO_REQUEST);
    return c.json({ data: closed } satisfies ApiSuccess<AdminDataRequest>);
  });

export default adminPrivacy;
