import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { IssuedLink } from "#shared/admin-types.ts";
import type { ConsentState, PublicCard, RegistrationResult } from "#shared/api-types.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { api, createMember, postJson, sendJson, signedInMember, smallJpeg, staffSession } from "./setup/fixtures.ts";
import { registrationForm } from "./setup/registration-form.ts";

// Consent (DPDP Rules 2025, Rule 3; ADR 0033): registration records the
// notice agreed to and the two optional consents, the member changes them
// in Edit profile with the history kept, and both are enforced: /link never
// shows a member who did not consent, and the agency's promotional link is
// never offered for a member who did not consent to promotions.

let mobiles = 0;

const register = (extra: Record<string, string | null>) => {
  mobiles += 1;
  const form = registrationForm({ mobile: `96030${String(mobiles).padStart(5, "0")}`, ...extra }, smallJpeg(60, 80));
  return api("/api/save_new_registration", { method: "POST", body: form });
};

async function registeredPid(extra: Record<string, string | null>): Promise<number> {
  const response = await register(extra);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ data: RegistrationResult }>()).data.pid;
}

const consentRow = (pid: number) =>
  env.DB.prepare("SELECT notice_version, public_list, promotions, public_list_at IS NOT NULL AS dated FROM consents WHERE member_pid = ?1").bind(pid).first();
const historyOf = async (pid: number) =>
  (await env.DB.prepare("SELECT purpose, granted, notice_version, source FROM consent_changes WHERE member_pid = ?1 ORDER BY id").bind(pid).all()).results;
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n;

describe("registration records the notice and the consents", () => {
  it("keeps each choice with the notice's version and time, given or not", async () => {
    const both = await registeredPid({ consents: JSON.stringify({ publicList: true, promotions: true }) });
    expect(await consentRow(both)).toEqual({ notice_version: NOTICE_VERSION, public_list: 1, promotions: 1, dated: 1 });
    expect(await historyOf(both)).toEqual([
      { purpose: "notice", granted: 1, notice_version: NOTICE_VERSION, source: "registration" },
      { purpose: "public_list", granted: 1, notice_version: NOTICE_VERSION, source: "registration" },
      { purpose: "promotions", granted: 1, notice_version: NOTICE_VERSION, source: "registration" },
    ]);

    const listOnly = await registeredPid({ consents: JSON.stringify({ publicList: true }) });
    expect(await consentRow(listOnly)).toMatchObject({ public_list: 1, promotions: 0 });

    // No consents at all: both are "no", and still recorded as the visitor's choice.
    const neither = await registeredPid({});
    expect(await consentRow(neither)).toMatchObject({ notice_version: NOTICE_VERSION, public_list: 0, promotions: 0 });
    expect((await historyOf(neither)).map((row) => [row.purpose, row.granted])).toEqual([
      ["notice", 1],
      ["public_list", 0],
      ["promotions", 0],
    ]);
  });

  it("refuses a form read against another notice with 409 NOTICE_CHANGED, and stores nothing, photo included", async () => {
    const [members, photos] = [await count("SELECT COUNT(*) AS n FROM members"), (await env.PHOTOS.list()).objects.length];
    const response = await register({ noticeVersion: "2020-01-01" });
    expect(response.status).toBe(409);
    const body = await response.json<{ code: string; error: string; fields: Record<string, string> }>();
    expect(body.code).toBe("NOTICE_CHANGED");
    expect(body.error).toMatch(/privacy notice has changed/);
    expect(body.fields.noticeVersion).toMatch(/read the new privacy notice/);
    expect(await count("SELECT COUNT(*) AS n FROM members")).toBe(members);
    expect((await env.PHOTOS.list()).objects.length).toBe(photos);
  });

  it("asks for the notice when it is missing, and says how consents must look when they are not", async () => {
    const missing = await register({ noticeVersion: null });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ fields: Record<string, string> }>()).fields.noticeVersion).toBe("Please read the privacy notice and agree to it");

    const garbled = await register({ consents: "yes please" });
    expect(garbled.status).toBe(400);
    expect((await garbled.json<{ fields: Record<string, string> }>()).fields.consents).toMatch(/publicList/);

    const notBoolean = await register({ consents: JSON.stringify({ publicList: "yes" }) });
    expect(notBoolean.status).toBe(400);
    expect((await notBoolean.json<{ fields: Record<string, string> }>()).fields["consents.publicList"]).toBe("publicList must be true or false");
  });
});

