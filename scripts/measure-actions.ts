// What each member action costs in D1 rows and time, against a bench server
// (BENCH_DB_METRICS=true: worker/middleware/bench-db-metrics.ts). Prints a
// table, asserts nothing; docs/scaling.md turns the figures into a monthly
// bill. `npm run bench -- --actions` seeds, serves and runs it; by hand:
//
//   npx tsx scripts/measure-actions.ts --base http://127.0.0.1:8797 [--members N] [--runs R]
//
// One run is a member's journey: a bride registers with a photo, asks for a
// one-time code and sets her password, signs in, edits a tab and uploads a
// photo; a paid groom searches every way, finds her by ID, sends interest,
// she approves, he asks for her full profile ("Yes, I want to see"); then
// the public list, a WhatsApp link page and her sign-out. The first run warms
// the isolate and is not counted; each action's figures are the median of
// the others.
//
// Rows: D1's own meta.rows_read and rows_written (what D1 bills), summed by
// the bench server per request with the statements and their meta.duration,
// and the isolate's running totals, which also hold the work a route leaves
// for after its response (a WhatsApp message, a one-time code): those are
// read from /api/health, which touches no table, once they stop moving.
// Time: the request's wall time at concurrency 1, and that less the median
// wall time of /api/health in the same run. The local runtime reports no CPU
// time, and this figure also holds local SQLite's time and the loopback:
// an upper bound of the Worker's CPU time, see docs/scaling.md.
import jpeg from "jpeg-js";
import { parseArgs } from "node:util";
import { registrationForm } from "#tests/worker/setup/registration-form.ts";
import { demoLogins, type DemoLogin } from "./demo/demo-logins.ts";
import { demoOwner } from "./demo/demo-staff.ts";

const { values } = parseArgs({ args: process.argv.slice(2), options: { base: { type: "string" }, members: { type: "string" }, runs: { type: "string" } } });
const BASE = values.base ?? "http://127.0.0.1:8797";
const MEMBERS = values.members ?? "?";
const RUNS = Number(values.runs ?? 3);
const HEALTH_CALLS = 30;
const PASSWORD = "Kalyani-Tirupati-2026";
// The bench server's headers (worker/middleware/bench-db-metrics.ts, which a Node script cannot import: it is typed for workerd).
const ROWS_READ_HEADER = "X-D1-Rows-Read";
const ROWS_WRITTEN_HEADER = "X-D1-Rows-Written";
const STATEMENTS_HEADER = "X-D1-Statements";
const DURATION_HEADER = "X-D1-Duration-Ms";
const ISOLATE_ROWS_READ_HEADER = "X-D1-Isolate-Rows-Read";
const ISOLATE_ROWS_WRITTEN_HEADER = "X-D1-Isolate-Rows-Written";

interface Measured {
  wallMs: number;
  rowsRead: number;
  rowsWritten: number;
  /** Statements run before the response, and their time inside the database (meta.duration). */
  statements: number;
  dbMs: number;
  /** Rows the isolate read and wrote for this action, after-response work included. */
  allRead: number;
  allWritten: number;
}

interface Totals {
  read: number;
  written: number;
}

const figures = new Map<string, Measured[]>();
/** The warm-up run's figures: a cold isolate, whose first reads fill the caches of ADR 0029 and ADR 0028. */
const coldFigures = new Map<string, Measured>();

