import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";

// The conformance suite (ADR 0035): calls an agency backend the way the
// screens do and checks each answer's status and body against the OpenAPI
// document (docs/api/openapi.json). It reads only the document, so it runs
// against any backend, from Node (`npm run contract -- --base ...`) or
// inside the Worker's tests against our own Worker. It changes nothing on
// the backend unless `writes` is set: without it, only reads, refused
// requests and the suite's own sign-ins and sign-outs.

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, Json> };
}

export interface ConformanceOptions {
  /** The API base, e.g. https://backend.example/api. */
  base: string;
  document: OpenApiDocument;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  member?: { pid: number; password: string };
  staff?: { username: string; password: string };
  /** The day whose public lists are read (yyyy-mm-dd); today (UTC) by default. */
  publicDate?: string;
  /** Also view a profile (which may use a view from the balance), hide and restore it, and send interest (withdrawn again if it was new). */
  writes?: boolean;
  /**
   * With `writes`, also register a new member with this WhatsApp number and photo (a JPEG): the
   * backend sends that number a code, so it must be the tester's own. The member stays.
   */
  registration?: { mobile: string; photo: Uint8Array };
}

export interface CheckResult {
  /** The contract's route, e.g. `GET /users/{pid}`. */
  route: string;
  /** The request as sent, below the base. */
  request: string;
  expected: string;
  got: string;
  /** null when the answer conforms; otherwise the first difference. */
  problem: string | null;
}

interface Probe {
  method: "get" | "post" | "put" | "delete";
  /** The document's path template. */
  path: string;
  /** The request path and query below the base. */
  url: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  /** A body sent as it is, with its own Content-Type. */
  raw?: { body: string; type: string };
  /** The status the suite requires; without it any status the contract documents will do. */
  status?: number;
  code?: string;
}

const REF = "#/components/schemas/";

/** A path no route has: answered 404 in the failure shape like any other (ADR 0002). */
const UNKNOWN_PATH = "(an unknown path)";
const UNKNOWN_PATH_RESPONSES: Record<string, Json> = {
  "404": { content: { "application/json": { schema: { $ref: `${REF}ApiFailure` } } } },
};

/** A response schema made self-contained for the validator: the document's components as $defs. */
function validatable(schema: unknown, document: OpenApiDocument): Schema {
  const text = JSON.stringify({ ...(schema as Json), $defs: document.components.schemas });
  return JSON.parse(text.replaceAll(`"${REF}`, '"#/$defs/')) as Schema;
}

/** The deepest place in the body where it differs from the schema: what a backend team fixes first. */
function firstDifference(errors: OutputUnit[]): string {
  const deepest = errors.reduce((best, error) => (error.instanceLocation.length > best.instanceLocation.length ? error : best), errors[0]!);
  // additionalProperties: false reads "False boolean schema.": say what it means.
  const text = deepest.error === "False boolean schema." ? "this field is not in the contract" : deepest.error;
  return `${deepest.instanceLocation}: ${text}`;
}

function schemaName(schema: unknown): string {
  const ref = (schema as Json | undefined)?.$ref;
  return typeof ref === "string" ? ref.slice(REF.length) : "";
}

/** What the document promises for a status, in a few words for the report. */
function describeResponse(response: Json | undefined): string {
  const json = (response?.content as Record<string, Json> | undefined)?.["application/json"];
  if (!json) return "";
  const data = ((json.schema as Json).properties as Json | undefined)?.data as Json | undefined;
  if (!data) return "ApiFailure";
  const name = schemaName(data) || (data.type === "array" ? `${schemaName(data.items)}[]` : "");
  return name && name !== "[]" ? name : String(data.type ?? "");
}

class Checker {
  private readonly validators = new Map<unknown, Validator>();
  readonly results: CheckResult[] = [];

  constructor(private readonly options: ConformanceOptions) {}