describe("GET and POST /api/users/consents", () => {
  it("shows a member registered before consent was asked as having agreed to nothing", async () => {
    const member = await signedInMember({ consents: "none" });
    const response = await api("/api/users/consents", { headers: member.headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { noticeVersion: null, currentNoticeVersion: NOTICE_VERSION, publicList: { granted: false, at: null }, promotions: { granted: false, at: null } },
    });
  });

  it("gives and withdraws each consent alone, as easily as it was given, keeping every change", async () => {
    const member = await signedInMember({ consents: "none" });
    const change = async (body: unknown) => {
      const response = await postJson("/api/users/consents", body, member.headers);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json<{ data: ConsentState }>()).data;
    };

    const given = await change({ publicList: true });
    // Giving a consent is not agreeing to the notice: that is its own act (below).
    expect(given.noticeVersion).toBeNull();
    expect(given.publicList.granted).toBe(true);
    expect(given.publicList.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(given.promotions).toEqual({ granted: false, at: null });

    const withdrawn = await change({ publicList: false, promotions: true });
    expect(withdrawn.publicList.granted).toBe(false);
    expect(withdrawn.promotions.granted).toBe(true);
    // Saying again what stands changes nothing and records nothing.
    const same = await change({ promotions: true });
    expect(same.promotions.at).toBe(withdrawn.promotions.at);

    expect((await historyOf(member.pid)).map((row) => [row.purpose, row.granted, row.source])).toEqual([
      ["public_list", 1, "member"],
      ["public_list", 0, "member"],
      ["promotions", 1, "member"],
    ]);
    const fromGet = await (await api("/api/users/consents", { headers: member.headers })).json<{ data: ConsentState }>();
    expect(fromGet.data).toEqual(same);
  });

  it("keeps the history true to the state when changes arrive at once: each change follows the one before", async () => {
    const member = await signedInMember({ consents: "none" });
    const choices = Array.from({ length: 8 }, (_, i) => ({ promotions: i % 2 === 0 }));
    const answers = await Promise.all(choices.map((body) => postJson("/api/users/consents", body, member.headers)));
    expect(answers.map((response) => response.status)).toEqual(choices.map(() => 200));

    const history = (await historyOf(member.pid)).map((row) => row.granted);
    // Every recorded change flips the one before it, starting from "not given".
    for (const [index, granted] of history.entries()) expect(granted).toBe(index % 2 === 0 ? 1 : 0);
    expect((await consentRow(member.pid))?.promotions).toBe(history.at(-1));
  });

  it("refuses a change that names neither consent, a value that is not true or false, and callers who are not the member", async () => {
    const member = await signedInMember();
    const empty = await postJson("/api/users/consents", {}, member.headers);
    expect(empty.status).toBe(400);
    expect((await empty.json<{ error: string }>()).error).toBe("Choose publicList, promotions or both, or agree to the notice with noticeVersion.");
    const text = await postJson("/api/users/consents", { promotions: "no" }, member.headers);
    expect(text.status).toBe(400);
    expect((await text.json<{ fields: Record<string, string> }>()).fields.promotions).toBe("promotions must be true or false");

    expect((await postJson("/api/users/consents", { promotions: false })).status).toBe(401);
    const staff = await staffSession("owner");
    expect((await api("/api/users/consents", { headers: staff.headers })).status).toBe(401);
    expect((await postJson("/api/users/consents", { promotions: false }, staff.headers)).status).toBe(401);
    // Nothing changed for the member by the refused calls.
    expect(await consentRow(member.pid)).toMatchObject({ public_list: 1, promotions: 1 });
  });
});