/** A request whose answer must be `expected`; the parsed body, and the response's headers. */
async function call(path: string, init: RequestInit = {}, expected = 200): Promise<{ body: unknown; headers: Headers }> {
  const response = await fetch(`${BASE}${path}`, { redirect: "manual", ...init });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status}, expected ${expected}: ${text.slice(0, 300)}`);
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  return { body: isJson ? JSON.parse(text) : text, headers: response.headers };
}

function json(method: string, body: unknown, token?: string): RequestInit {
  return { method, headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) }, body: JSON.stringify(body) };
}

function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

function dataOf<T>(result: { body: unknown }): T {
  return (result.body as { data: T }).data;
}

function header(headers: Headers, name: string): number {
  const value = headers.get(name);
  if (value === null) throw new Error(`no ${name} header: is this a bench server (BENCH_DB_METRICS=true)?`);
  return Number(value);
}

async function isolateTotals(): Promise<Totals> {
  const { headers } = await call("/api/health");
  return { read: header(headers, ISOLATE_ROWS_READ_HEADER), written: header(headers, ISOLATE_ROWS_WRITTEN_HEADER) };
}

/** The isolate's totals once the work a route left for after its response has ended: three equal readings 50 ms apart. */
async function settledTotals(): Promise<Totals> {
  let last = await isolateTotals();
  for (let equal = 0; equal < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await isolateTotals();
    equal = next.read === last.read && next.written === last.written ? equal + 1 : 0;
    last = next;
  }
  return last;
}

/** Runs one action's request, keeping its figures under `name`, apart for the warm-up (`record` false). */
async function measure<T>(
  record: boolean,
  name: string,
  request: () => Promise<{ body: unknown; headers: Headers }>,
  pick: (result: { body: unknown }) => T = () => undefined as T,
): Promise<T> {
  const before = await settledTotals();
  const start = performance.now();
  const result = await request();
  const wallMs = performance.now() - start;
  const after = await settledTotals();
  const row: Measured = {
    wallMs,
    rowsRead: header(result.headers, ROWS_READ_HEADER),
    rowsWritten: header(result.headers, ROWS_WRITTEN_HEADER),
    statements: header(result.headers, STATEMENTS_HEADER),
    dbMs: header(result.headers, DURATION_HEADER),
    allRead: after.read - before.read,
    allWritten: after.written - before.written,
  };
  if (record) figures.set(name, [...(figures.get(name) ?? []), row]);
  else coldFigures.set(name, row);
  return pick(result);
}

/** A photo of the size the web app uploads (1600x1200 after its downscale): a gradient with deterministic noise. */
function cameraPhoto(): Uint8Array<ArrayBuffer> {
  const width = 1600;
  const height = 1200;
  let state = 12345;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const x = (i / 4) % width;
    const shade = 90 + (x / width) * 100 + ((state >>> 0) % 24);
    data[i] = shade;
    data[i + 1] = shade * 0.8;
    data[i + 2] = shade * 0.6;
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, 85).data);
}

/** The Personal tab of Edit profile with the bride's own answers, sent again with a new photo. */
const PERSONAL = {
  name: "Sravani",
  surname: "Gollapudi",
  dob: "14/08/1997",
  tob: "5:45 AM",
  pob: "Vijayawada",
  star: "5",
  padham: "3",
  height: "18",
  subcaste: "4",
  religion: "1",
  marriage: "1",
};

function form(fields: Record<string, string>, photo: Uint8Array<ArrayBuffer>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("photo", new File([photo], "me.jpg", { type: "image/jpeg" }));
  return body;
}

/** The newest one-time code sent to `pid`, as the agency owner sees it in the console. */
async function newestCode(ownerToken: string, pid: number): Promise<string> {
  const page = dataOf<{ items: { kind: string; body: string }[] }>(await call(`/api/admin/outbox?pid=${pid}`, { headers: bearer(ownerToken) }));
  const code = page.items.find((item) => item.kind.endsWith("_code"))?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no one-time code in the outbox for ${pid}`);
  return code;
}

async function signIn(pid: number, password: string): Promise<string> {
  return dataOf<{ token: string }>(await call("/api/users/sign_in", json("POST", { pid, password }))).token;
}

/** The seeder publishes a list for its day, in the agency's time zone (scripts/seed.ts). */
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

/** One member journey (see the top of the file). */
async function journey(record: boolean, run: number, groom: DemoLogin, groomToken: string, ownerToken: string, photo: Uint8Array<ArrayBuffer>): Promise<void> {
  const step = <T>(name: string, request: () => Promise<{ body: unknown; headers: Headers }>, pick?: (result: { body: unknown }) => T) => measure(record, name, request, pick);
  const mobile = `9${String(Date.now() % 1e6).padStart(6, "0")}${String(run).padStart(3, "0")}`;
  const pid = await step(
    "register (with photo)",
    () => call("/api/save_new_registration", { method: "POST", body: registrationForm({ mobile }, photo) }),
    (r) => dataOf<{ pid: number }>(r).pid,
  );
  await step("request the one-time code", () => call("/api/users/password_reset", json("POST", { pid, mobile })));
  const code = await newestCode(ownerToken, pid);
  await step("set the password with the code", () => call("/api/users/password_reset/confirm", json("POST", { pid, code, password: PASSWORD })));
  const bride = await step(
    "sign in",
    () => call("/api/users/sign_in", json("POST", { pid, password: PASSWORD })),
    (r) => dataOf<{ token: string }>(r).token,
  );
  await step("users/current", () => call("/api/users/current", { headers: bearer(bride) }));
  await step("edit a profile tab (education)", () =>
    call("/api/profile_education_data", json("PUT", { basicEducation: 5, education: 1, educationDetails: "B.Tech (ECE), JNTU Kakinada" }, bride)),
  );
  await step("upload a photo (personal tab)", () => call("/api/profile_personal_data", { method: "PUT", headers: bearer(bride), body: form(PERSONAL, photo) }));
  const asGroom = { headers: bearer(groomToken) };
  await step("open /search (simple search, page 1)", () => call("/api/Simple_Search_Profiles?page=1", asGroom));
  await step("detailed search (age 26-32, religion)", () => call("/api/eloborate_profile?page=1&ageMin=26&ageMax=32&religion=1", asGroom));
  await step("matching profiles", () => call("/api/matching_profiles?page=1", asGroom));
  await step("points-sorted search", () => call("/api/eloborate_profile?page=1&order=points", asGroom));
  await step("search by ID", () => call(`/api/single_user_profile/${pid}`, asGroom));
  await step("send interest", () => call("/api/send_interest", json("POST", { fpid: groom.pid, tpid: pid }, groomToken)));
  await step("approve an interest", () => call("/api/approve_interest", json("POST", { pid: groom.pid }, bride)));
  await step('"Yes, I want to see" (full profile)', () => call("/api/view_profile", json("POST", { pid }, groomToken)));
  await step("public list (API)", () => call(`/api/whatsapp/public_profiles/${today()}`));
  await step("WhatsApp link page /link (edge, Open Graph)", () => call(`/link?id=${today()}`));
  await step("logout", () => call("/api/users/sign_out", { method: "POST", headers: bearer(bride) }));
}

