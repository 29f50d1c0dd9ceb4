import { env } from "cloudflare:test";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import type { AdminMember, AdminOutboxMessage, IssuedLink, Paged } from "#shared/admin-types.ts";
import type { OwnRecord, ProfileCard } from "#shared/api-types.ts";
import { scoreAshtakoota } from "#shared/astro/ashtakoota.ts";
import { FORMAT, REQUIRED } from "#shared/schemas/profile-fields.ts";
import { api, bearer, createMember, parentsOf, personalForm, postJson, sendJson, signIn, signedInMember, staffSession } from "./setup/fixtures.ts";

// Staff correct a member's profile (ADR 0022): the four parts of the
// member's own edit with the same rules, plus the birth date, birth time,
// height and a WhatsApp number set directly, each audited with the changed
// fields before and after.

type Headers = Record<string, string>;

function putPersonal(pid: number, headers: Headers, form: FormData): Promise<Response> {
  return api(`/api/admin/members/${pid}/personal`, { method: "PUT", headers, body: form });
}

const ownMobile = (pid: number) => `+9190000${String(pid).padStart(5, "0")}`;

async function dataOf<T>(response: Response): Promise<T> {
  return (await response.json<{ data: T }>()).data;
}

interface AuditRow {
  action: string;
  staff_id: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

async function auditOf(pid: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT action, staff_id, before_json, after_json FROM audit_log WHERE target = ?1 ORDER BY id")
    .bind(String(pid))
    .all<{ action: string; staff_id: number; before_json: string; after_json: string }>();
  return results.map((row) => ({ action: row.action, staff_id: row.staff_id, before: JSON.parse(row.before_json), after: JSON.parse(row.after_json) }));
}

describe("PUT /api/admin/members/{pid}/personal", () => {
  it("corrects the birth date, birth time and height with the rest of the tab, and audits only what changed", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "F" });
    const response = await putPersonal(member.pid, staff.headers, personalForm({ dob: "02/03/1997", tob: "11:45 PM", height: "24", pob: "Tenali" }));
    expect(response.status).toBe(200);
    const data = await dataOf<AdminMember>(response);
    expect(data.pid).toBe(member.pid);
    expect(data.record).toMatchObject({ birthDate: "02-03-1997", birthTime: "11:45PM", height: 24, birthPlace: "Tenali", gender: "F", name: "Lakshmi" });

    const [entry, ...more] = await auditOf(member.pid);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      action: "correct_personal",
      staff_id: staff.id,
      // The raasi was empty and follows from the unchanged star and padham (Rohini 2: Vrishabha).
      before: { dob: "1996-04-12", tob: "06:30", pob: "Guntur", height: 20, raasi: null },
      after: { dob: "1997-03-02", tob: "23:45", pob: "Tenali", height: 24, raasi: 2 },
    });
  });

  it("never changes the gender, and lets the raasi follow a corrected star and padham", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "F" });
    const response = await putPersonal(member.pid, staff.headers, personalForm({ gender: "M", star: "7", padham: "4" }));
    expect(response.status).toBe(200);
    const data = await dataOf<AdminMember>(response);
    // Punarvasu padham 4 lies in Karkataka (raasi 4), as on the member's own edit.
    expect(data.record).toMatchObject({ gender: "F", star: 7, padham: 4, raasi: 4 });
    expect(data.gender).toBe("F");
  });

  it("changes the matching points members see once the star and padham are corrected", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 10, lastViewDate: "2099-01-01" });
    const bride = await createMember({ gender: "F" });
    const points = async () => {
      const response = await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers });
      expect(response.status).toBe(200);
      return (await dataOf<ProfileCard>(response)).astroPoints;
    };
    // Both were registered in Rohini padham 2 (the fixtures).
    const before = scoreAshtakoota({ star: 4, padham: 2 }, { star: 4, padham: 2 }).total;
    const after = scoreAshtakoota({ star: 4, padham: 2 }, { star: 13, padham: 1 }).total;
    expect(after).not.toBe(before);
    expect(await points()).toBe(before);

    // The family's horoscope, cast again with the right birth time, says Hasta 1.
    const corrected = await putPersonal(bride.pid, staff.headers, personalForm({ tob: "9:10 PM", star: "13", padham: "1" }));
    expect(corrected.status).toBe(200);
    expect(await points()).toBe(after);
  });

  it("replaces the photo through the same pipeline, removes the old one, and audits it without keys", async () => {
    const staff = await staffSession();
    const member = await createMember();
    await env.PHOTOS.put("photos/staff-old.jpg", new Uint8Array([1]));
    await env.PHOTOS.put("photos/staff-old-blur.jpg", new Uint8Array([1]));
    await env.DB.prepare("UPDATE members SET photo_key = 'photos/staff-old.jpg', photo_blur_key = 'photos/staff-old-blur.jpg' WHERE pid = ?1").bind(member.pid).run();
    const photo = new Uint8Array(jpeg.encode({ data: new Uint8Array(40 * 50 * 4).fill(90), width: 40, height: 50 }, 80).data);

    const response = await putPersonal(member.pid, staff.headers, personalForm({}, photo));
    expect(response.status).toBe(200);
    const data = await dataOf<AdminMember>(response);
    const key = data.record.s3PhotoKey ?? "";
    expect(key).toMatch(/^photos\/.+\.jpg$/);
    expect(key).not.toBe("photos/staff-old.jpg");
    expect(data.photoUrl).toBe(`/images/${key}`);
    expect(await env.PHOTOS.head(key)).not.toBeNull();
    expect(await env.PHOTOS.head("photos/staff-old.jpg")).toBeNull();
    expect(await env.PHOTOS.head("photos/staff-old-blur.jpg")).toBeNull();

    const [entry] = await auditOf(member.pid);
    expect(entry).toMatchObject({ action: "correct_personal", before: { photo: "previous photo" }, after: { photo: "replaced" } });
    expect(JSON.stringify(entry)).not.toContain("photos/");
  });

  it("keeps everything, the old photo too, when the new photo is refused", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await putPersonal(member.pid, staff.headers, personalForm({ tob: "7:00 AM" }, png));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ fields: { photo: "Only JPEG photos (.jpg, .jpeg) are accepted" } });
    const row = await env.DB.prepare("SELECT birth_time, photo_key FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ birth_time: "06:30", photo_key: `photos/full-${member.pid}.jpg` });
    expect(await auditOf(member.pid)).toEqual([]);
  });

  it("answers the shared schemas' messages for every bad field at once, and changes nothing", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "F" });
    const missing = await putPersonal(member.pid, staff.headers, personalForm({ dob: "", tob: "", height: "", name: "" }));
    expect(missing.status).toBe(400);
    expect((await missing.json<{ fields: unknown }>()).fields).toEqual({ name: REQUIRED.name, dob: REQUIRED.dob, tob: REQUIRED.tob, height: REQUIRED.height });

    const badFormats = await putPersonal(member.pid, staff.headers, personalForm({ dob: "31/02/1997", tob: "25:00 PM" }));
    expect((await badFormats.json<{ fields: unknown }>()).fields).toEqual({ dob: FORMAT.dobNoSuchDay, tob: FORMAT.tob });

    // Registration's age rule holds for a corrected date too: a bride is at least 18.
    const tooYoung = `01/01/${new Date().getUTCFullYear() - 10}`;
    const young = await putPersonal(member.pid, staff.headers, personalForm({ dob: tooYoung }));
    expect((await young.json<{ fields: unknown }>()).fields).toEqual({ dob: FORMAT.brideAge });

    // Ids must name entries of their lists.
    const unknownIds = await putPersonal(member.pid, staff.headers, personalForm({ height: "999", star: "99" }));
    expect(unknownIds.status).toBe(400);
    expect((await unknownIds.json<{ fields: unknown }>()).fields).toEqual({ star: REQUIRED.star, height: REQUIRED.height });

    const row = await env.DB.prepare("SELECT birth_date, birth_time, height_id, name FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ birth_date: "1996-04-12", birth_time: "06:30", height_id: 20, name: "Lakshmi" });
    expect(await auditOf(member.pid)).toEqual([]);
  });

  it("applies a groom's minimum age to a groom", async () => {
    const staff = await staffSession();
    const groom = await createMember({ gender: "M" });
    const twenty = `01/01/${new Date().getUTCFullYear() - 20}`;
    const response = await putPersonal(groom.pid, staff.headers, personalForm({ dob: twenty }));
    expect((await response.json<{ fields: unknown }>()).fields).toEqual({ dob: FORMAT.groomAge });
  });

  it("writes no audit entry for a save that changes nothing", async () => {
    const staff = await staffSession();
    const member = await createMember();
    // The stored raasi, so that nothing at all differs.
    await env.DB.prepare("UPDATE members SET raasi_id = 2 WHERE pid = ?1").bind(member.pid).run();
    const response = await putPersonal(member.pid, staff.headers, personalForm());
    expect(response.status).toBe(200);
    expect(await auditOf(member.pid)).toEqual([]);
  });

  it("refuses a form that is not multipart", async () => {
    const staff = await staffSession();
    const member = await createMember();
    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/personal`, { name: "x" }, staff.headers)).status).toBe(415);
  });
});

describe("PUT /api/admin/members/{pid}/education and /profession", () => {
  it("corrects education and profession with the member's rules, each audited", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const education = await sendJson("PUT", `/api/admin/members/${member.pid}/education`, { basicEducation: 5, education: 1, educationDetails: "B.Tech, JNTU" }, staff.headers);
    expect(education.status).toBe(200);
    expect((await dataOf<AdminMember>(education)).record).toMatchObject({ basicEducation: 5, education: 1, educationDetails: "B.Tech, JNTU" });

    // Abroad: the details that only apply in India are dropped (normalizeWork), as on the member's own save.
    const profession = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/profession`,
      {
        professionType: 1,
        workingIn: 2,
        workingCity: 3,
        incomePerYear: 9,
        workingCountry: 2,
        abroadWorkingCity: "Dallas",
        denomination: null,
        workVisa: 3,
        professionDetails: "Data engineer",
      },
      staff.headers,
    );
    expect(profession.status).toBe(200);
    expect((await dataOf<AdminMember>(profession)).record).toMatchObject({
      professionType: 1,
      workingIn: 2,
      workingCity: null,
      incomePerYear: null,
      workingCountry: 2,
      abroadWorkingCity: "Dallas",
      workVisa: 3,
      professionDetails: "Data engineer",
    });

    const entries = await auditOf(member.pid);
    expect(entries.map((entry) => entry.action)).toEqual(["correct_education", "correct_profession"]);
    expect(entries[0]).toMatchObject({
      before: { basicEducation: null, education: null, educationDetails: "" },
      after: { basicEducation: 5, education: 1, educationDetails: "B.Tech, JNTU" },
    });
    expect(entries[1]?.after).toEqual({ professionType: 1, workingIn: 2, workingCountry: 2, abroadWorkingCity: "Dallas", workVisa: 3, professionDetails: "Data engineer" });
  });

  it("answers the required messages and unknown ids on their fields", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const education = await sendJson("PUT", `/api/admin/members/${member.pid}/education`, { basicEducation: 999, educationDetails: " " }, staff.headers);
    expect(education.status).toBe(400);
    expect((await education.json<{ fields: unknown }>()).fields).toEqual({ educationDetails: REQUIRED.educationDetails });
    const unknownLevel = await sendJson("PUT", `/api/admin/members/${member.pid}/education`, { basicEducation: 999, educationDetails: "BA" }, staff.headers);
    expect((await unknownLevel.json<{ fields: unknown }>()).fields).toEqual({ basicEducation: FORMAT.choose });
    const profession = await sendJson("PUT", `/api/admin/members/${member.pid}/profession`, { professionType: 2, professionDetails: "" }, staff.headers);
    expect((await profession.json<{ fields: unknown }>()).fields).toEqual({ professionDetails: REQUIRED.professionDetails });
    expect(await auditOf(member.pid)).toEqual([]);
  });
});