describe("agreeing to the notice is its own act, kept in the history", () => {
  const state = async (headers: Record<string, string>) => (await (await api("/api/users/consents", { headers })).json<{ data: ConsentState }>()).data;
  const noticeRow = (pid: number) => env.DB.prepare("SELECT notice_version, notice_at FROM consents WHERE member_pid = ?1").bind(pid).first();

  it("never records a change of a consent as agreement to a newer notice: the member is still asked", async () => {
    const member = await signedInMember();
    await env.DB.prepare("UPDATE consents SET notice_version = '2020-01-01', notice_at = '2020-01-02T03:04:05.000Z' WHERE member_pid = ?1").bind(member.pid).run();

    const withdrawn = await postJson("/api/users/consents", { promotions: false }, member.headers);
    expect(withdrawn.status).toBe(200);
    expect((await withdrawn.json<{ data: ConsentState }>()).data).toMatchObject({
      noticeVersion: "2020-01-01",
      currentNoticeVersion: NOTICE_VERSION,
      promotions: { granted: false },
    });
    expect((await postJson("/api/users/consents", { publicList: false, promotions: true }, member.headers)).status).toBe(200);

    expect((await state(member.headers)).noticeVersion).toBe("2020-01-01");
    expect(await noticeRow(member.pid)).toEqual({ notice_version: "2020-01-01", notice_at: "2020-01-02T03:04:05.000Z" });
    expect((await historyOf(member.pid)).filter((row) => row.purpose === "notice")).toEqual([]);
  });

  it("records 'I have read it and agree' with the version, the time and Edit profile, once, and leaves the consents as they stand", async () => {
    const member = await signedInMember({ consents: { publicList: true, promotions: false } });
    await env.DB.prepare("UPDATE consents SET notice_version = '2020-01-01' WHERE member_pid = ?1").bind(member.pid).run();
    const before = Date.now();

    const response = await postJson("/api/users/consents", { noticeVersion: NOTICE_VERSION }, member.headers);
    expect(response.status, await response.clone().text()).toBe(200);
    const agreed = (await response.json<{ data: ConsentState }>()).data;
    expect(agreed).toMatchObject({ noticeVersion: NOTICE_VERSION, currentNoticeVersion: NOTICE_VERSION, publicList: { granted: true }, promotions: { granted: false } });

    const history = await env.DB.prepare("SELECT purpose, granted, notice_version, source, at FROM consent_changes WHERE member_pid = ?1 ORDER BY id")
      .bind(member.pid)
      .all<{ at: string }>();
    expect(history.results).toEqual([{ purpose: "notice", granted: 1, notice_version: NOTICE_VERSION, source: "member", at: expect.any(String) }]);
    const at = history.results[0]?.at ?? "";
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await noticeRow(member.pid)).toEqual({ notice_version: NOTICE_VERSION, notice_at: at });

    // Agreeing again to the same notice, or changing a consent later, neither adds an agreement nor moves its time.
    expect((await postJson("/api/users/consents", { noticeVersion: NOTICE_VERSION }, member.headers)).status).toBe(200);
    expect((await postJson("/api/users/consents", { promotions: true }, member.headers)).status).toBe(200);
    expect(await noticeRow(member.pid)).toEqual({ notice_version: NOTICE_VERSION, notice_at: at });
    expect((await historyOf(member.pid)).map((row) => [row.purpose, row.granted, row.notice_version])).toEqual([
      ["notice", 1, NOTICE_VERSION],
      ["promotions", 1, NOTICE_VERSION],
    ]);
  });

  it("lets a member asked for the first time agree, then give a consent, in one call: the agreement comes first", async () => {
    const member = await signedInMember({ consents: "none" });
    expect((await postJson("/api/users/consents", { promotions: false }, member.headers)).status).toBe(200);
    expect((await state(member.headers)).noticeVersion).toBeNull();

    const response = await postJson("/api/users/consents", { publicList: true, noticeVersion: NOTICE_VERSION }, member.headers);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<{ data: ConsentState }>()).data).toMatchObject({ noticeVersion: NOTICE_VERSION, publicList: { granted: true } });
    expect((await historyOf(member.pid)).map((row) => [row.purpose, row.granted, row.source])).toEqual([
      ["notice", 1, "member"],
      ["public_list", 1, "member"],
    ]);
  });

  it("refuses agreement to a notice that is not the one in force with 409 NOTICE_CHANGED, and changes nothing", async () => {
    const member = await signedInMember();
    await env.DB.prepare("UPDATE consents SET notice_version = '2020-01-01' WHERE member_pid = ?1").bind(member.pid).run();
    const stale = await postJson("/api/users/consents", { noticeVersion: "2020-01-01", promotions: false }, member.headers);
    expect(stale.status).toBe(409);
    const body = await stale.json<{ code: string; error: string }>();
    expect(body.code).toBe("NOTICE_CHANGED");
    expect(body.error).toMatch(/privacy notice has changed/);
    expect(await consentRow(member.pid)).toMatchObject({ notice_version: "2020-01-01", promotions: 1 });
    expect(await historyOf(member.pid)).toEqual([]);

    const garbled = await postJson("/api/users/consents", { noticeVersion: 20261124 }, member.headers);
    expect(garbled.status).toBe(400);
    expect((await garbled.json<{ fields: Record<string, string> }>()).fields.noticeVersion).toBe("noticeVersion must be the version of the notice you agree to");
  });
});