  /** Sends a probe and records whether its answer conforms; answers the parsed body, or null. */
  async call(probe: Probe): Promise<unknown> {
    const route = `${probe.method.toUpperCase()} ${probe.path}`;
    const request = `${probe.method.toUpperCase()} ${probe.url}`;
    const operation = probe.path === UNKNOWN_PATH ? { responses: UNKNOWN_PATH_RESPONSES } : this.options.document.paths[probe.path]?.[probe.method];
    const responses = this.responsesOf(operation);
    const expected = probe.status
      ? `${probe.status}${probe.code ? ` ${probe.code}` : ""}`
      : Object.keys(responses)
          .map((status) => `${status} ${describeResponse(responses[status])}`.trim())
          .join(" | ");
    let response: Response;
    try {
      response = await this.options.fetch(this.options.base + probe.url, this.init(probe));
    } catch (error) {
      this.results.push({ route, request, expected, got: "no answer", problem: String(error) });
      return null;
    }
    const text = await response.text();
    const { body, problem } = this.judge(probe, operation ? responses : null, response, text);
    const got = `${response.status}${body && typeof body === "object" && "code" in body ? ` ${String((body as Json).code)}` : ""}`;
    this.results.push({ route, request, expected, got, problem });
    return problem === null ? body : null;
  }

  /** An operation's responses by status, shared ones (`$ref` to components.responses) looked up. */
  private responsesOf(operation: Json | undefined): Record<string, Json> {
    const shared = this.options.document.components.responses ?? {};
    const entries = Object.entries((operation?.responses ?? {}) as Record<string, Json>).map(([status, response]) => {
      const ref = response.$ref;
      return [status, typeof ref === "string" ? (shared[ref.slice("#/components/responses/".length)] ?? {}) : response] as const;
    });
    return Object.fromEntries(entries);
  }

  private init(probe: Probe): RequestInit {
    const headers: Record<string, string> = {};
    if (probe.token) headers.Authorization = `Bearer ${probe.token}`;
    if (probe.json !== undefined) {
      headers["Content-Type"] = "application/json";
      return { method: probe.method.toUpperCase(), headers, body: JSON.stringify(probe.json) };
    }
    if (probe.raw) {
      headers["Content-Type"] = probe.raw.type;
      return { method: probe.method.toUpperCase(), headers, body: probe.raw.body };
    }
    return { method: probe.method.toUpperCase(), headers, ...(probe.form ? { body: probe.form } : {}) };
  }

  private judge(probe: Probe, responses: Record<string, Json> | null, response: Response, text: string): { body: unknown; problem: string | null } {
    if (!responses) return { body: null, problem: "this route is not in the contract" };
    const documented = responses[String(response.status)];
    if (probe.status !== undefined && response.status !== probe.status)
      return { body: null, problem: `status ${response.status}, expected ${probe.status}: ${text.slice(0, 200)}` };
    if (!documented) return { body: null, problem: `status ${response.status} is not in the contract (it documents ${Object.keys(responses).join(", ")}): ${text.slice(0, 200)}` };
    const content = documented.content as Record<string, Json> | undefined;
    if (!content) return { body: null, problem: text === "" ? null : `expected no body, got ${text.slice(0, 200)}` };
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
    if (type.startsWith("text/"))
      return { body: text, problem: content[type] ? null : `Content-Type ${type} is not in the contract (it documents ${Object.keys(content).join(", ")})` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { body: null, problem: `the body is not JSON: ${text.slice(0, 200)}` };
    }
    const result = this.validator(content["application/json"]?.schema).validate(body);
    if (!result.valid) return { body, problem: firstDifference(result.errors) };
    if (probe.code && (body as Json).code !== probe.code) return { body, problem: `#/code: expected ${probe.code}, got ${String((body as Json).code)}` };
    return { body, problem: null };
  }

  private validator(schema: unknown): Validator {
    let validator = this.validators.get(schema);
    if (!validator) {
      validator = new Validator(validatable(schema, this.options.document), "2020-12", false);
      this.validators.set(schema, validator);
    }
    return validator;
  }
}

const dataOf = <T>(body: unknown): T | null => (body && typeof body === "object" && "data" in body ? ((body as { data: T }).data ?? null) : null);

/** A value a path parameter's schema accepts, for calls that are refused before it is read. */
function sampleParameter(schema: Json): string {
  if (schema.type === "integer" || schema.type === "number") return "1";
  if (typeof schema.pattern === "string" && schema.pattern.includes("{64}")) return "0".repeat(64);
  return "2026-01-05";
}

