import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { AdminMember, AdminMemberRow, AdminOutboxMessage, IssuedLink, Paged } from "#shared/admin-types.ts";
import type { CurrentUser } from "#shared/api-types.ts";
import {
  api,
  bearer,
  createInterest,
  createMember,
  numberChangesBeforeFirstBatch,
  parentsOf,
  personalForm,
  postJson,
  sendJson,
  signIn,
  signedInMember,
  staffSession,
} from "./setup/fixtures.ts";

// Members in the agency console (ADR 0018): find, see whole, sell a
// membership, visibility, deactivate, reset the password, end sessions.

async function get<T>(path: string, headers: Record<string, string>): Promise<{ status: number; data: T }> {
  const response = await api(path, { headers });
  return { status: response.status, ...(await response.json<{ data: T }>()) };
}

async function lastAudit(): Promise<{ action: string; target: string; before_json: string | null; after_json: string | null } | null> {
  return env.DB.prepare("SELECT action, target, before_json, after_json FROM audit_log ORDER BY id DESC LIMIT 1").first();
}

describe("GET /api/admin/members", () => {
  it("finds a member by the name as the table shows it (surname first) and by a whole number typed with 0, 91, +91 or spaces", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "F" });
    const local = `90000${String(member.pid).padStart(5, "0")}`;
    const found = async (q: string) => (await get<Paged<AdminMemberRow>>(`/api/admin/members?q=${encodeURIComponent(q)}`, staff.headers)).data.items.map((row) => row.pid);
    expect(await found("Kommineni Lakshmi")).toContain(member.pid);
    expect(await found("Lakshmi Kommineni")).toContain(member.pid);
    for (const typed of [`0${local}`, `91${local}`, `+91 ${local.slice(0, 5)} ${local.slice(5)}`, local]) expect(await found(typed)).toEqual([member.pid]);
  });

  it("finds members by Profile ID, name, mobile digits and tier, newest first", async () => {
    const staff = await staffSession();
    const free = await createMember({ gender: "F" });
    const paid = await createMember({ gender: "M", profileType: "DONOR", profilesCount: 10, lastViewDate: "2099-01-01" });

    const byPid = await get<Paged<AdminMemberRow>>(`/api/admin/members?q=${paid.pid}`, staff.headers);
    expect(byPid.status).toBe(200);
    expect(byPid.data.items.map((row) => row.pid)).toEqual([paid.pid]);
    expect(byPid.data.items[0]).toMatchObject({
      gender: "M",
      name: "Lakshmi",
      surName: "Kommineni",
      mobile: `+9190000${String(paid.pid).padStart(5, "0")}`,
      membership: { paid: true, active: true, balance: 10 },
      active: true,
    });

    // The last digits of a mobile number, as staff read them off a phone.
    const byMobile = await get<Paged<AdminMemberRow>>(`/api/admin/members?q=${String(free.pid).padStart(5, "0")}`, staff.headers);
    expect(byMobile.data.items.map((row) => row.pid)).toContain(free.pid);

    const byName = await get<Paged<AdminMemberRow>>("/api/admin/members?q=lakshmi%20komm&pageSize=100", staff.headers);
    expect(byName.data.items.map((row) => row.pid)).toEqual(expect.arrayContaining([free.pid, paid.pid]));
    expect(byName.data.items.map((row) => row.pid)).toEqual([...byName.data.items.map((row) => row.pid)].sort((a, b) => b - a));

    const donors = await get<Paged<AdminMemberRow>>("/api/admin/members?tier=DONOR&membership=active&gender=M", staff.headers);
    expect(donors.data.items.every((row) => row.profileLimits.profileType === "DONOR" && row.membership.active && row.gender === "M")).toBe(true);
    expect(donors.data.items.map((row) => row.pid)).toContain(paid.pid);
    const freeOnes = await get<Paged<AdminMemberRow>>("/api/admin/members?membership=free&pageSize=100", staff.headers);
    expect(freeOnes.data.items.map((row) => row.pid)).not.toContain(paid.pid);
    expect(freeOnes.data.total).toBe(freeOnes.data.items.length);
  });

  it("pages, counts every match, and treats % and _ as letters", async () => {
    const staff = await staffSession();
    for (let i = 0; i < 3; i += 1) await createMember();
    const first = await get<Paged<AdminMemberRow>>("/api/admin/members?pageSize=2", staff.headers);
    const second = await get<Paged<AdminMemberRow>>("/api/admin/members?pageSize=2&page=2", staff.headers);
    expect(first.data.items).toHaveLength(2);
    expect(first.data.total).toBeGreaterThanOrEqual(3);
    expect(second.data.items[0]?.pid).toBeLessThan(first.data.items[1]?.pid ?? 0);
    expect((await get<Paged<AdminMemberRow>>("/api/admin/members?q=%25", staff.headers)).data.items).toEqual([]);
    expect((await get<Paged<AdminMemberRow>>("/api/admin/members?q=L_kshmi", staff.headers)).data.items).toEqual([]);
  });

  it("reads an empty filter (a form's Any) as no filter", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const response = await api(`/api/admin/members?q=${member.pid}&tier=&gender=&membership=&status=`, { headers: staff.headers });
    expect(response.status).toBe(200);
    expect((await response.json<{ data: Paged<AdminMemberRow> }>()).data.items.map((row) => row.pid)).toEqual([member.pid]);
    expect((await api("/api/admin/outbox?status=&pid=", { headers: staff.headers })).status).toBe(200);
  });

  it("refuses bad filters with a clear message", async () => {
    const staff = await staffSession();
    const response = await api("/api/admin/members?tier=GOLD&pageSize=500", { headers: staff.headers });
    expect(response.status).toBe(400);
    const body = await response.json<{ error: string; fields: Record<string, string> }>();
    expect(body.fields).toEqual({ tier: "Choose a tier from the list", pageSize: "pageSize must be between 1 and 100" });
  });
});

