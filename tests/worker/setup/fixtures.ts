import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import jpeg from "jpeg-js";
import { vi } from "vitest";
import { closeCodesToOtherNumbers } from "#worker/db/one-time-codes.ts";
import { followNumberChange } from "#worker/db/outbox.ts";
import { hashPassword } from "#worker/lib/password.ts";
import app from "#worker/app.ts";
import type { ProfileType } from "#shared/constants.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";

// Test data builders. Tests insert members directly: registration is its own
// feature with its own tests.

export interface TestMember {
  pid: number;
  password: string;
}

let nextPid = 50_000;
const hashes = new Map<string, Promise<string>>();

export interface MemberOptions {
  gender?: "F" | "M";
  profileType?: ProfileType;
  profilesCount?: number;
  total?: number;
  lastViewDate?: string | null;
  active?: boolean;
  password?: string;
  showPhoto?: 1 | 2;
  birthDate?: string;
  /**
   * The member's consents (ADR 0033): as a new registration that said yes to
   * both by default; "none" for a member registered before consent was asked.
   */
  consents?: { publicList: boolean; promotions: boolean } | "none";
}

export async function createMember(options: MemberOptions = {}): Promise<TestMember> {
  const pid = nextPid++;
  const password = options.password ?? "Secret-pass1";
  // PBKDF2 is slow on purpose; a test file reuses one hash per password.
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, env.PASSWORD_PEPPER);
    hashes.set(password, hash);
  }
  await env.DB.prepare(
    `INSERT INTO members (pid, gender, name, surname, birth_date, birth_time, birth_place, star_id, padham_id,
       height_id, subcaste_id, religion_id, marriage_turn, father_name, father_job, mother_name, mother_job,
       mobile, address, profile_type, profiles_count, total, last_view_date, active, password_hash,
       show_photo, photo_key, photo_blur_key, email, alternate_mobile)
     VALUES (?1, ?2, 'Lakshmi', 'Kommineni', ?10, '06:30', 'Guntur', 4, 2, 20, 1, 1, 1,
       'Venkata Rao', 'Farmer', 'Sarada', 'Home maker', ?3, 'Door 4-5, Brodipet, Guntur', ?4, ?5, ?6, ?7, ?8, ?9,
       ?11, 'photos/full-' || CAST(?1 AS INTEGER) || '.jpg', 'photos/full-' || CAST(?1 AS INTEGER) || '-blur.jpg',
       'member' || CAST(?1 AS INTEGER) || '@example.com', '+9180000' || CAST(?1 AS INTEGER))`,
  )
    .bind(
      pid,
      options.gender ?? "F",
      `+9190000${String(pid).padStart(5, "0")}`,
      options.profileType ?? "FREE",
      options.profilesCount ?? 0,
      options.total ?? 0,
      options.lastViewDate ?? null,
      options.active === false ? 0 : 1,
      await hash,
      options.birthDate ?? "1996-04-12",
      options.showPhoto ?? 1,
    )
    .run();
  const consents = options.consents ?? { publicList: true, promotions: true };
  if (consents !== "none") {
    await env.DB.prepare("INSERT INTO consents (member_pid, notice_version, notice_at, public_list, promotions) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(pid, NOTICE_VERSION, new Date().toISOString(), consents.publicList ? 1 : 0, consents.promotions ? 1 : 0)
      .run();
  }
  return { pid, password };
}

