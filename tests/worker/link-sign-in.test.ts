import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { encodeLinkPayload } from "../../shared/links.ts";
import app from "../../worker/app.ts";
import { issueAutoLoginLink } from "../../worker/lib/link-tokens.ts";
import { api, createMember, postJson } from "./setup/fixtures.ts";

// POST /api/users/link_sign_in: the auto-login links of docs/specification.md
// § "Anonymous routes", refused with the texts of § "8. Error catalogue".

async function issued(pid: number, kind: "profile" | "interest" | "whatsapp", options: { expired?: boolean } = {}) {
  const now = options.expired ? new Date(Date.now() - 31 * 86_400_000) : new Date();
  const link = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind, memberPid: pid }, now);
  await link.statement.run();
  return new URL(link.url).searchParams.get("link") ?? "";
}

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
    const link = JSON.parse(atob((await issued(owner.pid, "profile")).replace(/-/g, "+").replace(/_/g, "/")));
    const response = await postJson("/api/users/link_sign_in", { kind: "profile", link: encodeLinkPayload({ ...link, pid: other.pid }) });
    expect(response.status).toBe(400);
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

  it("backs off after repeated failures for the link's Profile ID", async () => {
    const member = await createMember();
    for (let i = 0; i < 5; i++) await postJson("/api/users/link_sign_in", { kind: "profile", link: encodeLinkPayload({ pid: member.pid, pin: `guess-${i}` }) });
    const response = await postJson("/api/users/link_sign_in", { kind: "profile", link: await issued(member.pid, "profile") });
    expect(response.status).toBe(429);
  });

  it("refuses a body without a kind", async () => {
    expect((await postJson("/api/users/link_sign_in", { link: "x" })).status).toBe(400);
  });
});

describe("old genuine links", () => {
  it("do not count as guesses towards the back-off", async () => {
    const member = await createMember();
    const expired = await issued(member.pid, "profile", { expired: true });
    for (let i = 0; i < 6; i++) expect((await postJson("/api/users/link_sign_in", { kind: "profile", link: expired })).status).toBe(400);
    const failures = await env.DB.prepare("SELECT count(*) AS n FROM sign_in_failures WHERE pid = ?1").bind(member.pid).first<{ n: number }>();
    expect(failures?.n).toBe(0);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
  });
});