describe("GET /api/admin/members/{pid}", () => {
  it("shows the member whole: record, visibility, live sessions and requests both ways", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    const other = await createMember({ gender: "F" });
    await createInterest(member.pid, bride.pid, "approved");
    await createInterest(other.pid, member.pid, "pending");
    await signIn(member);
    const { status, data } = await get<AdminMember>(`/api/admin/members/${member.pid}`, staff.headers);
    expect(status).toBe(200);
    expect(data.record).toMatchObject({ pid: member.pid, fatherName: "Venkata Rao", presentAddress: "Door 4-5, Brodipet, Guntur" });
    expect(data).toMatchObject({ showPhoto: 1, publicProfile: null, liveSessions: 1, photoUrl: `/images/photos/full-${member.pid}.jpg` });
    expect(data.interests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromPid: member.pid, toPid: bride.pid, state: "approved" }),
        expect.objectContaining({ fromPid: other.pid, toPid: member.pid, state: "pending", decidedAt: null }),
      ]),
    );
  });

  it("answers 404 for an unknown Profile ID and 400 for one that is not a number", async () => {
    const staff = await staffSession();
    const unknown = await api("/api/admin/members/999999", { headers: staff.headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "There is no member with this Profile ID.", code: "NOT_FOUND" });
    expect((await api("/api/admin/members/abc", { headers: staff.headers })).status).toBe(400);
  });
});

