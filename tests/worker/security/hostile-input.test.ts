import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { send, type Call, type Wire } from "./calls.ts";
import { createCast, type Cast, type Role } from "./cast.ts";
import { POLLUTION_KEY, describeWire, mutate, mutationsOf, type Mutation } from "./hostile-input.ts";
import { ruleOf } from "./route-table.ts";
import { appRoutes, type RouteKey } from "./route-inventory.ts";
import { changedTables, fingerprints, photoCount } from "./writes.ts";

// Property-based fuzzing of every route the Worker answers (ADR 0027): each
// route's valid call from the route table, taken apart field by field by
// fast-check, sent as an anonymous caller and as a caller the route lets in.
// Nothing may answer 5xx, a refusal (4xx) may write nothing but what its
// rule names, and no prototype may be polluted. Each route and caller has a
// fixed seed, printed with a failure; failures are not shrunk, since calls
// change the database and a replay is not the same run.

const SEED = 272_026;
/** Requests per route and caller: 108 routes × 2 callers × 48 ≥ 10,000. */
const RUNS = 48;
const MINIMUM_REQUESTS = 10_000;
/**
 * Requests sent between two fingerprints of the tables: fingerprints cost
 * about as much as a request, so they are taken around a group. A group
 * answered only with refusals must leave every table as it was; a group
 * with an accepted request (which may write) is not checked for writes.
 */
const GROUP = 8;

/** The callers a route lets in, by preference: the one that reaches deepest (the owner of what it names). */
const PREFERRED: readonly Role[] = ["resourceOwner", "entitledViewer", "ownerStaff"];

let cast: Cast;
let sent = 0;
let refusalsChecked = 0;
const routes = appRoutes();
const insiders = new Map<RouteKey, Role>();

/**
 * The caller a route lets in. Ending one's other sessions would end the
 * sessions the resource owner signed in ahead for signing out, so that call
 * is made by the entitled viewer.
 */
function insiderOf(key: RouteKey, template: Call): Role {
  const allowed = ruleOf(key).allowed;
  const role = template.endsOtherSessions && allowed.includes("entitledViewer") ? "entitledViewer" : PREFERRED.find((candidate) => allowed.includes(candidate));
  if (!role) throw new Error(`${key}: no caller of the suite may call it`);
  return role;
}

beforeAll(async () => {
  cast = await createCast();
  for (const key of routes) {
    const template = await ruleOf(key).call(cast, "anonymous");
    const insider = insiderOf(key, template);
    insiders.set(key, insider);
    // Calls that end their session get one each, signed in before the
    // fuzzer's wrong passwords put the accounts in back-off.
    if (template.endsSession) await cast.reserveSessions(insider, RUNS);
  }
}, 300_000);

interface Sent {
  run: number;
  wire: Wire;
  status: number;
  /** The Worker's request id: its log's unhandled_error line carries the same. */
  requestId: string | null;
  text: string;
}

/**
 * A request and its answer, for a failure message. A 5xx with an empty body
 * is not the Worker's own error handler's (ADR 0002's JSON, logged with the
 * request id) but, most likely, a binding's answer passed on as it came.
 */
const shown = (request: Sent) =>
  `run ${request.run}: ${describeWire(request.wire)} answered ${request.status} (request id ${request.requestId ?? "none"}) ${request.text ? request.text.slice(0, 200) : "with an empty body"}`;

/** How to send the same mutations again: the route's test alone, with the same seeds (the database then holds less). */
const replay = (key: RouteKey) => `npx vitest run --project worker tests/worker/security/hostile-input.test.ts -t '${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$'`;

/** Sends a group of mutations of one call; returns what is wrong, or nothing. */
async function sendGroup(key: RouteKey, role: Role, group: { run: number; mutation: Mutation }[]): Promise<string[]> {
  // One call per group, made first: its fixtures (a sibling to delete, a request to approve) are
  // written before the fingerprint. A mutation that is accepted may use the fixture up; the rest of
  // the group then meets a missing one, which must be refused as cleanly.
  const call = await ruleOf(key).call(cast, role);
  const prepared: { run: number; headers: Record<string, string>; wire: Wire }[] = [];
  for (const { run, mutation } of group) {
    const headers = call.endsSession && role !== "anonymous" ? await cast.ownSession(role) : cast.headers(role);
    prepared.push({ run, headers, wire: mutate(call, mutation) });
  }
  const withForm = call.form !== undefined;
  const [tablesBefore, photosBefore] = await Promise.all([fingerprints(), withForm ? photoCount() : 0]);
  const answers: Sent[] = [];
  for (const { run, headers, wire } of prepared) {
    const response = await send(wire, headers);
    answers.push({ run, wire, status: response.status, requestId: response.headers.get("X-Request-Id"), text: await response.text() });
  }
  if (call.endsOtherSessions) cast.dropReserve(role);
  sent += answers.length;
  const problems = answers.filter((answer) => answer.status >= 500).map(shown);
  if (answers.every((answer) => answer.status >= 400)) {
    const [tablesAfter, photosAfter] = await Promise.all([fingerprints(), withForm ? photoCount() : 0]);
    const wrote = changedTables(tablesBefore, tablesAfter, ruleOf(key).refusalWrites);
    if (photosAfter !== photosBefore) wrote.push("photos");
    if (wrote.length > 0) problems.push(`refused, yet wrote to ${wrote.join(", ")}; one of:\n${answers.map(shown).join("\n")}`);
    refusalsChecked += answers.length;
  }
  return problems;
}

async function fuzz(key: RouteKey, role: Role, seed: number): Promise<void> {
  const template = await ruleOf(key).call(cast, role);
  const mutations = fc.sample(mutationsOf(key, template), { seed, numRuns: RUNS }).map((mutation, run) => ({ run, mutation }));
  const problems: string[] = [];
  for (let start = 0; start < mutations.length; start += GROUP) problems.push(...(await sendGroup(key, role, mutations.slice(start, start + GROUP))));
  if (problems.length > 0) throw new Error(`${key} as ${role} (seed ${seed}, ${RUNS} runs; replay: ${replay(key)}):\n${problems.join("\n")}`);
}

describe("hostile input", () => {
  routes.forEach((key, index) => {
    it(key, async () => {
      await fuzz(key, "anonymous", SEED + 2 * index);
      await fuzz(key, insiders.get(key) ?? "anonymous", SEED + 2 * index + 1);
    }, 120_000);
  });

  it(`sent at least ${MINIMUM_REQUESTS} hostile requests, and no object gained a polluted property`, () => {
    console.log(`security fuzz: ${sent} requests over ${routes.length} routes (${refusalsChecked} refusals checked for writes), seed ${SEED}`);
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    expect(POLLUTION_KEY in {}).toBe(false);
    expect(POLLUTION_KEY in []).toBe(false);
  });
});