describe("PUT /api/admin/members/{pid}/parents", () => {
  it("sets a new WhatsApp number directly, sends no code, closes the member's own unconfirmed change, and audits it", async () => {
    const staff = await staffSession();
    const member = await signedInMember();
    // The member had typed another new number and not confirmed it yet.
    const own = await sendJson("PUT", "/api/profile_parents_data", { ...parentsOf(member.pid), mobile: "9000012399" }, member.headers);
    expect((await dataOf<OwnRecord>(own)).pendingMobile?.mobile).toBe("+919000012399");
    const codesBefore = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1").bind(member.pid).first<{ n: number }>();

    const response = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/parents`,
      { ...parentsOf(member.pid), fatherName: "Venkateswara Rao", mobile: "98480 12345" },
      staff.headers,
    );
    expect(response.status).toBe(200);
    const data = await dataOf<AdminMember>(response);
    expect(data.mobile).toBe("+919848012345");
    expect(data.record).toMatchObject({ mobileNo: "+919848012345", fatherName: "Venkateswara Rao" });
    // No code went to the new number.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1").bind(member.pid).first()).toEqual(codesBefore);
    // The member signs in again (the change signed them out) and finds their own change closed.
    const mine = await api(`/api/users/${member.pid}`, { headers: bearer(await signIn(member)) });
    expect((await dataOf<OwnRecord>(mine)).pendingMobile).toBeNull();

    expect(await auditOf(member.pid)).toEqual([
      {
        action: "correct_parents",
        staff_id: staff.id,
        before: { fatherName: "Venkata Rao", mobile: ownMobile(member.pid) },
        after: { fatherName: "Venkateswara Rao", mobile: "+919848012345" },
      },
    ]);
  });

  it("signs the old phone out: a new number ends every session, revokes every link and closes the codes sent to the old one", async () => {
    const staff = await staffSession();
    const owner = await staffSession("owner");
    const member = await signedInMember();
    const other = await signIn(member);
    const issued = await (await postJson(`/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers)).json<{ data: IssuedLink }>();
    const link = new URL(issued.data.url).searchParams.get("link");
    // Whoever holds the old phone asks for a password code, which goes to it.
    expect((await postJson("/api/users/password_reset", { pid: member.pid, mobile: ownMobile(member.pid) })).status).toBe(200);
    const outbox = (await (await api(`/api/admin/outbox?pid=${member.pid}`, { headers: owner.headers })).json<{ data: Paged<AdminOutboxMessage> }>()).data;
    const code = /(\d{6}) is your code/.exec(outbox.items.find((message) => message.kind === "forgot_password_code")?.body ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);

    // A save that keeps the number signs nobody out.
    const same = await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), fatherName: "Venkateswara Rao" }, staff.headers);
    expect((await dataOf<AdminMember>(same)).liveSessions).toBe(2);
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);

    const changed = await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), mobile: "98480 12346" }, staff.headers);
    expect(changed.status).toBe(200);
    expect((await dataOf<AdminMember>(changed)).liveSessions).toBe(0);
    for (const headers of [member.headers, bearer(other)]) expect((await api("/api/users/current", { headers })).status).toBe(401);
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).toBe(400);
    expect((await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "Taken-over-phone-1" })).status).toBe(400);
    // The member's password still works: only what the old phone held is gone.
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
  });

  it("sends the member's waiting messages to the new number, and not the code asked for on the old one", async () => {
    const staff = await staffSession();
    const member = await signedInMember();
    const groom = await signedInMember({ gender: "M" });
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: member.pid }, groom.headers)).status).toBe(200);
    expect((await postJson("/api/users/password_reset", { pid: member.pid, mobile: ownMobile(member.pid) })).status).toBe(200);
    const unsent = () =>
      env.DB.prepare("SELECT kind, to_mobile, status, body, params FROM outbox WHERE member_pid = ?1 ORDER BY id")
        .bind(member.pid)
        .all<{ kind: string; to_mobile: string; status: string; body: string; params: string | null }>();
    expect((await unsent()).results.map((row) => [row.kind, row.to_mobile, row.status])).toEqual([
      ["interest_received", ownMobile(member.pid), "pending"],
      ["forgot_password_code", ownMobile(member.pid), "pending"],
    ]);

    expect((await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), mobile: "98480 12347" }, staff.headers)).status).toBe(200);
    const [interest, code] = (await unsent()).results;
    // Who is interested in the member is news for the member, not for whoever has the old phone now.
    expect(interest).toMatchObject({ kind: "interest_received", to_mobile: "+919848012347", status: "pending" });
    // The code is closed: its message is never sent, and keeps no code.
    expect(code).toMatchObject({ kind: "forgot_password_code", to_mobile: ownMobile(member.pid), status: "failed", params: null });
    expect(code?.body).not.toMatch(/\d{6}/);
  });

  it("refuses another member's number, naming that profile, and an invalid one", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const other = await createMember();
    const taken = await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), mobile: ownMobile(other.pid) }, staff.headers);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: `This WhatsApp number is already registered to Profile ID ${other.pid}.`,
      fields: { mobile: `Already the WhatsApp number of Profile ID ${other.pid}` },
    });
    const invalid = await sendJson("PUT", `/api/admin/members/${member.pid}/parents`, { ...parentsOf(member.pid), mobile: "12345", fatherName: "" }, staff.headers);
    expect(invalid.status).toBe(400);
    expect((await invalid.json<{ fields: unknown }>()).fields).toEqual({ fatherName: REQUIRED.fatherName, mobile: FORMAT.mobile });
    expect(await env.DB.prepare("SELECT mobile FROM members WHERE pid = ?1").bind(member.pid).first()).toEqual({ mobile: ownMobile(member.pid) });
    expect(await auditOf(member.pid)).toEqual([]);
  });
});