describe("PUT /api/admin/members/{pid}/membership", () => {
  it("sells a membership in one action, and the member can use it at once", async () => {
    const staff = await staffSession();
    const member = await signedInMember({ gender: "M" });
    const membership = { profileType: "PREMIUM", profilesCount: 25, total: 0, lastViewDate: "2099-12-31" };
    const response = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...membership, expectedTotal: 0 }, staff.headers);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: AdminMember }>();
    expect(data.profileLimits).toEqual(membership);
    expect(data.membership).toEqual({ paid: true, active: true, balance: 25 });
    const current = await api("/api/users/current", { headers: member.headers });
    expect((await current.json<{ data: CurrentUser }>()).data.membership).toEqual({ paid: true, active: true, balance: 25 });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "membership", target: String(member.pid) });
    expect(JSON.parse(audit?.before_json ?? "null")).toEqual({ profileType: "FREE", profilesCount: 0, total: 0, lastViewDate: null });
    expect(JSON.parse(audit?.after_json ?? "null")).toEqual(membership);
  });

  it("refuses a paid membership whose last day has passed, and queues no receipt", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    const sale = { profileType: "MEMBER", profilesCount: 30, total: 0, lastViewDate: "2025-11-26", expectedTotal: 0 };
    const refused = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, sale, staff.headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: { lastViewDate: "The last day cannot be before today. Choose today or a later day, or choose Free to end the membership" },
    });
    const stored = await env.DB.prepare("SELECT profile_type, last_view_date FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(stored).toEqual({ profile_type: "FREE", last_view_date: null });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1").bind(member.pid).first("n")).toBe(0);
  });

  it("refuses views typed as anything but digits, such as 1e3 or 0x1E sent as text", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    for (const typed of ["1e3", "0x1E", "30", "30.5"]) {
      const sale = { profileType: "MEMBER", profilesCount: typed, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
      const refused = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, sale, staff.headers);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fields: { profilesCount: "Profiles allowed must be a whole number, in digits only (such as 30)" } });
    }
    expect(await env.DB.prepare("SELECT profile_type FROM members WHERE pid = ?1").bind(member.pid).first("profile_type")).toBe("FREE");
  });

  it("closes a membership message that has not gone when staff correct the sale, so only the corrected one can be sent", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    const messages = () =>
      env.DB.prepare(
        "SELECT status, params IS NOT NULL AS sendable, last_error, json_extract(params, '$.body[4]') AS views FROM outbox WHERE member_pid = ?1 AND kind = 'membership' ORDER BY id",
      )
        .bind(member.pid)
        .all();
    const sale = { profileType: "MEMBER", profilesCount: 30, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, sale, staff.headers)).status).toBe(200);
    // Staff typed 30 for 20: a correction that gives no more still replaces the waiting receipt.
    const corrected = { ...sale, profilesCount: 20, expectedProfileType: "MEMBER", expectedProfilesCount: 30, expectedLastViewDate: "2099-12-31" };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, corrected, staff.headers)).status).toBe(200);
    const replaced = "Not sent: staff changed the membership again, and a message with the new membership replaces this one.";
    expect((await messages()).results).toEqual([
      { status: "failed", sendable: 0, last_error: replaced, views: null },
      expect.objectContaining({ status: "pending", sendable: 1, views: "20" }),
    ]);
    const outbox = await get<Paged<AdminOutboxMessage>>(`/api/admin/outbox?pid=${member.pid}`, staff.headers);
    const closed = outbox.data.items.find((message) => message.kind === "membership" && message.status === "failed");
    expect(closed).toMatchObject({ byHand: false, waMe: null, problem: { reason: replaced } });

    // Made free again: the waiting receipt is withdrawn and none is queued.
    const free = { profileType: "FREE", profilesCount: 0, total: 0, lastViewDate: null, expectedTotal: 0, expectedProfileType: "MEMBER", expectedProfilesCount: 20 };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, free, staff.headers)).status).toBe(200);
    const after = (await messages()).results;
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      status: "failed",
      sendable: 0,
      last_error: "Not sent: staff changed the membership again, so this message no longer says what the member has.",
    });
  });

  it("confirms a membership sold or renewed to the member on WhatsApp, and nothing for a correction that gives no more", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    const messages = () => env.DB.prepare("SELECT kind, params FROM outbox WHERE member_pid = ?1 ORDER BY id").bind(member.pid).all<{ kind: string; params: string }>();
    const sell = { profileType: "DONOR", profilesCount: 25, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, sell, staff.headers)).status).toBe(200);
    const [sold] = (await messages()).results;
    expect(sold?.kind).toBe("membership");
    expect(JSON.parse(sold?.params ?? "null")).toEqual({ body: ["Sri Lakshmi Marriage Bureau", "GOLD", String(member.pid), "31-12-2099", "25"], button: "search" });
    // One view fewer: a correction, not a sale (once the receipt has gone; one still waiting is replaced).
    await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_at = ?2 WHERE member_pid = ?1").bind(member.pid, new Date().toISOString()).run();
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...sell, profilesCount: 24 }, staff.headers)).status).toBe(200);
    expect((await messages()).results).toHaveLength(1);
    // A renewal: the date runs longer.
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...sell, profilesCount: 24, lastViewDate: "2100-06-30" }, staff.headers)).status).toBe(200);
    expect((await messages()).results).toHaveLength(2);
  });

  it("refuses more views used than allowed, a paid tier without a date, and changes nothing", async () => {
    const staff = await staffSession();
    const member = await createMember({ profileType: "MEMBER", profilesCount: 5, total: 2, lastViewDate: "2099-01-01" });
    const tooMany = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "MEMBER", profilesCount: 3, total: 4, lastViewDate: "2099-01-01", expectedTotal: 2 },
      staff.headers,
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      error: "Profiles viewed cannot be more than profiles allowed",
      fields: { total: "Profiles viewed cannot be more than profiles allowed" },
    });
    const noDate = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "LIFE", profilesCount: 3, total: 0, lastViewDate: null, expectedTotal: 2 },
      staff.headers,
    );
    expect(await noDate.json()).toMatchObject({ fields: { lastViewDate: "A paid membership needs the date it runs to" } });
    const nothingBought = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "DONOR", profilesCount: 0, total: 0, lastViewDate: "2099-01-01", expectedTotal: 2 },
      staff.headers,
    );
    expect(await nothingBought.json()).toMatchObject({ fields: { profilesCount: "A paid membership needs at least one profile allowed" } });
    // A date that does not exist would make a membership run for ever.
    const noSuchDay = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "LIFE", profilesCount: 3, total: 0, lastViewDate: "9999-99-99", expectedTotal: 2 },
      staff.headers,
    );
    expect(await noSuchDay.json()).toMatchObject({ fields: { lastViewDate: "There is no such date" } });
    const row = await env.DB.prepare("SELECT profile_type, profiles_count, total FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ profile_type: "MEMBER", profiles_count: 5, total: 2 });
  });
});

