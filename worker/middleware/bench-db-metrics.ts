import type { MiddlewareHandler } from "hono";
import { RowsReadMeter } from "../db/rows-read-meter.ts";
import { useDatabase, type AppEnv } from "../env.ts";

export const ROWS_READ_HEADER = "X-D1-Rows-Read";
export const ROWS_WRITTEN_HEADER = "X-D1-Rows-Written";
export const STATEMENTS_HEADER = "X-D1-Statements";
export const DURATION_HEADER = "X-D1-Duration-Ms";
export const ISOLATE_ROWS_READ_HEADER = "X-D1-Isolate-Rows-Read";
export const ISOLATE_ROWS_WRITTEN_HEADER = "X-D1-Isolate-Rows-Written";

/**
 * Every metered row since the isolate started, work after a response
 * included (a WhatsApp message sent by waitUntil, a one-time code made after
 * the answer), which a response's own headers cannot carry: the difference
 * between two later responses' totals gives it (scripts/measure-actions.ts).
 */
const isolateTotal = new RowsReadMeter();

/**
 * Only on the bench server (BENCH_DB_METRICS=true, which only the config
 * scripts/bench.mjs generates sets): the D1 rows the request read and wrote
 * before its response, its sign-in check included, its statements and their
 * time in the database, and the isolate's running row totals, in headers,
 * for the costs in docs/scaling.md. Mounted on the whole app, ahead of /api,
 * it wraps the binding before anything else sees it: the D1 session of ADR
 * 0032 (worker/middleware/d1-session.ts) is opened on the wrapped binding,
 * so the session's statements are counted too. In production it is a
 * pass-through: D1 is never wrapped, and the headers, which would tell how
 * many rows a filter passes over, are never sent.
 */
export function benchDbMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Not in wrangler.toml, so not in the generated Env: only the bench's config sets it.
    if (!("BENCH_DB_METRICS" in c.env) || c.env.BENCH_DB_METRICS !== "true") return next();
    const meter = new RowsReadMeter(isolateTotal);
    useDatabase(c, meter.wrap(c.env.DB));
    await next();
    // A fresh response: one from the edge cache or the assets binding has headers that cannot change.
    const response = new Response(c.res.body, c.res);
    response.headers.set(ROWS_READ_HEADER, String(meter.rowsRead));
    response.headers.set(ROWS_WRITTEN_HEADER, String(meter.rowsWritten));
    response.headers.set(STATEMENTS_HEADER, String(meter.statements));
    response.headers.set(DURATION_HEADER, meter.durationMs.toFixed(2));
    response.headers.set(ISOLATE_ROWS_READ_HEADER, String(isolateTotal.rowsRead));
    response.headers.set(ISOLATE_ROWS_WRITTEN_HEADER, String(isolateTotal.rowsWritten));
    c.res = response;
  };
}