function fillPath(path: string, operation: Json): string {
  const parameters = (operation.parameters ?? []) as { name: string; in: string; schema: Json }[];
  return path.replace(/\{(\w+)\}/g, (_, name: string) => sampleParameter(parameters.find((parameter) => parameter.name === name)?.schema ?? {}));
}

/** Every route a visitor may call: reference lists, health and the rest without required input, each must answer 200. */
function publicReads(document: OpenApiDocument): Probe[] {
  const probes: Probe[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const operation = operations.get;
    if (operation?.["x-auth"] !== "none" || path.includes("{")) continue;
    const parameters = (operation.parameters ?? []) as { required: boolean }[];
    if (parameters.some((parameter) => parameter.required)) continue;
    probes.push({ method: "get", path, url: path, status: 200 });
  }
  return probes;
}

/** Every route behind a sign-in, called without one: 401 UNAUTHENTICATED, and nothing read or written. */
function unauthenticatedCalls(document: OpenApiDocument): Probe[] {
  const probes: Probe[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation["x-auth"] === "none") continue;
      const body = operation.requestBody as { content: Record<string, unknown> } | undefined;
      const probe: Probe = { method: method as Probe["method"], path, url: fillPath(path, operation), status: 401, code: "UNAUTHENTICATED" };
      if (body?.content["application/json"]) probe.json = {};
      if (body?.content["multipart/form-data"]) probe.form = new FormData();
      probes.push(probe);
    }
  }
  return probes;
}