describe("PUT /api/admin/members/{pid}/membership while the member uses a view", () => {
  it("refuses to overwrite views used since the form was opened, and changes and audits nothing", async () => {
    const staff = await staffSession();
    const member = await createMember({ profileType: "MEMBER", profilesCount: 5, total: 2, lastViewDate: "2099-01-01" });
    // The member views a profile after staff opened the form (total 2 then).
    await env.DB.prepare("UPDATE members SET total = 3 WHERE pid = ?1").bind(member.pid).run();
    const stale = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "MEMBER", profilesCount: 30, total: 2, lastViewDate: "2099-06-30", expectedTotal: 2 },
      staff.headers,
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: "The member has viewed a profile since this page was opened. Check the new numbers and save again.", code: "CONFLICT" });
    const row = await env.DB.prepare("SELECT profiles_count, total FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ profiles_count: 5, total: 3 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE target = ?1").bind(String(member.pid)).first()).toEqual({ n: 0 });
  });
});

describe("PUT /api/admin/members/{pid}/membership from a form loaded before another save", () => {
  it("refuses to take back a sale other staff made meanwhile, and sends no second receipt", async () => {
    const staff = await Promise.all([staffSession(), staffSession()]);
    const member = await createMember({ profileType: "MEMBER", profilesCount: 5, total: 2, lastViewDate: "2099-01-01" });
    // Both forms were loaded with the membership as it was.
    const loaded = { expectedTotal: 2, expectedProfileType: "MEMBER", expectedProfilesCount: 5, expectedLastViewDate: "2099-01-01" };
    const sale = { profileType: "LIFE", profilesCount: 50, total: 2, lastViewDate: "2100-12-31" };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...sale, ...loaded }, staff[0].headers)).status).toBe(200);

    // The second form still shows 5 views to 2099: saving it would take the sale back.
    const stale = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "MEMBER", profilesCount: 10, total: 2, lastViewDate: "2099-06-30", ...loaded },
      staff[1].headers,
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: "This membership was changed by someone else since this page was opened. Nothing was saved: check the membership as it is now and save again.",
      code: "CONFLICT",
    });
    const row = await env.DB.prepare("SELECT profile_type, profiles_count, total, last_view_date FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ profile_type: "LIFE", profiles_count: 50, total: 2, last_view_date: "2100-12-31" });
    const receipts = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1 AND kind = 'membership'").bind(member.pid).first();
    expect(receipts).toEqual({ n: 1 });
    const audits = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE target = ?1 AND action = 'membership'").bind(String(member.pid)).first();
    expect(audits).toEqual({ n: 1 });

    // Each value counts alone: the date, the views bought, the tier.
    const now = { expectedTotal: 2, expectedProfileType: "LIFE", expectedProfilesCount: 50, expectedLastViewDate: "2100-12-31" };
    for (const differs of [{ expectedLastViewDate: "2099-01-01" }, { expectedLastViewDate: null }, { expectedProfilesCount: 5 }, { expectedProfileType: "DONOR" }]) {
      const refused = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...sale, profilesCount: 60, ...now, ...differs }, staff[1].headers);
      expect(refused.status, JSON.stringify(differs)).toBe(409);
    }
    // Loaded afresh, the save goes through.
    const fresh = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, { ...sale, profilesCount: 60, ...now }, staff[1].headers);
    expect(fresh.status).toBe(200);
    expect((await fresh.json<{ data: AdminMember }>()).data.profileLimits).toEqual({ ...sale, profilesCount: 60 });
  });

  it("still says the member viewed a profile when only the views used changed", async () => {
    const staff = await staffSession();
    const member = await createMember({ profileType: "MEMBER", profilesCount: 5, total: 2, lastViewDate: "2099-01-01" });
    await env.DB.prepare("UPDATE members SET total = 3 WHERE pid = ?1").bind(member.pid).run();
    const stale = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      {
        profileType: "MEMBER",
        profilesCount: 30,
        total: 2,
        lastViewDate: "2099-06-30",
        expectedTotal: 2,
        expectedProfileType: "MEMBER",
        expectedProfilesCount: 5,
        expectedLastViewDate: "2099-01-01",
      },
      staff.headers,
    );
    expect(stale.status).toBe(409);
    expect((await stale.json<{ error: string }>()).error).toBe("The member has viewed a profile since this page was opened. Check the new numbers and save again.");
  });
});

