import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CodeSent, SignInResult } from "#shared/api-types.ts";
import { CODE_TRIES } from "#worker/db/one-time-codes.ts";
import { issueAutoLoginLink } from "#worker/lib/link-tokens.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import { api, bearer, createMember, numberChangesBeforeFirstBatch, postJson, sendJson, signIn, type TestMember } from "./setup/fixtures.ts";
import { templateOf, testWhatsApp, type TestWhatsApp } from "./setup/whatsapp.ts";

// "Forgot password?" and a member's own password (ADR 0021): a one-time code
// to the WhatsApp number on file, sent here by the Cloud API stand-in as the
// authentication template, with which the member sets a new password.

let wa: TestWhatsApp;
let logs: string[];

const mobileOf = (member: TestMember) => `+9190000${String(member.pid).padStart(5, "0")}`;

beforeEach(async () => {
  wa = await testWhatsApp();
  logs = [];
  for (const level of ["log", "warn", "error", "info", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logs.push(args.map(String).join(" "));
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Asks for a code and lets the Cloud API stand-in deliver it; returns the code the member received, if any. */
async function requestCode(pid: number, mobile: string): Promise<{ status: number; body: unknown; code: string | null }> {
  const before = (await wa.messagesTo(mobile)).length;
  const response = await postJson("/api/users/password_reset", { pid, mobile });
  await deliverOutbox(wa.env);
  const messages = await wa.messagesTo(mobile);
  const latest = messages.length > before ? messages.at(-1) : undefined;
  return { status: response.status, body: await response.json(), code: latest ? (templateOf(latest).body[0] ?? null) : null };
}

/** Lets the cooldown between two codes pass, as if the first had been asked for two minutes ago. */
async function agePreviousCodes(pid: number): Promise<void> {
  await env.DB.prepare("UPDATE one_time_codes SET created_at = ?2 WHERE member_pid = ?1")
    .bind(pid, new Date(Date.now() - 2 * 60_000).toISOString())
    .run();
}

const confirm = (pid: number, code: string, password = "My-own-password-1") => postJson("/api/users/password_reset/confirm", { pid, code, password });

describe("POST /api/users/password_reset", () => {
  it("sends a 6-digit code as the authentication template when the Profile ID and number match", async () => {
    const member = await createMember();
    const { status, body, code } = await requestCode(member.pid, mobileOf(member));
    expect(status).toBe(200);
    // This Worker's own Cloud API is not configured, so the answer speaks of staff; it is the same for every request.
    expect(body).toEqual({ data: { byAgency: true, validMinutes: 4320 } satisfies CodeSent });
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await wa.messagesTo(mobileOf(member));
    expect(templateOf(message ?? {})).toEqual({ name: "verification_code", language: "en_IN", body: [code], button: code });
    const stored = await env.DB.prepare("SELECT reason, code_hash, attempts FROM one_time_codes WHERE member_pid = ?1").bind(member.pid).first<Record<string, unknown>>();
    expect(stored).toMatchObject({ reason: "forgot_password", attempts: 0 });
    expect(String(stored?.code_hash)).not.toContain(String(code));
    expect(logs.join("\n")).not.toContain(String(code));
  });

  it("stores and sends no code for the number the member had when the request was read, if staff replaced it before the code was written", async () => {
    const member = await createMember();
    const newMobile = numberChangesBeforeFirstBatch(member.pid);
    const { status, code } = await requestCode(member.pid, mobileOf(member));
    expect(status).toBe(200);
    // The old phone gets nothing that would set a password, and no code of it is open.
    expect(code).toBeNull();
    expect(await wa.messagesTo(mobileOf(member))).toHaveLength(0);
    expect(await wa.messagesTo(newMobile)).toHaveLength(0);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM one_time_codes WHERE member_pid = ?1 AND closed_at IS NULL").bind(member.pid).first()).toEqual({ n: 0 });
  });

  it("answers the same and sends nothing for a wrong number, an unknown Profile ID or a deactivated member", async () => {
    const member = await createMember();
    const inactive = await createMember({ active: false });
    const answers = [await requestCode(member.pid, "+919999988888"), await requestCode(999_999, mobileOf(member)), await requestCode(inactive.pid, mobileOf(inactive))];
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { data: { byAgency: true, validMinutes: 4320 } }, code: null });
    const written = await env.DB.prepare("SELECT COUNT(*) AS n FROM one_time_codes WHERE member_pid IN (?1, ?2)").bind(member.pid, inactive.pid).first();
    expect(written).toEqual({ n: 0 });
    expect(await wa.received()).toEqual([]);
  });

  it("sends at most one code a minute and three an hour to a member, answering alike", async () => {
    const member = await createMember();
    const mobile = mobileOf(member);
    expect((await requestCode(member.pid, mobile)).code).not.toBeNull();
    // Within the minute: the same answer, nothing sent.
    expect(await requestCode(member.pid, mobile)).toMatchObject({ status: 200, code: null });
    await agePreviousCodes(member.pid);
    expect((await requestCode(member.pid, mobile)).code).not.toBeNull();
    await agePreviousCodes(member.pid);
    expect((await requestCode(member.pid, mobile)).code).not.toBeNull();
    await agePreviousCodes(member.pid);
    expect(await requestCode(member.pid, mobile)).toMatchObject({ status: 200, code: null });
    expect(await wa.messagesTo(mobile)).toHaveLength(3);
  });

  it("keeps requests sent at once to the same limits: one code and one message of twelve", async () => {
    const member = await createMember();
    const mobile = mobileOf(member);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postJson("/api/users/password_reset", { pid: member.pid, mobile }, { "CF-Connecting-IP": `198.51.100.${i + 1}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const codes = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(closed_at IS NULL) AS open FROM one_time_codes WHERE member_pid = ?1")
      .bind(member.pid)
      .first<{ n: number; open: number }>();
    expect(codes).toEqual({ n: 1, open: 1 });
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1 AND kind = 'forgot_password_code'").bind(member.pid).first<{ n: number }>();
    expect(queued?.n).toBe(1);
  });

  it("closes the earlier code when a new one is sent, and only then", async () => {
    const member = await createMember();
    const mobile = mobileOf(member);
    const first = (await requestCode(member.pid, mobile)).code;
    await agePreviousCodes(member.pid);
    const second = (await requestCode(member.pid, mobile)).code;
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect((await confirm(member.pid, first!)).status).toBe(400);
    expect((await confirm(member.pid, second!)).status).toBe(200);
  });

  it("does not hold back a code because one was just sent for another reason (after registering)", async () => {
    const member = await createMember();
    await env.DB.prepare("INSERT INTO one_time_codes (member_pid, reason, code_hash, mobile, created_at, expires_at) VALUES (?1, 'registration', 'x$y', ?2, ?3, ?4)")
      .bind(member.pid, mobileOf(member), new Date().toISOString(), new Date(Date.now() + 600_000).toISOString())
      .run();
    expect((await requestCode(member.pid, mobileOf(member))).code).toMatch(/^\d{6}$/);
  });

  it("refuses a body that is not a Profile ID and a WhatsApp number", async () => {
    const response = await postJson("/api/users/password_reset", { pid: "abc", mobile: "12" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { pid: "Profile ID must be a number", mobile: "Enter a valid WhatsApp number, e.g. 98765 43210 or +1 415 555 0100" } });
  });
});

describe("POST /api/users/password_reset/confirm", () => {
  it("sets the member's own password with the code and signs them in; the old password, other sessions and links end", async () => {
    const member = await createMember();
    const oldToken = await signIn(member);
    // A link of theirs, used once: whoever holds it is out too (ADR 0024).
    const issued = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind: "profile", memberPid: member.pid });
    await issued.statement.run();
    const link = new URL(issued.url).searchParams.get("link");
    const linkSignIn = await (await postJson("/api/users/link_sign_in", { kind: "profile", link })).json<{ data: SignInResult }>();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const response = await confirm(member.pid, code ?? "");
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: SignInResult }>();
    expect(data).toMatchObject({ pid: member.pid, profileLimits: { profileType: "FREE" } });
    expect((await api("/api/users/current", { headers: bearer(data.token) })).status).toBe(200);
    for (const token of [oldToken, linkSignIn.data.token]) expect((await api("/api/users/current", { headers: bearer(token) })).status).toBe(401);
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).toBe(400);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(400);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "My-own-password-1" })).status).toBe(200);
    // Used once.
    const again = await confirm(member.pid, code ?? "", "Another-password-2");
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_CODE", error: "This code has expired or was already used. Please ask for a new code." });
  });

  it("allows five tries of a code, says how many are left, and then refuses even the right one", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const wrong = code === "000000" ? "111111" : "000000";
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) texts.push((await (await confirm(member.pid, wrong)).json<{ error: string }>()).error);
    expect(texts).toEqual([
      "That code is not right. You can try 4 more times.",
      "That code is not right. You can try 3 more times.",
      "That code is not right. You can try 2 more times.",
      "That code is not right. You can try 1 more time.",
      "Too many wrong codes. Please ask for a new code.",
    ]);
    const right = await confirm(member.pid, code ?? "");
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual({
      error: "Too many wrong codes. Please ask for a new code.",
      code: "INVALID_CODE",
      err: "Too many wrong codes. Please ask for a new code.",
      fields: { code: "Too many wrong codes. Please ask for a new code." },
    });
  });

  it("counts wrong codes per client network: a stranger who used up their tries leaves the member's code working from home", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const wrong = code === "000000" ? "111111" : "000000";
    const stranger = { "CF-Connecting-IP": "203.0.113.9" };
    const texts: string[] = [];
    for (let i = 0; i < 7; i++)
      texts.push(
        (await (await postJson("/api/users/password_reset/confirm", { pid: member.pid, code: wrong, password: "Stranger-pass-1" }, stranger)).json<{ error: string }>()).error,
      );
    expect(texts.slice(4)).toEqual(Array(3).fill("Too many wrong codes. Please ask for a new code."));
    // Not even the right code from the stranger's network now.
    expect((await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "Stranger-pass-1" }, stranger)).status).toBe(400);
    const home = await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "My-own-password-1" }, { "CF-Connecting-IP": "198.51.100.20" });
    expect(home.status).toBe(200);
  });

  it("stops a code after CODE_TRIES.allNetworks wrong tries spread over networks, and says so to every network", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const wrong = code === "000000" ? "111111" : "000000";
    const networks = CODE_TRIES.allNetworks / CODE_TRIES.perNetwork;
    for (let n = 0; n < networks; n++) {
      for (let i = 0; i < CODE_TRIES.perNetwork; i++) {
        await postJson("/api/users/password_reset/confirm", { pid: member.pid, code: wrong, password: "Stranger-pass-1" }, { "CF-Connecting-IP": `203.0.113.${n + 1}` });
      }
    }
    const right = await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "My-own-password-1" }, { "CF-Connecting-IP": "198.51.100.20" });
    expect(await right.json()).toMatchObject({ code: "INVALID_CODE", error: "Too many wrong codes. Please ask for a new code." });
  });

  it("counts tries sent at once before comparing them: of 40 wrong guesses at most 5 are compared", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 40 }, () => confirm(member.pid, wrong)));
    const texts = await Promise.all(answers.map((answer) => answer.json<{ error: string }>()));
    // Four are told how many tries are left; the fifth and every later one, that there are none.
    expect(texts.filter((text) => text.error.startsWith("That code is not right"))).toHaveLength(4);
    expect(texts.filter((text) => text.error === "Too many wrong codes. Please ask for a new code.")).toHaveLength(36);
    const tries = await env.DB.prepare("SELECT attempts FROM one_time_codes WHERE member_pid = ?1").bind(member.pid).first<{ attempts: number }>();
    expect(tries?.attempts).toBe(5);
  });

  it("lets only one of two right answers sent at once use the code", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const [first, second] = await Promise.all([confirm(member.pid, code ?? "", "First-password-1"), confirm(member.pid, code ?? "", "Second-password-2")]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
  });

  it("refuses an expired code, and a code replaced by a newer one", async () => {
    const member = await createMember();
    const mobile = mobileOf(member);
    const first = await requestCode(member.pid, mobile);
    await agePreviousCodes(member.pid);
    const second = await requestCode(member.pid, mobile);
    // (Two random codes are the same once in a million runs; the first then works as the second.)
    expect((await confirm(member.pid, first.code ?? "")).status).toBe(first.code === second.code ? 200 : 400);
    await env.DB.prepare("UPDATE one_time_codes SET expires_at = ?2 WHERE member_pid = ?1")
      .bind(member.pid, new Date(Date.now() - 1000).toISOString())
      .run();
    const expired = await confirm(member.pid, second.code ?? "");
    expect(await expired.json()).toMatchObject({ error: "This code has expired or was already used. Please ask for a new code." });
  });

  it("refuses a short password and a code that is not six digits, and takes a code typed with spaces", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const bad = await postJson("/api/users/password_reset/confirm", { pid: member.pid, code: "12a", password: "short" });
    expect(await bad.json()).toMatchObject({ fields: { code: "The code has 6 digits", password: "A password has at least 8 characters" } });
    const spaced = `${code?.slice(0, 3)} ${code?.slice(3)}`;
    expect((await confirm(member.pid, spaced)).status).toBe(200);
  });

  it("tells a deactivated member who proves the code to contact the agency", async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(member.pid).run();
    const response = await confirm(member.pid, code ?? "");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Your profile is not active. Please contact Sri Lakshmi Marriage Bureau +91 98765 43210" });
  });
});

describe("PUT /api/users/password", () => {
  it("changes the password with the current one and signs out the member's other devices", async () => {
    const member = await createMember();
    const here = bearer(await signIn(member));
    const elsewhere = bearer(await signIn(member));
    const wrong = await sendJson("PUT", "/api/users/password", { currentPassword: "not-it", password: "Brand-new-pass-1" }, here);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { currentPassword: "The current password is not right." } });
    const same = await sendJson("PUT", "/api/users/password", { currentPassword: member.password, password: member.password }, here);
    expect(await same.json()).toMatchObject({ fields: { password: "The new password is the same as the current one" } });

    const changed = await sendJson("PUT", "/api/users/password", { currentPassword: member.password, password: "Brand-new-pass-1" }, here);
    expect(changed.status).toBe(200);
    expect((await api("/api/users/current", { headers: here })).status).toBe(200);
    expect((await api("/api/users/current", { headers: elsewhere })).status).toBe(401);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "Brand-new-pass-1" })).status).toBe(200);
    expect((await sendJson("PUT", "/api/users/password", { currentPassword: "x", password: "Brand-new-pass-2" }, {})).status).toBe(401);
  });

  it("does not change the password over a reset that lands while the current one is being checked", async () => {
    const member = await createMember();
    const here = bearer(await signIn(member));
    const { code } = await requestCode(member.pid, mobileOf(member));
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    let reset: { status: number; token?: string } | undefined;
    // The first derivation checks the current password, after its hash was read: the reset with the code lands then.
    vi.spyOn(crypto.subtle, "deriveBits").mockImplementationOnce(async (...args) => {
      const answer = await confirm(member.pid, code ?? "", "Reset-password-1");
      reset = { status: answer.status, token: (await answer.json<{ data?: SignInResult }>()).data?.token };
      // A guess at the new password, after the reset and before the change's answer.
      await postJson("/api/users/sign_in", { pid: member.pid, password: "a-guess-at-it" });
      return derive(...args);
    });
    const changed = await sendJson("PUT", "/api/users/password", { currentPassword: member.password, password: "Brand-new-pass-1" }, here);
    // The change that lost clears no count: the guess still counts.
    expect(await env.DB.prepare("SELECT network <> '*' AS own, failures FROM sign_in_failures WHERE pid = ?1 ORDER BY own").bind(member.pid).all()).toMatchObject({
      results: [
        { own: 0, failures: 1 },
        { own: 1, failures: 1 },
      ],
    });
    expect(reset?.status).toBe(200);
    expect(changed.status).toBe(400);
    expect(await changed.json()).toMatchObject({ fields: { currentPassword: "The current password is not right." } });
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "Brand-new-pass-1" })).status).toBe(400);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "Reset-password-1" })).status).toBe(200);
    // The session the reset started is not ended by the change it beat.
    expect((await api("/api/users/current", { headers: bearer(reset?.token ?? "") })).status).toBe(200);
  });

  it('closes a code sent for "Forgot password?": once the member changed the password, the code no longer resets it', async () => {
    const member = await createMember();
    const { code } = await requestCode(member.pid, mobileOf(member));
    const here = bearer(await signIn(member));
    expect((await sendJson("PUT", "/api/users/password", { currentPassword: member.password, password: "Brand-new-pass-1" }, here)).status).toBe(200);
    const late = await confirm(member.pid, code ?? "");
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_CODE", error: "This code has expired or was already used. Please ask for a new code." });
    expect((await api("/api/users/current", { headers: here })).status).toBe(200);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "Brand-new-pass-1" })).status).toBe(200);
  });
});
