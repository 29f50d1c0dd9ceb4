import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { encodeLinkPayload, type AutoLoginKind } from "#shared/links.ts";
import app from "#worker/app.ts";
import { LINK_REUSE_GRACE_MINUTES, LINK_SESSION_DAYS, LINK_TTL_DAYS, issueAutoLoginLink } from "#worker/lib/link-tokens.ts";
import { LIVE_SESSION_WINDOW_MS, liveSessionClock } from "#worker/lib/live-sessions.ts";
import { ALL_NETWORKS, FREE_ATTEMPTS } from "#worker/lib/sign-in-backoff.ts";
import { api, bearer, createMember, postJson } from "./setup/fixtures.ts";

// POST /api/users/link_sign_in: the auto-login links of docs/specification.md
// § "Anonymous routes", refused with the texts of § "8. Error catalogue";
// single-purpose, used once and short-lived (ADR 0024).

const DAY_MS = 86_400_000;

async function issued(pid: number, kind: AutoLoginKind, options: { expired?: boolean; targetPid?: number } = {}) {
  const now = options.expired ? new Date(Date.now() - (LINK_TTL_DAYS[kind] * DAY_MS + 60_000)) : new Date();
  const link = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind, memberPid: pid, ...(options.targetPid ? { targetPid: options.targetPid } : {}) }, now);
  await link.statement.run();
  return new URL(link.url).searchParams.get("link") ?? "";
}

/** The link's payload with another field, as someone editing the link would send it. */
function edited(link: string, change: Record<string, unknown>): string {
  const payload: unknown = JSON.parse(atob(link.replace(/-/g, "+").replace(/_/g, "/")));
  return encodeLinkPayload({ ...(payload as object), ...change });
}

/** Signs in with the link: the answer's status and, on success, the session's token. */
async function useLink(kind: AutoLoginKind, link: string, headers: Record<string, string> = {}): Promise<{ status: number; token: string | null }> {
  const response = await postJson("/api/users/link_sign_in", { kind, link }, headers);
  const body = await response.json<{ data?: { token: string } }>();
  return { status: response.status, token: body.data?.token ?? null };
}

const linkHashOf = async (link: string) => {
  const { pin } = JSON.parse(atob(link.replace(/-/g, "+").replace(/_/g, "/"))) as { pin: string };
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(pin));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
};

const invalidProfileLink = `This profile link is not valid anymore. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}.`;