async function healthMedianMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < HEALTH_CALLS; i++) {
    const start = performance.now();
    await call("/api/health");
    times.push(performance.now() - start);
  }
  return median(times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function printTable(healthMs: number): void {
  console.log(`\n${MEMBERS} members: D1 rows and wall time per member action, median of ${RUNS} runs at concurrency 1 (local wrangler dev)`);
  console.log(`GET /api/health: median ${healthMs.toFixed(1)} ms over ${HEALTH_CALLS} calls; "over health" is an action's wall time less that`);
  console.log('"+after": with the work the route left for after its response; "cold": the warm-up run, the isolate\'s caches empty;');
  console.log('"stmts" and "db ms": statements before the response and their time inside local SQLite (D1 meta.duration)');
  console.log(
    "action".padEnd(44),
    "read".padStart(6),
    "written".padStart(8),
    "read+after".padStart(11),
    "written+after".padStart(14),
    "stmts".padStart(6),
    "db ms".padStart(6),
    "wall ms".padStart(8),
    "over health".padStart(12),
    "cold read+after".padStart(16),
    "cold written+after".padStart(19),
  );
  const rows: Record<string, Record<string, number>> = {};
  for (const [name, runs] of figures) {
    const m = (pick: (row: Measured) => number) => median(runs.map(pick));
    const wall = m((row) => row.wallMs);
    const cold = coldFigures.get(name);
    rows[name] = {
      read: m((r) => r.rowsRead),
      written: m((r) => r.rowsWritten),
      readAfter: m((r) => r.allRead),
      writtenAfter: m((r) => r.allWritten),
      statements: m((r) => r.statements),
      dbMs: Math.round(m((r) => r.dbMs) * 100) / 100,
      wallMs: Math.round(wall * 10) / 10,
      coldReadAfter: cold?.allRead ?? NaN,
      coldWrittenAfter: cold?.allWritten ?? NaN,
    };
    console.log(
      name.padEnd(44),
      String(m((r) => r.rowsRead)).padStart(6),
      String(m((r) => r.rowsWritten)).padStart(8),
      String(m((r) => r.allRead)).padStart(11),
      String(m((r) => r.allWritten)).padStart(14),
      String(m((r) => r.statements)).padStart(6),
      m((r) => r.dbMs)
        .toFixed(2)
        .padStart(6),
      wall.toFixed(1).padStart(8),
      (wall - healthMs).toFixed(1).padStart(12),
      String(cold?.allRead ?? "-").padStart(16),
      String(cold?.allWritten ?? "-").padStart(19),
    );
  }
  console.log(`\n${JSON.stringify({ members: MEMBERS, runs: RUNS, healthMs: Math.round(healthMs * 10) / 10, actions: rows })}`);
}

async function main(): Promise<void> {
  const logins = demoLogins();
  // A paid groom with views left: the searches, the interest and the full-profile view are his.
  const groom = logins.find((login) => login.gender === "M" && login.profileType === "LIFE" && login.note === "active");
  if (!groom) throw new Error("no active LIFE groom among the demo logins");
  const owner = demoOwner();
  const ownerToken = dataOf<{ token: string }>(await call("/api/admin/sign_in", json("POST", { username: owner.username, password: owner.password }))).token;
  const groomToken = await signIn(groom.pid, groom.password);
  const photo = cameraPhoto();
  for (let run = 0; run <= RUNS; run++) await journey(run > 0, run, groom, groomToken, ownerToken, photo);
  printTable(await healthMedianMs());
}

await main();