describe("a profile its member deleted (ADR 0034)", () => {
  it("refuses a membership, visibility, corrections, a password reset, a link and a recommendation, and writes and sends nothing", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M", profileType: "MEMBER", profilesCount: 5, total: 0, lastViewDate: "2099-01-01" });
    const bride = await createMember({ gender: "F" });
    expect((await postJson(`/api/admin/members/${member.pid}/delete_profile`, {}, staff.headers)).status).toBe(200);
    const shown = await get<AdminMember>(`/api/admin/members/${member.pid}`, staff.headers);
    expect(shown.data.erasure).toMatchObject({ reason: "deleted" });
    const stateOf = async () => ({
      row: await env.DB.prepare("SELECT profile_type, profiles_count, last_view_date, show_photo, father_name, education_details, password_hash FROM members WHERE pid = ?1")
        .bind(member.pid)
        .first(),
      messages: await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1").bind(member.pid).first(),
      audits: await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE target = ?1").bind(String(member.pid)).first(),
      recommendations: await env.DB.prepare("SELECT COUNT(*) AS n FROM recommendations WHERE member_pid = ?1").bind(member.pid).first(),
    });
    const before = await stateOf();

    const form = personalForm({ name: "Ravi", dob: "12/04/1994" });
    const calls: [string, () => Promise<Response>][] = [
      [
        "membership",
        () =>
          sendJson(
            "PUT",
            `/api/admin/members/${member.pid}/membership`,
            { profileType: "LIFE", profilesCount: 50, total: 0, lastViewDate: "2100-12-31", expectedTotal: 0 },
            staff.headers,
          ),
      ],
      ["visibility", () => sendJson("PUT", `/api/admin/members/${member.pid}/visibility`, { showPhoto: 2, publicProfile: "PUBLIC" }, staff.headers)],
      ["personal", () => api(`/api/admin/members/${member.pid}/personal`, { method: "PUT", headers: staff.headers, body: form })],
      ["education", () => sendJson("PUT", `/api/admin/members/${member.pid}/education`, { basicEducation: 1, education: 1, educationDetails: "M.Tech" }, staff.headers)],
      ["parents", () => sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), fatherName: "Someone Else" }, staff.headers)],
      ["reset_password", () => postJson(`/api/admin/members/${member.pid}/reset_password`, {}, staff.headers)],
      ["links", () => postJson(`/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers)],
      ["recommendations", () => postJson(`/api/admin/members/${member.pid}/recommendations`, { pid: bride.pid }, staff.headers)],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.status, name).toBe(409);
      expect((await response.json<{ error: string }>()).error, name).toMatch(
        new RegExp(`^Profile ID ${member.pid} was deleted at the member's request and is erased on \\d\\d-\\d\\d-\\d{4}\\. It cannot be changed`),
      );
    }
    expect(await stateOf()).toEqual(before);
  });
});