async function publish(date: string, pids: number[]): Promise<void> {
  for (const pid of pids) await env.DB.prepare("UPDATE members SET public_profile = 'PUBLIC' WHERE pid = ?1").bind(pid).run();
  const list = await env.DB.prepare("INSERT INTO public_lists (list_date, is_week) VALUES (?1, 0) RETURNING id").bind(date).first<{ id: number }>();
  for (const [position, pid] of pids.entries()) {
    await env.DB.prepare("INSERT INTO public_list_profiles (list_id, pid, position) VALUES (?1, ?2, ?3)").bind(list?.id, pid, position).run();
  }
}

const cardsOn = async (date: string) => (await (await api(`/api/whatsapp/public_profiles/${date}`)).json<{ data: PublicCard[] }>()).data.map((card) => card.pid);

describe("/link shows only members who consent to being listed", () => {
  it("never shows a member who did not consent, and stops showing one the moment they withdraw, cached list or not", async () => {
    const listed = await signedInMember();
    const neverAsked = await createMember({ consents: "none" });
    const refused = await createMember({ consents: { publicList: false, promotions: true } });
    await publish("2032-02-02", [listed.pid, neverAsked.pid, refused.pid]);

    expect(await cardsOn("2032-02-02")).toEqual([listed.pid]);
    // Served from the cache now; the withdrawal renews it.
    expect(await cardsOn("2032-02-02")).toEqual([listed.pid]);
    expect((await postJson("/api/users/consents", { publicList: false }, listed.headers)).status).toBe(200);
    expect(await cardsOn("2032-02-02")).toEqual([]);
    expect((await postJson("/api/users/consents", { publicList: true }, listed.headers)).status).toBe(200);
    expect(await cardsOn("2032-02-02")).toEqual([listed.pid]);
  });

  it("refuses staff a list with a member who did not consent, naming the member, and saves nothing", async () => {
    const staff = await staffSession();
    const consenting = await createMember();
    const notConsenting = await createMember({ consents: "none" });
    for (const pid of [consenting.pid, notConsenting.pid]) await env.DB.prepare("UPDATE members SET public_profile = 'PAID' WHERE pid = ?1").bind(pid).run();

    const response = await sendJson(
      "PUT",
      "/api/admin/public_lists",
      { date: "2032-03-03", week: false, templateId: null, pids: [consenting.pid, notConsenting.pid] },
      staff.headers,
    );
    expect(response.status).toBe(400);
    const body = await response.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.fields.pids).toBe(`Profile ${notConsenting.pid} has not agreed to be listed on public pages. Only the member can agree, in Edit profile; remove it from the list.`);
    expect(await count("SELECT COUNT(*) AS n FROM public_lists WHERE list_date = '2032-03-03'")).toBe(0);

    const saved = await sendJson("PUT", "/api/admin/public_lists", { date: "2032-03-03", week: false, templateId: null, pids: [consenting.pid] }, staff.headers);
    expect(saved.status).toBe(200);
  });
});

describe("promotional messages go only to members who consent", () => {
  it("offers the Newly Added Profiles link for a member who consents to promotions and never for one who does not", async () => {
    const staff = await staffSession();
    const issue = async (pid: number) => {
      const response = await postJson(`/api/admin/members/${pid}/links`, { kind: "profile" }, staff.headers);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json<{ data: IssuedLink }>()).data;
    };
    const consenting = await createMember();
    expect((await issue(consenting.pid)).newProfilesUrl).toMatch(/\/new_profiles_link\?link=/);

    const refused = await createMember({ consents: { publicList: true, promotions: false } });
    const neverAsked = await createMember({ consents: "none" });
    for (const pid of [refused.pid, neverAsked.pid]) {
      const issued = await issue(pid);
      expect(issued.newProfilesUrl).toBeNull();
      // The sign-in link itself, a service message, still goes.
      expect(issued.url).toMatch(/\/profile_link\?link=/);
      expect(issued.message.body).not.toMatch(/new_profiles_link/);
    }
  });
});