describe("who may correct a member", () => {
  const JSON_PARTS = {
    education: { educationDetails: "BA" },
    profession: { professionType: 5 },
    parents: { ...parentsOf(1), mobile: "9848012345", alternateMobile: "", email: "" },
  } as const;

  it("refuses members' tokens and anonymous callers on every part", async () => {
    const member = await signedInMember();
    for (const headers of [member.headers, {}]) {
      expect((await putPersonal(member.pid, headers, personalForm())).status).toBe(401);
      for (const [part, body] of Object.entries(JSON_PARTS)) {
        expect((await sendJson("PUT", `/api/admin/members/${member.pid}/${part}`, body, headers)).status, part).toBe(401);
      }
    }
    expect(await env.DB.prepare("SELECT education_details, mobile FROM members WHERE pid = ?1").bind(member.pid).first()).toEqual({
      education_details: "",
      mobile: ownMobile(member.pid),
    });
  });

  it("answers 404 for a Profile ID nobody has and 400 for one that is not a number", async () => {
    const staff = await staffSession();
    const unknown = await putPersonal(999_999, staff.headers, personalForm());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "There is no member with this Profile ID.", code: "NOT_FOUND" });
    for (const [part, body] of Object.entries(JSON_PARTS)) {
      expect((await sendJson("PUT", `/api/admin/members/999999/${part}`, body, staff.headers)).status, part).toBe(404);
    }
    expect((await sendJson("PUT", "/api/admin/members/abc/education", JSON_PARTS.education, staff.headers)).status).toBe(400);
  });
});
