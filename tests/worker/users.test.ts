import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import { hashPassword, PBKDF2_ITERATIONS } from "#worker/lib/password.ts";
import { ALL_NETWORKS, FREE_ATTEMPTS } from "#worker/lib/sign-in-backoff.ts";
import { api, bearer, createMember, postJson, signIn } from "./setup/fixtures.ts";

// Sign-in, the current user and sign-out (docs/specification.md
// § "Session and registration", § "Other rules", § "User record (read)",
// § "4. States and transitions"). Password attempts back off per Profile
// ID and client network, and for all networks together (ADR 0024).

/** The address Cloudflare would have seen (CF-Connecting-IP). */
const fromAddress = (address: string) => ({ "CF-Connecting-IP": address });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/users/sign_in", () => {
  it("returns a token and the profile limits for the right password", async () => {
    const member = await createMember({ profileType: "PREMIUM", profilesCount: 20, total: 3, lastViewDate: "2099-01-31" });
    const response = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
    expect(response.status).toBe(200);
    const body = await response.json<{ data: { token: string; pid: number; profileLimits: unknown } }>();
    expect(body.data.pid).toBe(member.pid);
    expect(body.data.token.split(".")).toHaveLength(3);
    expect(body.data.profileLimits).toEqual({ profileType: "PREMIUM", profilesCount: 20, total: 3, lastViewDate: "2099-01-31" });
    expect(JSON.stringify(body)).not.toContain("password");
  });

  it("answers a wrong password and an unknown Profile ID alike", async () => {
    const member = await createMember();
    const wrong = await postJson("/api/users/sign_in", { pid: member.pid, password: "not-it" });
    const unknown = await postJson("/api/users/sign_in", { pid: 987_654, password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const expected = { error: MESSAGES.loginFailed, code: "SIGN_IN_FAILED", err: MESSAGES.loginFailed };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
  });

  it("derives one full PBKDF2 hash for an unknown Profile ID, a member with no password yet, a malformed stored hash and a wrong password (ADR 0004)", async () => {
    const withPassword = await createMember();
    const withoutPassword = await createMember();
    const malformed = await createMember();
    await env.DB.prepare("UPDATE members SET password_hash = '' WHERE pid = ?1").bind(withoutPassword.pid).run();
    await env.DB.prepare("UPDATE members SET password_hash = 'pbkdf2-sha256$1000000$AAAA$AAAA' WHERE pid = ?1").bind(malformed.pid).run();
    // The dummy hash is made once per isolate: made here, before counting.
    await postJson("/api/users/sign_in", { pid: 987_653, password: "not-it" });
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const derivations = async (pid: number) => {
      derive.mockClear();
      expect((await postJson("/api/users/sign_in", { pid, password: "not-it" })).status).toBe(400);
      return derive.mock.calls.map(([algorithm]) => (typeof algorithm !== "string" && "iterations" in algorithm ? algorithm.iterations : algorithm));
    };
    const oneFullHash = [PBKDF2_ITERATIONS];
    expect(await derivations(withPassword.pid)).toEqual(oneFullHash);
    expect(await derivations(987_654)).toEqual(oneFullHash);
    expect(await derivations(withoutPassword.pid)).toEqual(oneFullHash);
    expect(await derivations(malformed.pid)).toEqual(oneFullHash);
  });

  it("starts no session with a password that a reset replaced while it was being checked", async () => {
    const member = await createMember();
    const resetHash = await hashPassword("Reset-password-1", env.PASSWORD_PEPPER);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "not-the-password" })).status).toBe(400);
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    // The reset lands while the old password is hashed, after the stored hash was read.
    vi.spyOn(crypto.subtle, "deriveBits").mockImplementationOnce(async (...args) => {
      await env.DB.prepare("UPDATE members SET password_hash = ?2 WHERE pid = ?1").bind(member.pid, resetHash).run();
      return derive(...args);
    });
    const response = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "SIGN_IN_FAILED" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE member_pid = ?1").bind(member.pid).first()).toEqual({ n: 0 });
    // Nor does it earn a right password's forgiveness: both attempts still count from this network.
    const counted = await env.DB.prepare("SELECT failures FROM sign_in_failures WHERE pid = ?1 AND network <> '*'").bind(member.pid).all<{ failures: number }>();
    expect(counted.results).toEqual([{ failures: 2 }]);
  });

  it("refuses missing fields with the required messages", async () => {
    const response = await postJson("/api/users/sign_in", {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Profile ID Required *",
      code: "VALIDATION_FAILED",
      fields: { pid: "Profile ID Required *", password: "Password Required *" },
    });
  });

  it("refuses a Profile ID sent as text, since the form converts it to a number", async () => {
    const response = await postJson("/api/users/sign_in", { pid: "10001", password: "x" });
    expect(response.status).toBe(400);
    expect((await response.json<{ fields: Record<string, string> }>()).fields.pid).toBe("Profile ID must be a number");
  });

  it("refuses a body that is not JSON, and malformed JSON, without a 500", async () => {
    const form = await api("/api/users/sign_in", { method: "POST", body: new URLSearchParams({ pid: "1", password: "x" }) });
    expect(form.status).toBe(415);
    expect((await form.json<{ code: string }>()).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const broken = await api("/api/users/sign_in", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{pid:" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "Malformed JSON in request body", code: "BAD_REQUEST" });
  });

  it("backs off after repeated failures for one Profile ID from one network, known or not, and lets the member in later", async () => {
    const member = await createMember();
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "guess" })).status).toBe(400);
    }
    const throttled = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toBe("2");
    const body = await throttled.json<{ code: string; err: string }>();
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.err).toBe("Too many attempts. Please try again after 2 seconds.");

    // Another Profile ID is not affected.
    const other = await createMember();
    expect((await postJson("/api/users/sign_in", { pid: other.pid, password: other.password })).status).toBe(200);
    // Nor is an ID nobody has: unknown IDs are counted like known ones.
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await postJson("/api/users/sign_in", { pid: 777_002, password: "guess" })).status).toBe(400);
    expect((await postJson("/api/users/sign_in", { pid: 777_002, password: "guess" })).status).toBe(429);

    // Once the wait is over, the right password works and forgives this network's failures, here all of them.
    await env.DB.prepare("UPDATE sign_in_failures SET retry_at = '2000-01-01T00:00:00.000Z' WHERE pid = ?1").bind(member.pid).run();
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
    const left = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE pid = ?1").bind(member.pid).all();
    expect(left.results).toEqual([{ network: "*", failures: 0 }]);
  });

  it("counts every attempt exactly under concurrency, for the network and for all networks", async () => {
    const attempts = Array.from({ length: 4 }, () => postJson("/api/users/sign_in", { pid: 777_001, password: "guess" }, fromAddress("203.0.113.40")));
    expect((await Promise.all(attempts)).map((response) => response.status)).toEqual([400, 400, 400, 400]);
    const rows = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE pid = 777001 ORDER BY network").all();
    expect(rows.results).toEqual([
      { network: "*", failures: 4 },
      { network: "203.0.113.40", failures: 4 },
    ]);
  });

  it("checks at most five of many wrong passwords sent at once from one IPv6 /64, however many addresses it uses", async () => {
    const member = await createMember();
    const attempts = Array.from({ length: 20 }, (_, i) =>
      postJson("/api/users/sign_in", { pid: member.pid, password: `guess-${i}` }, fromAddress(`2001:db8:40:1::${(i + 1).toString(16)}`)),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(FREE_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FREE_ATTEMPTS);
    const row = await env.DB.prepare("SELECT failures FROM sign_in_failures WHERE pid = ?1 AND network = '2001:db8:40:1::/64'").bind(member.pid).first();
    expect(row).toEqual({ failures: FREE_ATTEMPTS });
  });

  it("lets a member in from their own network while a stranger's network is backing off", async () => {
    const member = await createMember();
    const stranger = fromAddress("198.51.100.66");
    for (let i = 0; i < FREE_ATTEMPTS + 3; i++) await postJson("/api/users/sign_in", { pid: member.pid, password: `guess-${i}` }, stranger);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password }, stranger)).status).toBe(429);
    // The member, at home on another network: the stranger's guesses do not hold them up.
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password }, fromAddress("2001:db8:77::5"))).status).toBe(200);
  });

  it("forgives a right password's own network its failures, but keeps a stranger's guesses on the ceiling", async () => {
    const member = await createMember();
    const home = fromAddress("2001:db8:77::5");
    for (let i = 0; i < 3; i++) await postJson("/api/users/sign_in", { pid: member.pid, password: `guess-${i}` }, fromAddress("198.51.100.67"));
    for (let i = 0; i < 2; i++) await postJson("/api/users/sign_in", { pid: member.pid, password: `typo-${i}` }, home);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password }, home)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE pid = ?1 ORDER BY network").bind(member.pid).all();
    expect(rows.results).toEqual([
      { network: "*", failures: 3 },
      { network: "198.51.100.67", failures: 3 },
    ]);
  });

  it("stops guesses spread over many networks at the ceiling for all networks, and tells the logs once", async () => {
    const member = await createMember();
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));
    // As if 99 guesses had come from other networks already, none of them waiting now.
    await env.DB.prepare("INSERT INTO sign_in_failures (pid, network, failures, retry_at) VALUES (?1, '*', ?2, '2000-01-01T00:00:00.000Z')")
      .bind(member.pid, ALL_NETWORKS.free - 1)
      .run();
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "guess" }, fromAddress("192.0.2.101"))).status).toBe(400);
    expect(warnings.map((line) => JSON.parse(line))).toEqual([{ kind: "sign_in_ceiling_reached", account: { pid: member.pid }, failures: ALL_NETWORKS.free }]);
    // A fresh network is refused now, with the ceiling's wait, and nothing more is counted.
    const refused = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password }, fromAddress("192.0.2.102"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(ALL_NETWORKS.baseSeconds));
    expect((await refused.json<{ err: string }>()).err).toBe("Too many attempts. Please try again after 1 minute.");
    const counted = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE pid = ?1 ORDER BY network").bind(member.pid).all();
    expect(counted.results).toEqual([
      { network: "*", failures: ALL_NETWORKS.free },
      { network: "192.0.2.101", failures: 1 },
    ]);
  });

  it("tells a deactivated member with the right password to contact the agency", async () => {
    const member = await createMember({ active: false });
    const response = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
    expect(response.status).toBe(400);
    expect((await response.json<{ err: string }>()).err).toBe(`Your profile is not active. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}`);
  });
});

