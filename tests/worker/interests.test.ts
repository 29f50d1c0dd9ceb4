import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { api, createInterest, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// The interest lifecycle: send, approve or reject, withdraw, remove; the
// WhatsApp messages each step writes; repeated and foreign requests
// (docs/specification.md § "Interest", § "Lists and profiles",
// § "WhatsApp and public", § "Member routes (login required)",
// § "9. Business constants and limits"); what keeps interests from becoming
// WhatsApp spam (ADR 0025).

const ACTIVE = { profileType: "PREMIUM", profilesCount: 5, total: 1, lastViewDate: "2099-01-01" } as const;

async function messages(pid: number): Promise<{ kind: string; body: string; to_mobile: string }[]> {
  const { results } = await env.DB.prepare("SELECT kind, body, to_mobile FROM outbox WHERE member_pid = ?1 ORDER BY id")
    .bind(pid)
    .all<{ kind: string; body: string; to_mobile: string }>();
  return results;
}

function decodeLink(url: string): { pid: number; pin: string; iPid?: number } {
  const payload = new URL(url).searchParams.get("link") ?? "";
  return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
}

describe("the interest lifecycle", () => {
  it("A sends interest, B is told with a one-tap link, B approves (charging nothing), A is told with a link (never the number), and A's confirmed view is charged once", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await signedInMember({ gender: "F" });

    const sent = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ data: { status: "sent" } });
    const [received] = await messages(bride.pid);
    expect(received).toMatchObject({ kind: "interest_received", to_mobile: `+9190000${bride.pid}` });
    expect(received?.body).toContain(`The member with Profile ID ${groom.pid} is interested in your profile (Profile ID ${bride.pid}).`);
    const url = /(http\S+\/interest_link\?link=\S+)/.exec(received?.body ?? "")?.[1] ?? "";
    const link = decodeLink(url);
    expect(link).toMatchObject({ pid: bride.pid, iPid: groom.pid });
    expect(link.pin).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = await env.DB.prepare("SELECT kind, member_pid, target_pid FROM link_tokens WHERE member_pid = ?1").bind(bride.pid).first();
    expect(token).toEqual({ kind: "interest", member_pid: bride.pid, target_pid: groom.pid });

    // B sees A on the V list with a request to decide.
    const visits = await api(`/api/profile_visits?pid=${bride.pid}&p_status=V`, { headers: bride.headers });
    const list = (await visits.json<{ data: ProfilePage }>()).data;
    expect(list.profiles.map((p) => p.pid)).toEqual([groom.pid]);
    expect(list.profiles[0]?.incoming).toMatchObject({ approvedAt: null, deniedAt: null });
    expect(list.profiles[0]?.photoVisible).toBe(false);

    const approved = await postJson("/api/approve_interest", { pid: groom.pid }, bride.headers);
    expect(await approved.json()).toEqual({ data: { status: "approved" } });
    const [approval] = await messages(groom.pid);
    expect(approval?.kind).toBe("interest_approved");
    expect(approval?.body).toContain(`The member with Profile ID ${bride.pid} has accepted your request (your Profile ID ${groom.pid}).`);
    expect(approval?.body).not.toContain(`+9190000${bride.pid}`);
    expect(approval?.body).toContain("/whatsapp_link?link=");
    // Approving charges the requester nothing (ADR 0012): his balance waits for his own "Yes, I want to see".
    const totalOf = async () => (await env.DB.prepare("SELECT total FROM members WHERE pid = ?1").bind(groom.pid).first<{ total: number }>())?.total;
    expect(await totalOf()).toBe(1);

    // A's card now reads approved and shows the photo, not yet unlocked; his confirmed view is charged once.
    const card = (await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(card).toMatchObject({ requestStatus: "A", photoVisible: true, viewed: false });
    const view = await postJson("/api/view_profile", { pid: bride.pid }, groom.headers);
    expect((await view.json<{ data: { charged: boolean } }>()).data.charged).toBe(true);
    expect(await totalOf()).toBe(2);
    const again = await postJson("/api/view_profile", { pid: bride.pid }, groom.headers);
    expect((await again.json<{ data: { charged: boolean } }>()).data.charged).toBe(false);
    expect(await totalOf()).toBe(2);
    const unlocked = (await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(unlocked.viewed).toBe(true);
    const whatsapp = await api(`/api/whatsapp_profile?pid=${bride.pid}`, { headers: groom.headers });
    expect((await whatsapp.json<{ data: { phone: string } }>()).data.phone).toBe(`+9190000${bride.pid}`);
  });

  it("tells a FREE requester of the approval without the phone number and charges nothing", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await signedInMember({ gender: "F" });
    await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    await postJson("/api/approve_interest", { pid: groom.pid }, bride.headers);
    const [approval] = await messages(groom.pid);
    expect(approval?.body).toContain(`The member with Profile ID ${bride.pid} has accepted your request`);
    expect(approval?.body).not.toContain(`+9190000${bride.pid}`);
    const whatsapp = await api(`/api/whatsapp_profile?pid=${bride.pid}`, { headers: groom.headers });
    expect((await whatsapp.json<{ data: { phone: string | null } }>()).data.phone).toBeNull();
  });

  it("tells a zero-balance requester the same way, and an expired one", async () => {
    for (const limits of [
      { profileType: "DONOR", profilesCount: 2, total: 2, lastViewDate: "2099-01-01" },
      { profileType: "LIFE", profilesCount: 9, lastViewDate: "2024-12-31" },
    ] as const) {
      const groom = await signedInMember({ gender: "M", ...limits });
      const bride = await signedInMember({ gender: "F" });
      await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
      expect((await postJson("/api/approve_interest", { pid: groom.pid }, bride.headers)).status).toBe(200);
      expect((await messages(groom.pid))[0]?.body).not.toContain(`+9190000${bride.pid}`);
    }
  });

  it("shows a rejected request as it stands on the requester's cards, and does not take it again", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await signedInMember({ gender: "F" });
    await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect((await postJson("/api/reject_interest", { pid: groom.pid }, bride.headers)).status).toBe(200);
    const card = (await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(card).toMatchObject({ requestStatus: "-", deletedAt: null, viewed: false });
    expect(card.deniedAt).not.toBeNull();
    const again = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "The profile owner did not accept your request", code: "CONFLICT" });
  });

  it("answers repeats clearly and sends nothing twice", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await signedInMember({ gender: "F" });
    await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    const again = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "You have already sent interest to this profile. Waiting for approval", code: "CONFLICT" });
    const skip = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid, skip: true }, groom.headers);
    expect(await skip.json()).toEqual({ data: { status: "pending" } });
    expect(await messages(bride.pid)).toHaveLength(1);

    await postJson("/api/approve_interest", { pid: groom.pid }, bride.headers);
    const twice = await postJson("/api/approve_interest", { pid: groom.pid }, bride.headers);
    expect(twice.status).toBe(409);
    expect((await twice.json<{ error: string }>()).error).toBe("You have already approved this profile");
    expect(await messages(groom.pid)).toHaveLength(1);
    const reject = await postJson("/api/reject_interest", { pid: groom.pid }, bride.headers);
    expect(reject.status).toBe(409);
  });

  it("sends interest exactly once under concurrent requests", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    const responses = await Promise.all(Array.from({ length: 8 }, () => postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await messages(bride.pid)).toHaveLength(1);
  });

  it("lets A withdraw and ask again, and B reject", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await signedInMember({ gender: "F" });
    await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(await (await postJson("/api/delete_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).json()).toEqual({ data: { status: "withdrawn" } });
    const twice = await postJson("/api/delete_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(await twice.json()).toEqual({ error: "This request was already withdrawn", code: "CONFLICT" });
    // Withdrawn requests leave both lists.
    const list = await api(`/api/profile_visits?pid=${bride.pid}&p_status=V`, { headers: bride.headers });
    expect((await list.json<{ data: ProfilePage }>()).data.profiles).toEqual([]);

    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).status).toBe(200);
    expect(await (await postJson("/api/reject_interest", { pid: groom.pid }, bride.headers)).json()).toEqual({ data: { status: "denied" } });
    const after = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect((await after.json<{ error: string }>()).error).toBe("The profile owner did not accept your request");
    const f = (await (await api(`/api/profile_visits?pid=${groom.pid}&p_status=F`, { headers: groom.headers })).json<{ data: ProfilePage }>()).data;
    expect(f.profiles[0]).toMatchObject({ pid: bride.pid, deniedAt: expect.any(String) });
  });

  it("refuses acting for someone else, one's own profile, the same gender and profiles that do not exist", async () => {
    const groom = await signedInMember({ gender: "M" });
    const other = await createMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    expect((await postJson("/api/send_interest", { fpid: other.pid, tpid: bride.pid }, groom.headers)).status).toBe(403);
    expect((await postJson("/api/delete_interest", { fpid: other.pid, tpid: bride.pid }, groom.headers)).status).toBe(403);
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: groom.pid }, groom.headers)).status).toBe(400);
    const sameGender = await postJson("/api/send_interest", { fpid: groom.pid, tpid: other.pid }, groom.headers);
    expect(await sameGender.json()).toEqual({ error: "You can send interest to brides only.", code: "BAD_REQUEST" });
    const missing = await postJson("/api/send_interest", { fpid: groom.pid, tpid: 999_999 }, groom.headers);
    expect(await missing.json()).toEqual({ error: "Profile not found", code: "NOT_FOUND" });
    expect((await postJson("/api/approve_interest", { pid: bride.pid }, groom.headers)).status).toBe(404);
    expect((await api(`/api/profile_visits?pid=${other.pid}&p_status=V`, { headers: groom.headers })).status).toBe(403);
    expect((await postJson("/api/send_interest", { fpid: "x", tpid: 1 }, groom.headers)).status).toBe(400);
  });

  it("requires a signed-in member for every call", async () => {
    for (const path of [
      "/api/send_interest",
      "/api/delete_interest",
      "/api/approve_interest",
      "/api/reject_interest",
      "/api/remove_profile",
      "/api/recommended_profiles/not_interested",
    ]) {
      expect((await postJson(path, {})).status).toBe(401);
    }
    for (const path of [
      "/api/profile_visits?pid=1&p_status=V",
      "/api/recommended_profiles",
      "/api/whatsapp_profile?pid=1",
      "/api/whatsapp/profiles_sent",
      "/api/whatsapp/profiles_not_sent",
    ]) {
      expect((await api(path)).status).toBe(401);
    }
  });
});