/** Calls the Worker's app and waits for its background work (waitUntil) too; `bindings` replace the test environment (a configured Cloud API). */
export async function api(path: string, init: RequestInit = {}, bindings: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`http://localhost${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** What requests did to D1 while watched: the start of each session, and the statements prepared and batches run. */
export interface D1Watch {
  /** What each session was opened with, in order. */
  starts: (string | undefined)[];
  /** Statements prepared, in sessions and on the binding. */
  statements: () => number;
  /** Batches run, in sessions and on the binding. */
  batches: () => number;
  /** Statements and batches on the binding itself, outside any session: the primary. */
  primaryWork: () => number;
  restore: () => void;
}

/**
 * Watches the test database's D1 work from now until `restore`, on the
 * binding and in the session every /api request reads through (ADR 0032).
 * The counts outlive `restore`.
 */
export function watchD1(): D1Watch {
  const starts: (string | undefined)[] = [];
  const counts = { sessionStatements: 0, sessionBatches: 0, primaryStatements: 0, primaryBatches: 0 };
  const primary = { prepare: env.DB.prepare.bind(env.DB), batch: env.DB.batch.bind(env.DB), withSession: env.DB.withSession.bind(env.DB) };
  const spies = [
    vi.spyOn(env.DB, "prepare").mockImplementation((query) => {
      counts.primaryStatements += 1;
      return primary.prepare(query);
    }),
    vi.spyOn(env.DB, "batch").mockImplementation((statements) => {
      counts.primaryBatches += 1;
      return primary.batch(statements);
    }),
    vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
      starts.push(start);
      const session = primary.withSession(start);
      return {
        prepare: (query) => {
          counts.sessionStatements += 1;
          return session.prepare(query);
        },
        batch: (statements) => {
          counts.sessionBatches += 1;
          return session.batch(statements);
        },
        getBookmark: () => session.getBookmark(),
      };
    }),
  ];
  return {
    starts,
    statements: () => counts.sessionStatements + counts.primaryStatements,
    batches: () => counts.sessionBatches + counts.primaryBatches,
    primaryWork: () => counts.primaryStatements + counts.primaryBatches,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

export async function signIn(member: TestMember): Promise<string> {
  const response = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  const { data } = await response.json<{ data: { token: string } }>();
  return data.token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type InterestState = "pending" | "approved" | "denied" | "withdrawn";

/** An interest from one member in another, in the given state. */
export async function createInterest(fromPid: number, toPid: number, state: InterestState = "pending"): Promise<void> {
  const now = "2026-11-01T10:00:00.000Z";
  await env.DB.prepare("INSERT INTO interests (from_pid, to_pid, approved_at, denied_at, deleted_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(fromPid, toPid, state === "approved" ? now : null, state === "denied" ? now : null, state === "withdrawn" ? now : null)
    .run();
}

export async function hideProfile(memberPid: number, hiddenPid: number): Promise<void> {
  await env.DB.prepare("INSERT INTO hidden_profiles (member_pid, hidden_pid) VALUES (?1, ?2)").bind(memberPid, hiddenPid).run();
}

/** A member with a session, ready to call the API. */
export async function signedInMember(options: MemberOptions = {}): Promise<TestMember & { headers: Record<string, string> }> {
  const member = await createMember(options);
  return { ...member, headers: bearer(await signIn(member)) };
}

let staffCount = 0;

/** A new staff account (or owner), signed in: its id and the Authorization header of its session. */
export async function staffSession(role: "owner" | "staff" = "staff"): Promise<{ headers: Record<string, string>; id: number; username: string }> {
  staffCount += 1;
  const username = `staff${staffCount}`;
  const row = await env.DB.prepare("INSERT INTO staff (username, name, role, password_hash) VALUES (?1, 'Padma', ?2, ?3) RETURNING id")
    .bind(username, role, await hashPassword("console-pass-1", env.PASSWORD_PEPPER))
    .first<{ id: number }>();
  const response = await postJson("/api/admin/sign_in", { username, password: "console-pass-1" });
  if (response.status !== 200 || !row) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  const { data } = await response.json<{ data: { token: string } }>();
  return { headers: bearer(data.token), id: row.id, username };
}

/** JSON with any method, as staff or a member. */
export function sendJson(method: "PUT" | "POST" | "DELETE", path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** Another session of a staff account made by staffSession (whose password it knows), e.g. for a call that ends its session. */
export async function staffSessionOf(username: string): Promise<Record<string, string>> {
  const response = await postJson("/api/admin/sign_in", { username, password: "console-pass-1" });
  if (response.status !== 200) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  const { data } = await response.json<{ data: { token: string } }>();
  return bearer(data.token);
}

/** The contact details createMember stores for a Profile ID: what only the member, an entitled viewer and staff may read. */
export function contactOf(pid: number): { mobile: string; alternateMobile: string; email: string } {
  return { mobile: `+9190000${String(pid).padStart(5, "0")}`, alternateMobile: `+9180000${pid}`, email: `member${pid}@example.com` };
}

/** The Parent details tab as createMember stored it, with the member's own contact details. */
export function parentsOf(pid: number) {
  return {
    fatherName: "Venkata Rao",
    fatherJob: "Farmer",
    motherName: "Sarada",
    motherJob: "Home maker",
    nativeCountry: 1,
    nativeState: null,
    nativeDistrict: null,
    residingCity: "",
    ...contactOf(pid),
    address: "Door 4-5, Brodipet, Guntur",
  };
}

/** A small real JPEG, for forms that take a photo and for photos served from R2. */
export function smallJpeg(width = 16, height = 20): Uint8Array {
  const data = new Uint8Array(width * height * 4).fill(150);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

/** The X-Hub-Signature-256 header Meta puts on a webhook body, made with the tests' app secret (vitest.config.ts). */
export async function webhookSignature(body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.WHATSAPP_APP_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Waits, when needed, until the Rate Limiting binding's current window has
 * `needMs` left, so that a test's calls are counted in one window. The
 * binding counts in fixed windows of the clock (Miniflare's ratelimit
 * worker: `Math.floor(Date.now() / (period * 1000))`, every count cleared
 * when it changes): calls that straddle a window's end start counting anew,
 * and the limit a test means to reach is not reached.
 */
export async function withinOneLimitWindow(needMs = 10_000, periodSeconds = 60): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** The Personal tab as the console sends it (raw texts, as a form holds them). */
export function personalForm(overrides: Record<string, string> = {}, photo?: Uint8Array): FormData {
  const fields = {
    name: "Lakshmi",
    surname: "Kommineni",
    dob: "12/04/1996",
    tob: "6:30 AM",
    pob: "Guntur",
    star: "4",
    padham: "2",
    raasi: "",
    height: "20",
    subcaste: "1",
    religion: "1",
    marriage: "1",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append("photo", new File([photo], "new.jpg", { type: "image/jpeg" }));
  return form;
}

/**
 * Staff set a new number for the member (ADR 0022) just before the first
 * batch of the requests that follow: after such a request read the member,
 * before it wrote. Returns the new number; vi.restoreAllMocks ends it.
 */
export function numberChangesBeforeFirstBatch(pid: number): string {
  const mobile = `+9179${String(pid).padStart(8, "0")}`;
  const withSession = env.DB.withSession.bind(env.DB);
  let changed = false;
  vi.spyOn(env.DB, "withSession").mockImplementation((constraint) => {
    const session = withSession(constraint);
    return new Proxy(session, {
      get(target, name) {
        if (name !== "batch") return Reflect.get(target, name);
        return async (statements: D1PreparedStatement[]) => {
          if (!changed) {
            changed = true;
            const now = new Date();
            await env.DB.batch([
              env.DB.prepare("UPDATE members SET mobile = ?2 WHERE pid = ?1").bind(pid, mobile),
              closeCodesToOtherNumbers(env.DB, pid, mobile, now),
              ...followNumberChange(env.DB, pid, mobile, now),
            ]);
          }
          return target.batch(statements);
        };
      },
    });
  });
  return mobile;
}