describe("PUT /api/admin/members/{pid}/visibility and /status", () => {
  it("sets showPhoto and publicProfile", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const response = await sendJson("PUT", `/api/admin/members/${member.pid}/visibility`, { showPhoto: 2, publicProfile: "MEMBERS" }, staff.headers);
    expect((await response.json<{ data: AdminMember }>()).data).toMatchObject({ showPhoto: 2, publicProfile: "MEMBERS" });
    const bad = await sendJson("PUT", `/api/admin/members/${member.pid}/visibility`, { showPhoto: 3, publicProfile: "ALL" }, staff.headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { showPhoto: "showPhoto must be 1 or 2", publicProfile: "Choose where the profile may appear" } });
  });

  it("deactivates (ending every session and link, refusing sign-in) and reactivates without reviving old tokens or links", async () => {
    const staff = await staffSession();
    const member = await signedInMember();
    const issued = await (await postJson(`/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers)).json<{ data: IssuedLink }>();
    const link = new URL(issued.data.url).searchParams.get("link");
    const off = await sendJson("PUT", `/api/admin/members/${member.pid}/status`, { active: false }, staff.headers);
    expect((await off.json<{ data: AdminMember }>()).data).toMatchObject({ active: false, liveSessions: 0 });
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(401);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).not.toBe(200);
    await sendJson("PUT", `/api/admin/members/${member.pid}/status`, { active: true }, staff.headers);
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(401);
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).toBe(400);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
    const actions = await env.DB.prepare("SELECT action FROM audit_log WHERE target = ?1 ORDER BY id").bind(String(member.pid)).all();
    expect(actions.results).toEqual([{ action: "issue_link" }, { action: "deactivate" }, { action: "reactivate" }]);
  });
});

describe("POST /api/admin/members/{pid}/reset_password and /end_sessions", () => {
  it("tells staff to reset the password again when a number change closed the reset's code (a lost phone)", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    expect((await postJson(`/api/admin/members/${member.pid}/reset_password`, {}, staff.headers)).status).toBe(200);
    const newNumber = { ...parentsOf(member.pid), mobile: "+919876500123" };
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, newNumber, staff.headers)).status).toBe(200);
    const record = await get<AdminMember>(`/api/admin/members/${member.pid}`, staff.headers);
    expect(record.data.passwordSet).toBe(false);
    expect(record.data.latestCode).toMatchObject({ kind: "staff_reset_code", status: "failed", flagged: true });
    expect(record.data.latestCode?.problem).toEqual({
      reason: "Not sent: the WhatsApp number changed, which closed its code.",
      action: "Reset password again: it sends a new code to the new number. Until then the member cannot set a password or sign in with one.",
    });
  });

  it("resets the password: the old one stops working, sessions and links end, and a code to set a new one goes on WhatsApp", async () => {
    const staff = await staffSession();
    const owner = await staffSession("owner");
    const member = await signedInMember();
    const issued = await (await postJson(`/api/admin/members/${member.pid}/links`, { kind: "whatsapp" }, staff.headers)).json<{ data: IssuedLink }>();
    const response = await postJson(`/api/admin/members/${member.pid}/reset_password`, {}, staff.headers);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: AdminOutboxMessage }>();
    // Staff who are not owners never read the code: they open it in WhatsApp through an audited call.
    expect(data).toMatchObject({
      memberPid: member.pid,
      kind: "staff_reset_code",
      toMobile: `+9190000${String(member.pid).padStart(5, "0")}`,
      bodyHidden: true,
      waMe: null,
      byHand: true,
    });
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(401);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(400);
    // Links sent before the reset no longer sign in.
    expect((await postJson("/api/users/link_sign_in", { kind: "whatsapp", link: new URL(issued.data.url).searchParams.get("link") })).status).toBe(400);

    // The owner's outbox shows the code; with it the member sets a password of their own.
    const outbox = (await (await api(`/api/admin/outbox?pid=${member.pid}`, { headers: owner.headers })).json<{ data: Paged<AdminOutboxMessage> }>()).data;
    const code = /(\d{6}) is your code/.exec(outbox.items.find((message) => message.id === data.id)?.body ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "Chosen-by-me-9" });
    expect(confirmed.status).toBe(200);
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: "Chosen-by-me-9" })).status).toBe(200);
    // The audit log records the reset, never a code.
    const audits = await env.DB.prepare("SELECT action, target, before_json, after_json FROM audit_log WHERE target = ?1 ORDER BY id DESC").bind(String(member.pid)).all();
    expect(audits.results).toContainEqual({ action: "reset_password", target: String(member.pid), before_json: null, after_json: null });
    expect(JSON.stringify(audits.results)).not.toContain(code);
  });

  it("answers 409 and sends no code when the member's number changed after the reset read it: the old phone gets nothing that sets a password", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const oldMobile = `+9190000${String(member.pid).padStart(5, "0")}`;
    try {
      const newMobile = numberChangesBeforeFirstBatch(member.pid);
      const response = await postJson(`/api/admin/members/${member.pid}/reset_password`, {}, staff.headers);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: "CONFLICT", error: expect.stringMatching(/number changed/) });
      const codes = await env.DB.prepare("SELECT mobile, closed_at FROM one_time_codes WHERE member_pid = ?1").bind(member.pid).all();
      expect(codes.results).toEqual([]);
      const messages = await env.DB.prepare("SELECT to_mobile FROM outbox WHERE member_pid = ?1 AND to_mobile IN (?2, ?3)").bind(member.pid, oldMobile, newMobile).all();
      expect(messages.results).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("ends every session of the member and says how many", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const tokens = [await signIn(member), await signIn(member)];
    const response = await postJson(`/api/admin/members/${member.pid}/end_sessions`, {}, staff.headers);
    expect(await response.json()).toEqual({ data: { ended: 2 } });
    for (const token of tokens) expect((await api("/api/users/current", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("who may call the members' admin API", () => {
  it("refuses members' tokens and anonymous callers on every call", async () => {
    const member = await signedInMember();
    const calls: [string, string, unknown][] = [
      ["GET", "/api/admin/members", undefined],
      ["GET", `/api/admin/members/${member.pid}`, undefined],
      ["PUT", `/api/admin/members/${member.pid}/membership`, { profileType: "LIFE", profilesCount: 100, total: 0, lastViewDate: "2099-01-01", expectedTotal: 0 }],
      ["PUT", `/api/admin/members/${member.pid}/visibility`, { showPhoto: 2, publicProfile: "PUBLIC" }],
      ["PUT", `/api/admin/members/${member.pid}/status`, { active: false }],
      ["POST", `/api/admin/members/${member.pid}/reset_password`, {}],
      ["POST", `/api/admin/members/${member.pid}/end_sessions`, {}],
      ["GET", "/api/admin/me", undefined],
    ];
    for (const [method, path, body] of calls) {
      for (const headers of [member.headers, {}]) {
        const init: RequestInit = body === undefined ? { method, headers } : { method, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
        const response = await api(path, init);
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
    const row = await env.DB.prepare("SELECT profile_type, active FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ profile_type: "FREE", active: 1 });
  });

  it("answers staff with Cache-Control: no-store", async () => {
    const staff = await staffSession();
    expect((await api("/api/admin/members", { headers: staff.headers })).headers.get("Cache-Control")).toBe("no-store");
  });

  it("tells staff who they are", async () => {
    const staff = await staffSession("owner");
    expect(await (await api("/api/admin/me", { headers: staff.headers })).json()).toEqual({ data: { id: staff.id, username: staff.username, name: "Padma", role: "owner" } });
  });
});