describe("interests without WhatsApp spam (ADR 0025)", () => {
  const send = (from: { pid: number; headers: Record<string, string> }, tpid: number, skip?: boolean) =>
    postJson("/api/send_interest", { fpid: from.pid, tpid, ...(skip ? { skip } : {}) }, from.headers);
  const withdraw = (from: { pid: number; headers: Record<string, string> }, tpid: number) => postJson("/api/delete_interest", { fpid: from.pid, tpid }, from.headers);
  const count = async (sql: string, ...values: unknown[]) =>
    (
      await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
        .bind(...values)
        .first<{ n: number }>()
    )?.n;
  const linksOf = (pid: number) => count("link_tokens WHERE member_pid = ?1", pid);
  /** Moves a request's message `days` into the past, as if it had been sent then. */
  const toldDaysAgo = (fromPid: number, toPid: number, days: number) =>
    env.DB.prepare(`UPDATE interests SET notified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${days} days') WHERE from_pid = ?1 AND to_pid = ?2`).bind(fromPid, toPid).run();
  /** `n` requests the member opened `hoursAgo` hours ago, to new brides; `withdrawn` of them withdrawn since. */
  async function sentEarlier(fromPid: number, n: number, hoursAgo: number, withdrawn = 0): Promise<void> {
    for (let i = 0; i < n; i++) await createInterest(fromPid, (await createMember({ gender: "F" })).pid, i < withdrawn ? "withdrawn" : "pending");
    await env.DB.prepare(`UPDATE interests SET interested_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${hoursAgo} hours') WHERE from_pid = ?1`).bind(fromPid).run();
  }

  it("tells the owner once a week about a request withdrawn and sent again, which still moves up their list", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await signedInMember({ gender: "F" });
    expect((await send(groom, bride.pid)).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      expect(await (await withdraw(groom, bride.pid)).json()).toEqual({ data: { status: "withdrawn" } });
      expect(await (await send(groom, bride.pid)).json()).toEqual({ data: { status: "sent" } });
    }
    expect(await messages(bride.pid)).toHaveLength(1);
    expect(await linksOf(bride.pid)).toBe(1);
    const list = await api(`/api/profile_visits?pid=${bride.pid}&p_status=V`, { headers: bride.headers });
    expect((await list.json<{ data: ProfilePage }>()).data.profiles.map((p) => p.pid)).toEqual([groom.pid]);

    // Seven days after the message, the next opening is told again.
    await toldDaysAgo(groom.pid, bride.pid, 6);
    await withdraw(groom, bride.pid);
    await send(groom, bride.pid);
    expect(await messages(bride.pid)).toHaveLength(1);
    await toldDaysAgo(groom.pid, bride.pid, 7);
    // A request that stands is no reminder, however old its message.
    expect((await send(groom, bride.pid)).status).toBe(409);
    expect(await messages(bride.pid)).toHaveLength(1);
    await withdraw(groom, bride.pid);
    await send(groom, bride.pid);
    expect((await messages(bride.pid)).map((m) => m.kind)).toEqual(["interest_received", "interest_received"]);
    expect(await linksOf(bride.pid)).toBe(2);
  });

  it("queues one message when a withdrawn request is sent again many times at once, and none within the week", async () => {
    const groom = await signedInMember({ gender: "M" });
    const fresh = await createMember({ gender: "F" });
    const again = await createMember({ gender: "F" });
    const firstTime = await Promise.all([send(groom, fresh.pid), send(groom, fresh.pid)]);
    expect(firstTime.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await messages(fresh.pid)).toHaveLength(1);

    await send(groom, again.pid);
    await withdraw(groom, again.pid);
    const responses = await Promise.all(Array.from({ length: 6 }, () => send(groom, again.pid)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await messages(again.pid)).toHaveLength(1);
  });

  it("records a request to an owner who removed the sender, answers as always, and tells nobody", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await signedInMember({ gender: "F" });
    await postJson("/api/remove_profile", { pid: groom.pid }, bride.headers);
    expect(await (await send(groom, bride.pid)).json()).toEqual({ data: { status: "sent" } });
    expect(await (await send(groom, bride.pid, true)).json()).toEqual({ data: { status: "pending" } });
    expect(await messages(bride.pid)).toEqual([]);
    expect(await linksOf(bride.pid)).toBe(0);
    // The owner sees it only if she brings the sender back; telling her then is her list's work, not WhatsApp's.
    const visits = async () => (await (await api(`/api/profile_visits?pid=${bride.pid}&p_status=V`, { headers: bride.headers })).json<{ data: ProfilePage }>()).data.profiles;
    expect(await visits()).toEqual([]);
    await postJson("/api/restore_profile", { pid: groom.pid }, bride.headers);
    expect((await visits()).map((p) => p.pid)).toEqual([groom.pid]);

    // The agency's request for a removed sender tells nobody either.
    const staff = await staffSession();
    const other = await createMember({ gender: "M" });
    await postJson("/api/remove_profile", { pid: other.pid }, bride.headers);
    expect((await postJson("/api/admin/profile_interest", { userId: other.pid, interestedId: bride.pid }, staff.headers)).status).toBe(200);
    expect(await messages(bride.pid)).toEqual([]);
    expect(await count("audit_log WHERE action = 'profile_interest' AND target = ?1", `${other.pid}->${bride.pid}`)).toBe(1);
  });

  it("stops a FREE member at 10 requests a day, withdrawn ones included, and says when they may send more", async () => {
    const groom = await signedInMember({ gender: "M" });
    await sentEarlier(groom.pid, 10, 20, 4);
    const bride = await createMember({ gender: "F" });
    const refused = await send(groom, bride.pid);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "You have sent interest to 10 profiles in the last 24 hours, the most a day allows. You can send more in about 4 hours.",
      code: "TOO_MANY_REQUESTS",
    });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
    // Nothing is written, and the /request flow hears the same.
    expect(await count("interests WHERE from_pid = ?1 AND to_pid = ?2", groom.pid, bride.pid)).toBe(0);
    expect(await messages(bride.pid)).toEqual([]);
    expect((await send(groom, bride.pid, true)).status).toBe(429);

    // Sending again to a member already counted today adds nothing, so it is allowed.
    const withdrawnTo = await env.DB.prepare("SELECT to_pid FROM interests WHERE from_pid = ?1 AND deleted_at IS NOT NULL").bind(groom.pid).first<{ to_pid: number }>();
    expect((await send(groom, withdrawnTo?.to_pid ?? 0)).status).toBe(200);
    // A day after the oldest of them, the member may send again.
    await env.DB.prepare("UPDATE interests SET interested_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') WHERE from_pid = ?1 AND to_pid <> ?2")
      .bind(groom.pid, withdrawnTo?.to_pid ?? 0)
      .run();
    expect((await send(groom, bride.pid)).status).toBe(200);
  });

  it("gives an active paid member 30 a day, and one whose membership ended the FREE 10", async () => {
    const paid = await signedInMember({ gender: "M", ...ACTIVE });
    await sentEarlier(paid.pid, 29, 1);
    expect((await send(paid, (await createMember({ gender: "F" })).pid)).status).toBe(200);
    const refused = await send(paid, (await createMember({ gender: "F" })).pid);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ error: string }>()).error).toBe(
      "You have sent interest to 30 profiles in the last 24 hours, the most a day allows. You can send more in about 23 hours.",
    );

    const expired = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 9, lastViewDate: "2024-12-31" });
    await sentEarlier(expired.pid, 10, 23.5);
    expect((await (await send(expired, (await createMember({ gender: "F" })).pid)).json<{ error: string }>()).error).toBe(
      "You have sent interest to 10 profiles in the last 24 hours, the most a day allows. You can send more within an hour.",
    );
  });

  it("lets only one of several requests sent at once pass the cap", async () => {
    const groom = await signedInMember({ gender: "M" });
    await sentEarlier(groom.pid, 9, 2);
    const brides = await Promise.all(Array.from({ length: 4 }, () => createMember({ gender: "F" })));
    const responses = await Promise.all(brides.map((bride) => send(groom, bride.pid)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(await count("interests WHERE from_pid = ?1", groom.pid)).toBe(10);
    expect(await count("outbox WHERE kind = 'interest_received' AND member_pid IN (?1, ?2, ?3, ?4)", ...brides.map((b) => b.pid))).toBe(1);
  });

  it("lets the agency send for a member past the cap, without counting it against them, but never twice a week to one owner", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M" });
    const asAgency = (tpid: number) => postJson("/api/admin/profile_interest", { userId: groom.pid, interestedId: tpid }, staff.headers);
    await sentEarlier(groom.pid, 10, 1);
    const bride = await createMember({ gender: "F" });
    expect(await (await asAgency(bride.pid)).json()).toEqual({ data: { status: "sent" } });
    expect(await messages(bride.pid)).toHaveLength(1);

    // The agency's requests leave the member's own allowance as it was.
    const member = await signedInMember({ gender: "M" });
    await sentEarlier(member.pid, 9, 1);
    expect((await postJson("/api/admin/profile_interest", { userId: member.pid, interestedId: (await createMember({ gender: "F" })).pid }, staff.headers)).status).toBe(200);
    expect((await send(member, (await createMember({ gender: "F" })).pid)).status).toBe(200);

    // The member withdrew; the agency sending it again within the week tells the owner nothing more, and is audited.
    await withdraw(groom, bride.pid);
    expect((await asAgency(bride.pid)).status).toBe(200);
    expect(await messages(bride.pid)).toHaveLength(1);
    expect(await count("audit_log WHERE action = 'profile_interest' AND target = ?1", `${groom.pid}->${bride.pid}`)).toBe(2);
  });
});