describe("GET /api/users/current", () => {
  it("returns the signed-in member with their membership", async () => {
    const member = await createMember({ gender: "M", profileType: "DONOR", profilesCount: 10, total: 4, lastViewDate: "2099-12-31" });
    const response = await api("/api/users/current", { headers: bearer(await signIn(member)) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      data: {
        pid: member.pid,
        gender: "M",
        name: "Lakshmi",
        surName: "Kommineni",
        language: "en",
        profileLimits: { profileType: "DONOR", profilesCount: 10, total: 4, lastViewDate: "2099-12-31" },
        membership: { paid: true, active: true, balance: 6 },
      },
    });
  });

  it("reports an expired paid member as not active", async () => {
    const member = await createMember({ profileType: "LIFE", profilesCount: 5, lastViewDate: "2020-01-01" });
    const response = await api("/api/users/current", { headers: bearer(await signIn(member)) });
    expect((await response.json<{ data: { membership: unknown } }>()).data.membership).toEqual({ paid: true, active: false, balance: 5 });
  });

  it.each([
    ["no header", {}],
    ["a garbage token", { Authorization: "Bearer not.a.token" }],
    ["another scheme", { Authorization: "Basic abc" }],
  ])("answers 401 with %s", async (_name, headers) => {
    const response = await api("/api/users/current", { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Please log in again.", code: "UNAUTHENTICATED" });
  });

  it("refuses a token signed with another secret", async () => {
    const { SignJWT } = await import("jose");
    const forged = await new SignJWT({ sid: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("10001")
      .setIssuer("telugu-matrimony")
      .setAudience("member")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await api("/api/users/current", { headers: bearer(forged) })).status).toBe(401);
  });

  it("stops accepting tokens of a member the agency deactivated", async () => {
    const member = await createMember();
    const token = await signIn(member);
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(member.pid).run();
    expect((await api("/api/users/current", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("POST /api/users/sign_out", () => {
  it("ends the session on the server so the token no longer works", async () => {
    const member = await createMember();
    const token = await signIn(member);
    const other = await signIn(member);
    const response = await api("/api/users/sign_out", { method: "POST", headers: bearer(token) });
    expect(response.status).toBe(200);
    expect((await api("/api/users/current", { headers: bearer(token) })).status).toBe(401);
    // Only that session ends: the member's other device stays signed in.
    expect((await api("/api/users/current", { headers: bearer(other) })).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await api("/api/users/sign_out", { method: "POST" })).status).toBe(401);
  });
});