describe("POST /api/users/link_sign_in", () => {
  it("signs the member in with a live token of the link's kind", async () => {
    const member = await createMember();
    const response = await postJson("/api/users/link_sign_in", { kind: "interest", link: await issued(member.pid, "interest") });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { token: string; pid: number } }>();
    expect(data.pid).toBe(member.pid);
    expect((await api("/api/users/current", { headers: { Authorization: `Bearer ${data.token}` } })).status).toBe(200);
  });

  it("answers with the current user, as GET users/current gives it to the session", async () => {
    const member = await createMember();
    const response = await postJson("/api/users/link_sign_in", { kind: "profile", link: await issued(member.pid, "profile") });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { token: string; pid: number; profileLimits: unknown; user: { pid: number; profileLimits: unknown } } }>();
    const current = await api("/api/users/current", { headers: bearer(data.token) });
    const { data: user } = await current.json<{ data: unknown }>();
    expect(data.user).toEqual(user);
    expect(data.user.pid).toBe(member.pid);
    expect(data.user.profileLimits).toEqual(data.profileLimits);
  });

  it("tells a deactivated member to contact the agency, and leaves the link unused", async () => {
    const member = await createMember();
    const link = await issued(member.pid, "profile");
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(member.pid).run();
    const response = await postJson("/api/users/link_sign_in", { kind: "profile", link });
    expect(response.status).toBe(400);
    expect((await response.json<{ err: string }>()).err).toBe(`Your profile is not active. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}`);
    const row = await env.DB.prepare("SELECT used_at FROM link_tokens WHERE token_hash = ?1")
      .bind(await linkHashOf(link))
      .first();
    expect(row).toEqual({ used_at: null });
  });

  it("refuses a token of another kind, an expired or revoked one, and a made-up one, with the specification's texts", async () => {
    const member = await createMember();
    const revoked = await issued(member.pid, "profile");
    await env.DB.prepare("UPDATE link_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE member_pid = ?1").bind(member.pid).run();
    const cases: [string, string, string][] = [
      ["profile", await issued(member.pid, "interest"), invalidProfileLink],
      ["profile", await issued(member.pid, "profile", { expired: true }), invalidProfileLink],
      ["profile", revoked, invalidProfileLink],
      ["interest", encodeLinkPayload({ pid: member.pid, pin: "guess" }), invalidProfileLink],
      ["whatsapp", "%%%not-base64", "This link is not valid anymore"],
    ];
    for (const [kind, link, text] of cases) {
      const response = await postJson("/api/users/link_sign_in", { kind, link });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: text, code: "INVALID_LINK", err: text });
    }
  });

  it("refuses a token issued for another member", async () => {
    const [owner, other] = [await createMember(), await createMember()];
    const response = await postJson("/api/users/link_sign_in", { kind: "profile", link: edited(await issued(owner.pid, "profile"), { pid: other.pid }) });
    expect(response.status).toBe(400);
  });

  it("opens only what the link was made for: another profile or kind is refused and does not use the link up", async () => {
    const [member, target, other] = [await createMember(), await createMember(), await createMember()];
    const link = await issued(member.pid, "whatsapp", { targetPid: target.pid });
    expect((await useLink("whatsapp", edited(link, { iPid: other.pid }))).status).toBe(400);
    expect((await useLink("whatsapp", edited(link, { iPid: undefined }))).status).toBe(400);
    expect((await useLink("profile", link)).status).toBe(400);
    const used = await env.DB.prepare("SELECT used_at FROM link_tokens WHERE token_hash = ?1")
      .bind(await linkHashOf(link))
      .first();
    expect(used).toEqual({ used_at: null });
    expect((await useLink("whatsapp", link)).status).toBe(200);
  });

  it("signs in once, and again only within minutes of the first use", async () => {
    const member = await createMember();
    const link = await issued(member.pid, "interest");
    const first = await useLink("interest", link);
    // A second tap, or the link opened in another browser.
    const second = await useLink("interest", link);
    expect([first.status, second.status]).toEqual([200, 200]);
    const hash = await linkHashOf(link);
    const { used_at: usedAt } = (await env.DB.prepare("SELECT used_at FROM link_tokens WHERE token_hash = ?1").bind(hash).first<{ used_at: string }>()) ?? {};
    expect(usedAt).toMatch(/^\d{4}-/);
    // The first use is what counts: past the grace, the link is spent.
    const longAgo = new Date(Date.now() - (LINK_REUSE_GRACE_MINUTES * 60_000 + 1_000)).toISOString();
    await env.DB.prepare("UPDATE link_tokens SET used_at = ?2 WHERE token_hash = ?1").bind(hash, longAgo).run();
    expect((await useLink("interest", link)).status).toBe(400);
    // The sessions it opened meanwhile are the member's: they stay.
    for (const { token } of [first, second]) expect((await api("/api/users/current", { headers: bearer(token ?? "") })).status).toBe(200);
  });

  it("lets each kind of link sign in for its own lifetime, shorter for interests and approvals", async () => {
    const member = await createMember();
    const now = new Date("2026-11-21T10:00:00.000Z");
    for (const kind of ["profile", "interest", "whatsapp"] as const) {
      const link = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind, memberPid: member.pid }, now);
      await link.statement.run();
      const stored = await env.DB.prepare("SELECT expires_at FROM link_tokens WHERE token_hash = ?1").bind(link.hash).first<{ expires_at: string }>();
      expect(stored?.expires_at, kind).toBe(new Date(now.getTime() + LINK_TTL_DAYS[kind] * DAY_MS).toISOString());
    }
    expect(LINK_TTL_DAYS).toEqual({ profile: 14, interest: 7, whatsapp: 7 });
    // A link issued a minute longer ago than its lifetime no longer signs in.
    for (const kind of ["profile", "interest", "whatsapp"] as const) expect((await useLink(kind, await issued(member.pid, kind, { expired: true }))).status, kind).toBe(400);
  });

  it("opens sessions that end sooner than password sessions, and refuses them once expired", async () => {
    const member = await createMember();
    const before = Date.now();
    const { token } = await useLink("profile", await issued(member.pid, "profile"));
    const session = await env.DB.prepare("SELECT id, expires_at, method FROM sessions WHERE member_pid = ?1")
      .bind(member.pid)
      .first<{ id: string; expires_at: string; method: string }>();
    expect(session?.method).toBe("link");
    const lasts = Date.parse(session?.expires_at ?? "") - before;
    expect(lasts).toBeGreaterThanOrEqual(LINK_SESSION_DAYS * DAY_MS);
    expect(lasts).toBeLessThan(LINK_SESSION_DAYS * DAY_MS + 60_000);
    expect((await api("/api/users/current", { headers: bearer(token ?? "") })).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET expires_at = ?2 WHERE id = ?1")
      .bind(session?.id, new Date(Date.now() - 1_000).toISOString())
      .run();
    // A session found live is taken as live for a few seconds more (ADR 0029).
    vi.spyOn(liveSessionClock, "now").mockReturnValue(Date.now() + LIVE_SESSION_WINDOW_MS);
    expect((await api("/api/users/current", { headers: bearer(token ?? "") })).status).toBe(401);
    vi.restoreAllMocks();
  });

  it("accepts the password as pin only when ALLOW_PASSWORD_LINKS is true", async () => {
    const member = await createMember();
    const link = encodeLinkPayload({ pid: member.pid, pin: member.password });
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).toBe(400);
    const ctx = createExecutionContext();
    const allowed = await app.request(
      "http://localhost/api/users/link_sign_in",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ kind: "profile", link }) },
      { ...env, ALLOW_PASSWORD_LINKS: "true" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(allowed.status).toBe(200);
  });

  it("signs the member in with a valid link, whatever passwords were guessed at them", async () => {
    const member = await createMember();
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await postJson("/api/users/sign_in", { pid: member.pid, password: `guess-${i}` });
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await postJson("/api/users/link_sign_in", { kind: "profile", link: encodeLinkPayload({ pid: member.pid, pin: `guess-${i}` }) });
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(429);
    // Even with every network held up by guesses spread over many.
    await env.DB.prepare("UPDATE sign_in_failures SET failures = ?2, retry_at = ?3 WHERE pid = ?1 AND network = '*'")
      .bind(member.pid, ALL_NETWORKS.free + 5, new Date(Date.now() + 3_600_000).toISOString())
      .run();
    expect((await useLink("profile", await issued(member.pid, "profile"))).status).toBe(200);
  });

  it("backs off the password an earlier system's link carries, per network, as sign-in does", async () => {
    const member = await createMember();
    const withPasswordLinks = async (pin: string, address: string) => {
      const ctx = createExecutionContext();
      const response = await app.request(
        "http://localhost/api/users/link_sign_in",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
          body: JSON.stringify({ kind: "profile", link: encodeLinkPayload({ pid: member.pid, pin }) }),
        },
        { ...env, ALLOW_PASSWORD_LINKS: "true" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response.status;
    };
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await withPasswordLinks(`guess-${i}`, "203.0.113.61")).toBe(400);
    expect(await withPasswordLinks(member.password, "203.0.113.61")).toBe(429);
    expect(await withPasswordLinks(member.password, "203.0.113.62")).toBe(200);
  });

  it("refuses a body without a kind", async () => {
    expect((await postJson("/api/users/link_sign_in", { link: "x" })).status).toBe(400);
  });
});

describe("links that do not sign in", () => {
  it("never count towards the password back-off: old genuine ones and made-up ones alike", async () => {
    const member = await createMember();
    const expired = await issued(member.pid, "profile", { expired: true });
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) {
      expect((await postJson("/api/users/link_sign_in", { kind: "profile", link: expired })).status).toBe(400);
      expect((await postJson("/api/users/link_sign_in", { kind: "profile", link: encodeLinkPayload({ pid: member.pid, pin: `made-up-${i}` }) })).status).toBe(400);
    }
    const failures = await env.DB.prepare("SELECT count(*) AS n FROM sign_in_failures WHERE pid = ?1").bind(member.pid).first<{ n: number }>();
    expect(failures?.n).toBe(0);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
  });
});