describe("lists", () => {
  it("pages the V list 10 at a time and wraps around", async () => {
    const bride = await signedInMember({ gender: "F" });
    for (let i = 0; i < 12; i++) await createInterest((await createMember({ gender: "M" })).pid, bride.pid);
    const page = async (n: number) =>
      (await (await api(`/api/profile_visits?pid=${bride.pid}&p_status=V&page=${n}`, { headers: bride.headers })).json<{ data: ProfilePage }>()).data;
    expect((await page(1)).profiles).toHaveLength(10);
    expect(await page(2)).toMatchObject({ page: 2, pageCount: 2 });
    expect((await page(2)).profiles).toHaveLength(2);
    expect((await page(3)).page).toBe(1);
  });

  it("removes a profile from simple search (requestStatus D)", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    expect(await (await postJson("/api/remove_profile", { pid: bride.pid }, groom.headers)).json()).toEqual({ data: { requestStatus: "D" } });
    expect((await postJson("/api/remove_profile", { pid: bride.pid }, groom.headers)).status).toBe(200);
    const search = await (await api("/api/Simple_Search_Profiles?order=new", { headers: groom.headers })).json<{ data: ProfilePage }>();
    expect(search.data.profiles.map((p) => p.pid)).not.toContain(bride.pid);
  });

  it("restores a removed profile (the undo after removing), and refuses one's own or an unknown profile", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    const pids = async () => (await (await api("/api/Simple_Search_Profiles?order=new", { headers: groom.headers })).json<{ data: ProfilePage }>()).data.profiles.map((p) => p.pid);
    await postJson("/api/remove_profile", { pid: bride.pid }, groom.headers);
    expect(await pids()).not.toContain(bride.pid);
    expect(await (await postJson("/api/restore_profile", { pid: bride.pid }, groom.headers)).json()).toEqual({ data: { restored: true } });
    expect(await pids()).toContain(bride.pid);
    expect((await postJson("/api/restore_profile", { pid: groom.pid }, groom.headers)).status).toBe(404);
    expect((await postJson("/api/restore_profile", { pid: 999_999 }, groom.headers)).status).toBe(404);
    expect((await postJson("/api/restore_profile", { pid: bride.pid }, {})).status).toBe(401);
  });

  it("lists recommendations without approved, denied or withdrawn ones, unasked first, at most 30, and dismisses them", async () => {
    const groom = await signedInMember({ gender: "M" });
    const brides = [];
    for (let i = 0; i < 5; i++) brides.push((await createMember({ gender: "F" })).pid);
    for (const pid of brides) await env.DB.prepare("INSERT INTO recommendations (member_pid, recommended_pid) VALUES (?1, ?2)").bind(groom.pid, pid).run();
    await createInterest(groom.pid, brides[0]!, "approved");
    await createInterest(groom.pid, brides[1]!, "denied");
    await createInterest(groom.pid, brides[2]!, "pending");
    const list = async () => (await (await api("/api/recommended_profiles", { headers: groom.headers })).json<{ data: ProfileCard[] }>()).data.map((c) => c.pid);
    expect(await list()).toEqual([brides[4], brides[3], brides[2]]);
    expect((await postJson("/api/recommended_profiles/not_interested", { pid: brides[4] }, groom.headers)).status).toBe(200);
    expect(await list()).toEqual([brides[3], brides[2]]);
    expect((await postJson("/api/recommended_profiles/not_interested", { pid: brides[4] }, groom.headers)).status).toBe(404);
  });

  it("leaves a removed profile out of the recommendations and the published WhatsApp list, until it is put back", async () => {
    const groom = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    await env.DB.prepare("UPDATE members SET public_profile = 'PAID' WHERE pid = ?1").bind(bride.pid).run();
    await env.DB.prepare("INSERT INTO recommendations (member_pid, recommended_pid) VALUES (?1, ?2)").bind(groom.pid, bride.pid).run();
    const lists = async () => ({
      recommended: (await (await api("/api/recommended_profiles", { headers: groom.headers })).json<{ data: ProfileCard[] }>()).data.map((c) => c.pid),
      notSent: (await (await api("/api/whatsapp/profiles_not_sent", { headers: groom.headers })).json<{ data: ProfileCard[] }>()).data.map((c) => c.pid),
    });
    expect(await lists()).toMatchObject({ recommended: [bride.pid], notSent: expect.arrayContaining([bride.pid]) });
    await postJson("/api/remove_profile", { pid: bride.pid }, groom.headers);
    const removed = await lists();
    expect(removed.recommended).toEqual([]);
    expect(removed.notSent).not.toContain(bride.pid);
    await postJson("/api/restore_profile", { pid: bride.pid }, groom.headers);
    expect(await lists()).toMatchObject({ recommended: [bride.pid], notSent: expect.arrayContaining([bride.pid]) });
  });

  it("gives FREE members the WhatsApp lists", async () => {
    const groom = await signedInMember({ gender: "M" });
    const published = await createMember({ gender: "F" });
    await env.DB.prepare("UPDATE members SET public_profile = 'PAID' WHERE pid = ?1").bind(published.pid).run();
    const asked = await createMember({ gender: "F" });
    await createInterest(groom.pid, asked.pid);
    const sent = (await (await api("/api/whatsapp/profiles_sent", { headers: groom.headers })).json<{ data: ProfileCard[] }>()).data;
    expect(sent.map((c) => c.pid)).toEqual([asked.pid]);
    const notSent = (await (await api("/api/whatsapp/profiles_not_sent", { headers: groom.headers })).json<{ data: ProfileCard[] }>()).data;
    expect(notSent.map((c) => c.pid)).toContain(published.pid);
    expect(notSent.map((c) => c.pid)).not.toContain(asked.pid);
  });

  it("gives FREE members up to 2 other asked profiles under the one their WhatsApp page shows (exclude)", async () => {
    const groom = await signedInMember({ gender: "M" });
    const asked: number[] = [];
    for (let i = 0; i < 3; i++) {
      const bride = await createMember({ gender: "F" });
      await createInterest(groom.pid, bride.pid);
      asked.unshift(bride.pid);
    }
    const sent = async (query: string) => {
      const response = await api(`/api/whatsapp/profiles_sent${query}`, { headers: groom.headers });
      expect(response.status).toBe(200);
      return (await response.json<{ data: ProfileCard[] }>()).data.map((c) => c.pid);
    };
    // Newest first, at most 2 (§ "9. Business constants and limits"); the page's own profile, just asked, takes no place.
    expect(await sent("")).toEqual([asked[0], asked[1]]);
    expect(await sent(`?exclude=${asked[0]}`)).toEqual([asked[1], asked[2]]);
    expect(await sent(`?exclude=${asked[2]}`)).toEqual([asked[0], asked[1]]);
    expect((await api("/api/whatsapp/profiles_sent?exclude=abc", { headers: groom.headers })).status).toBe(400);
  });
});