async function visitorChecks(checker: Checker, document: OpenApiDocument, somePid: number, date: string): Promise<void> {
  for (const probe of publicReads(document)) await checker.call(probe);
  for (const probe of unauthenticatedCalls(document)) await checker.call(probe);
  await checker.call({ method: "get", path: "/profile_teaser/{pid}", url: `/profile_teaser/${somePid}` });
  await checker.call({ method: "get", path: "/whatsapp/public_profiles/{date}", url: `/whatsapp/public_profiles/${date}?week=false` });
  await checker.call({ method: "get", path: "/public_messages", url: `/public_messages?date=${date}` });
  // Refused input: nothing is written, no code is sent, no sign-in is counted.
  await checker.call({ method: "post", path: "/users/sign_in", url: "/users/sign_in", json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "post", path: "/users/link_sign_in", url: "/users/link_sign_in", json: { kind: "profile", link: "not-a-link" }, status: 400, code: "INVALID_LINK" });
  await checker.call({ method: "post", path: "/users/password_reset", url: "/users/password_reset", json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "post", path: "/users/password_reset/confirm", url: "/users/password_reset/confirm", json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "post", path: "/client_errors", url: "/client_errors", json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "post", path: "/save_new_registration", url: "/save_new_registration", form: new FormData(), status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "post", path: "/admin/sign_in", url: "/admin/sign_in", json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({
    method: "get",
    path: "/whatsapp/webhook",
    url: "/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=1",
    status: 403,
    code: "FORBIDDEN",
  });
  // Unsigned: read no further than the signature.
  await checker.call({ method: "post", path: "/whatsapp/webhook", url: "/whatsapp/webhook", json: { entry: [] }, status: 401, code: "UNAUTHENTICATED" });
}

/** A member's screens, read as that member; with `writes`, the interest and list actions too, each undone. */
async function memberChecks(checker: Checker, member: { pid: number; password: string }, writes: boolean): Promise<void> {
  const signIn = dataOf<{ token: string }>(await checker.call({ method: "post", path: "/users/sign_in", url: "/users/sign_in", json: member, status: 200 }));
  if (!signIn) return;
  const token = signIn.token;
  const pid = member.pid;
  const get = (path: string, url: string, status?: number) => checker.call({ method: "get", path, url, token, ...(status ? { status } : {}) });
  const current = dataOf<{ language: string }>(await get("/users/current", "/users/current", 200));
  await get("/users/{pid}", `/users/${pid}`, 200);
  await get("/users/sessions", "/users/sessions", 200);
  await get("/sibling/{pid}", `/sibling/${pid}`, 200);
  const page = dataOf<{ profiles: { pid: number }[] }>(await get("/Simple_Search_Profiles", "/Simple_Search_Profiles?page=1", 200));
  const other = page?.profiles[0]?.pid ?? null;
  await get("/eloborate_profile", "/eloborate_profile?page=1");
  await get("/matching_profiles", "/matching_profiles?page=1");
  await get("/single_user_profile/{id}", `/single_user_profile/${other ?? pid}`);
  await get("/profile_visits", `/profile_visits?pid=${pid}&p_status=V&page=1`, 200);
  await get("/profile_visits", `/profile_visits?pid=${pid}&p_status=F&page=1`, 200);
  await get("/recommended_profiles", "/recommended_profiles", 200);
  await get("/whatsapp_profile", `/whatsapp_profile?pid=${other ?? pid}`);
  await get("/whatsapp/profiles_sent", "/whatsapp/profiles_sent", 200);
  await get("/whatsapp/profiles_not_sent", "/whatsapp/profiles_not_sent", 200);
  await get("/templates/public", "/templates/public", 200);
  await get("/users/consents", "/users/consents", 200);
  await get("/users/my_data", "/users/my_data", 200);
  await get("/users/my_data", "/users/my_data?format=html", 200);
  if (other !== null) {
    await get("/users/{pid}", `/users/${other}?normalized=true`);
    await get("/profile_teaser/{pid}", `/profile_teaser/${other}`);
  }
  await get("/Simple_Search_Profiles", "/Simple_Search_Profiles?page=many", 400);
  await checker.call({ method: "post", path: "/users/consents", url: "/users/consents", token, json: {}, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({ method: "put", path: "/users/language", url: "/users/language", token, json: { language: "fr" }, status: 400, code: "VALIDATION_FAILED" });
  await checker.call({
    method: "put",
    path: "/profile_education_data",
    url: "/profile_education_data",
    token,
    raw: { body: "educationDetails=BTech", type: "text/plain" },
    status: 415,
  });
  if (writes && other !== null) {
    const post = (path: string, json: unknown) => checker.call({ method: "post", path, url: path, token, json });
    // The member's own language again: the call is answered, nothing changes.
    if (current) await checker.call({ method: "put", path: "/users/language", url: "/users/language", token, json: { language: current.language }, status: 200 });
    await post("/view_profile", { pid: other });
    await post("/remove_profile", { pid: other });
    await post("/restore_profile", { pid: other });
    // Only a request this call made is withdrawn again: one the member had stays.
    const sent = dataOf<{ status: string }>(await post("/send_interest", { fpid: pid, tpid: other }));
    if (sent?.status === "sent") await post("/delete_interest", { fpid: pid, tpid: other });
  }
  await checker.call({ method: "post", path: "/users/sign_out", url: "/users/sign_out", token, status: 200 });
}

/** The first entry of a reference list, as the registration form offers it. */
async function firstId(checker: Checker, list: string): Promise<string> {
  const items = dataOf<{ id: number }[]>(await checker.call({ method: "get", path: `/${list}`, url: `/${list}`, status: 200 }));
  return String(items?.[0]?.id ?? 1);
}

/** A registration as the form sends it: the privacy notice in force, the first entry of each list. */
async function registrationCheck(checker: Checker, registration: { mobile: string; photo: Uint8Array }): Promise<void> {
  const privacy = dataOf<{ noticeVersion: string }>(await checker.call({ method: "get", path: "/privacy", url: "/privacy", status: 200 }));
  const fields: Record<string, string> = {
    gender: "F",
    name: "Conformance",
    surname: "Check",
    dob: "14/08/1997",
    tob: "5:45 AM",
    pob: "Vijayawada",
    star: await firstId(checker, "stars"),
    padham: await firstId(checker, "padhams"),
    height: await firstId(checker, "heights"),
    subcaste: await firstId(checker, "subcastes"),
    religion: await firstId(checker, "religions"),
    marriage: "1",
    educationDetails: "B.Tech, JNTU Kakinada",
    professionDetails: "Software engineer",
    fatherName: "Ramakrishna",
    fatherJob: "Teacher",
    motherName: "Padmavathi",
    motherJob: "Home maker",
    mobile: registration.mobile,
    address: "Plot 12, Benz Circle, Vijayawada",
    noticeVersion: privacy?.noticeVersion ?? "",
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("photo", new File([registration.photo], "photo.jpg", { type: "image/jpeg" }));
  await checker.call({ method: "post", path: "/save_new_registration", url: "/save_new_registration", form, status: 200 });
}

/** The agency console's lists and one member's record, read as staff; owners' lists may answer 403 to other staff. */
async function staffChecks(checker: Checker, staff: { username: string; password: string }, somePid: number): Promise<void> {
  const signIn = dataOf<{ token: string }>(await checker.call({ method: "post", path: "/admin/sign_in", url: "/admin/sign_in", json: staff, status: 200 }));
  if (!signIn) return;
  const token = signIn.token;
  const get = (path: string, url: string, status?: number) => checker.call({ method: "get", path, url, token, ...(status ? { status } : {}) });
  await get("/admin/me", "/admin/me", 200);
  const members = dataOf<{ items: { pid: number }[] }>(await get("/admin/members", "/admin/members?page=1", 200));
  const pid = members?.items[0]?.pid ?? somePid;
  await get("/admin/members/{pid}", `/admin/members/${pid}`);
  await get("/admin/members/{pid}/links", `/admin/members/${pid}/links`);
  await get("/admin/members/{pid}/recommendations", `/admin/members/${pid}/recommendations`);
  await get("/admin/outbox", "/admin/outbox?page=1", 200);
  await get("/admin/outbox/summary", "/admin/outbox/summary", 200);
  await get("/admin/outbox/inbound", "/admin/outbox/inbound?page=1", 200);
  await get("/admin/templates", "/admin/templates", 200);
  await get("/admin/public_lists", "/admin/public_lists", 200);
  await get("/admin/audit_log", "/admin/audit_log?page=1");
  await get("/admin/staff", "/admin/staff");
  await get("/admin/access_log", "/admin/access_log");
  await get("/admin/data_requests", "/admin/data_requests?status=open", 200);
  await checker.call({ method: "post", path: "/admin/sign_out", url: "/admin/sign_out", token, status: 200 });
}

/** Runs the suite: a visitor's calls always, a member's and staff's with their credentials. */
export async function runConformance(options: ConformanceOptions): Promise<CheckResult[]> {
  const checker = new Checker(options);
  const somePid = options.member?.pid ?? 1;
  await visitorChecks(checker, options.document, somePid, options.publicDate ?? new Date().toISOString().slice(0, 10));
  await checker.call({ method: "get", path: UNKNOWN_PATH, url: "/no_such_path", status: 404, code: "NOT_FOUND" });
  if (options.member) await memberChecks(checker, options.member, options.writes ?? false);
  if (options.staff) await staffChecks(checker, options.staff, somePid);
  if (options.writes && options.registration) await registrationCheck(checker, options.registration);
  return checker.results;
}

/** The contract's routes no check called. */
export function routesNotExercised(document: OpenApiDocument, results: CheckResult[]): string[] {
  const called = new Set(results.map((result) => result.route));
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => `${method.toUpperCase()} ${path}`)
      .filter((route) => !called.has(route)),
  );
}

/** One check as the report prints it: a line when it passed, what differed when it did not. */
export function formatResult(result: CheckResult): string {
  return result.problem === null
    ? `ok    ${result.request}  -> ${result.got}`
    : `FAIL  ${result.request}  (${result.route})\n        expected: ${result.expected}\n        got:      ${result.got}\n        ${result.problem}`;
}

/** The report: one line per check, the failures with what differed, and a summary. */
export function formatReport(document: OpenApiDocument, results: CheckResult[]): string {
  const lines = results.map(formatResult);
  const failed = results.filter((result) => result.problem !== null).length;
  const routes = Object.values(document.paths).reduce((count, operations) => count + Object.keys(operations).length, 0);
  const missed = routesNotExercised(document, results);
  lines.push(
    "",
    `${results.length} checks: ${results.length - failed} passed, ${failed} failed.`,
    `${routes - missed.length} of ${routes} routes of the contract called${missed.length > 0 ? `; not called: ${missed.join(", ")}` : ""}.`,
  );
  return lines.join("\n");
}
