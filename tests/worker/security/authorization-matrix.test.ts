import { beforeAll, describe, expect, it } from "vitest";
import { send, toWire } from "./calls.ts";
import { ROLES, createCast, ownerContact, type Cast, type Role } from "./cast.ts";
import { ROUTE_TABLE, ruleOf, type Refusal } from "./route-table.ts";
import { appRoutes, type RouteKey } from "./route-inventory.ts";
import { changedTables, fingerprints, photoCount } from "./writes.ts";

// Every route the Worker answers, called as every role (ADR 0027): the
// roles the route table allows are let in, every other role is refused with
// the status and code the table names (ADR 0002, ADR 0018, the membership
// rules of docs/specification.md § "6. Roles and permissions"), a refusal
// writes nothing, and the resource owner's phone number and email reach
// only the owner, the member the owner approved, and staff.

/** Who may read the resource owner's contact details (ADR 0012, ADR 0018). */
const SEES_OWNER_CONTACT: readonly Role[] = ["resourceOwner", "entitledViewer", "staff", "ownerStaff"];

let cast: Cast;

beforeAll(async () => {
  cast = await createCast();
}, 120_000);

describe("the route table", () => {
  it("classifies every route the Worker answers: a new route needs an entry saying who may call it", () => {
    const unclassified = appRoutes().filter((key) => !(key in ROUTE_TABLE));
    expect(unclassified).toEqual([]);
  });

  it("names only routes the Worker still answers", () => {
    const routes = new Set(appRoutes());
    expect(Object.keys(ROUTE_TABLE).filter((key) => !routes.has(key as RouteKey))).toEqual([]);
  });
});

interface Answer {
  status: number;
  text: string;
  /** The tables (and "photos" for R2) the call changed, less those its rule lets a refusal write. */
  wrote: string[];
}

async function callAs(key: RouteKey, role: Role): Promise<Answer> {
  const call = await ruleOf(key).call(cast, role);
  const headers = call.endsSession ? await cast.ownSession(role) : cast.headers(role);
  const [tablesBefore, photosBefore] = await Promise.all([fingerprints(), call.form ? photoCount() : 0]);
  const response = await send(toWire(call), headers);
  const text = await response.text();
  const [tablesAfter, photosAfter] = await Promise.all([fingerprints(), call.form ? photoCount() : 0]);
  if (call.endsOtherSessions) cast.dropReserve(role);
  const wrote = changedTables(tablesBefore, tablesAfter, ruleOf(key).refusalWrites);
  return { status: response.status, text, wrote: photosAfter === photosBefore ? wrote : [...wrote, "photos"] };
}

function codeOf(text: string): unknown {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string" ? (body as { code?: unknown }).code : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with the answer to a role, or null. */
function problemWith(answer: Answer, refusal: Refusal | undefined): string | null {
  const shown = `${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status >= 500) return `answered ${shown}`;
  if (!refusal) return answer.status === 401 || answer.status === 403 ? `was refused: ${shown}` : null;
  if (answer.status !== refusal.status || codeOf(answer.text) !== refusal.code) return `should be refused ${refusal.status} ${refusal.code}, got ${shown}`;
  if (answer.wrote.length > 0) return `was refused but wrote to ${answer.wrote.join(", ")}`;
  return null;
}

describe("who may call each route", () => {
  for (const key of Object.keys(ROUTE_TABLE) as RouteKey[]) {
    it(key, async () => {
      const rule = ruleOf(key);
      const contact = ownerContact(cast);
      const problems: string[] = [];
      for (const role of ROLES) {
        const answer = await callAs(key, role);
        const refusal = rule.allowed.includes(role) ? undefined : rule.refusals[role];
        if (!rule.allowed.includes(role) && !refusal) problems.push(`${role}: the table neither allows nor refuses this role`);
        const problem = problemWith(answer, refusal);
        if (problem) problems.push(`${role}: ${problem}`);
        const leaked = SEES_OWNER_CONTACT.includes(role) ? [] : contact.filter((detail) => answer.text.includes(detail));
        if (leaked.length > 0) problems.push(`${role}: the answer carries the owner's ${leaked.join(", ")}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
