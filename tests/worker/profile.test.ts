import { env } from "cloudflare:test";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import type { IssuedLink } from "#shared/admin-types.ts";
import type { OwnRecord, PendingMobile, UserRecord } from "#shared/api-types.ts";
import { NAME_FORMAT } from "#shared/schemas/profile-fields.ts";
import { api, bearer, createMember, postJson, signIn, staffSession } from "./setup/fixtures.ts";
import { parentsForm } from "./setup/parents-form.ts";

// The member's own record and the four saves of the edit-profile screen
// (docs/specification.md § "User record (read)", § "Profile editing",
// § "Member routes (login required)", § "Registration", § "Other rules").

async function memberWithToken(options: Parameters<typeof createMember>[0] = {}) {
  const member = await createMember(options);
  return { ...member, headers: bearer(await signIn(member)) };
}

function putJson(path: string, headers: Record<string, string>, body: unknown) {
  return api(path, { method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

function personalForm(overrides: Record<string, string> = {}, photo?: Uint8Array): FormData {
  const fields = {
    name: "Lakshmi Prasanna",
    surname: "Kommineni",
    dob: "01/01/1980",
    tob: "1:00 PM",
    pob: "Tenali",
    star: "7",
    padham: "4",
    height: "30",
    subcaste: "2",
    religion: "1",
    marriage: "2",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append("photo", new File([photo], "new.jpg", { type: "image/jpeg" }));
  return form;
}

async function record(headers: Record<string, string>, pid: number): Promise<UserRecord> {
  return (await (await api(`/api/users/${pid}`, { headers })).json<{ data: UserRecord }>()).data;
}

describe("GET /api/users/{pid}", () => {
  it("returns the member's own record in the specification's shape", async () => {
    const me = await memberWithToken({ profileType: "LIFE", profilesCount: 50, total: 2, lastViewDate: "2099-03-31" });
    const response = await api(`/api/users/${me.pid}`, { headers: me.headers });
    expect(response.status).toBe(200);
    const data = await record(me.headers, me.pid);
    expect(data).toMatchObject({
      pid: me.pid,
      gender: "F",
      name: "Lakshmi",
      surName: "Kommineni",
      birthDate: "12-04-1996",
      birthTime: "6:30AM",
      birthPlace: "Guntur",
      star: 4,
      padham: 2,
      height: 20,
      marriageTurn: 1,
      nativeCountry: 1,
      hasSiblings: 0,
      mobileNo: `+9190000${me.pid}`,
      profileLimits: { profileType: "LIFE", profilesCount: 50, total: 2, lastViewDate: "2099-03-31" },
    });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });

  it("refuses another member's record and anonymous callers", async () => {
    const me = await memberWithToken();
    const other = await createMember();
    expect((await api(`/api/users/${other.pid}`, { headers: me.headers })).status).toBe(403);
    expect((await api(`/api/users/${me.pid}`)).status).toBe(401);
  });
});

describe("PUT /api/profile_personal_data", () => {
  it("saves the personal details but never gender, dob, tob or height", async () => {
    const me = await memberWithToken();
    const response = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm() });
    expect(response.status).toBe(200);
    const data = (await response.json<{ data: UserRecord }>()).data;
    expect(data).toMatchObject({ name: "Lakshmi Prasanna", birthPlace: "Tenali", star: 7, padham: 4, marriageTurn: 2, subCaste: 2 });
    // Punarvasu padham 4 lies in Karkataka (raasi 4).
    expect(data.raasi).toBe(4);
    expect(data).toMatchObject({ gender: "F", birthDate: "12-04-1996", birthTime: "6:30AM", height: 20 });
  });

  it("replaces the photo and removes the old one with the copies made from it", async () => {
    const me = await memberWithToken();
    await env.PHOTOS.put("photos/old-photo.jpg", new Uint8Array([1]));
    await env.PHOTOS.put("photos/old-photo-blur.jpg", new Uint8Array([1]));
    await env.PHOTOS.put("cards/photos/old-photo.jpg", new Uint8Array([1]));
    await env.PHOTOS.put("og/old-photo-blur.jpg", new Uint8Array([1]));
    await env.DB.prepare("UPDATE members SET photo_key = 'photos/old-photo.jpg', photo_blur_key = 'photos/old-photo-blur.jpg' WHERE pid = ?1").bind(me.pid).run();
    const photo = new Uint8Array(jpeg.encode({ data: new Uint8Array(40 * 50 * 4).fill(90), width: 40, height: 50 }, 80).data);

    const response = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm({}, photo) });
    expect(response.status).toBe(200);
    const key = (await response.json<{ data: UserRecord }>()).data.s3PhotoKey;
    expect(key).not.toBe("photos/old-photo.jpg");
    expect(await env.PHOTOS.head(key ?? "")).not.toBeNull();
    expect(await env.PHOTOS.head("photos/old-photo.jpg")).toBeNull();
    expect(await env.PHOTOS.head("photos/old-photo-blur.jpg")).toBeNull();
    expect(await env.PHOTOS.head("cards/photos/old-photo.jpg")).toBeNull();
    expect(await env.PHOTOS.head("og/old-photo-blur.jpg")).toBeNull();
  });

  it("keeps the old photo when the new one is refused", async () => {
    const me = await memberWithToken();
    await env.DB.prepare("UPDATE members SET photo_key = 'photos/kept.jpg', photo_blur_key = 'photos/kept-blur.jpg' WHERE pid = ?1").bind(me.pid).run();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm({ name: "Changed" }, png) });
    expect(response.status).toBe(415);
    const data = await record(me.headers, me.pid);
    expect(data).toMatchObject({ s3PhotoKey: "photos/kept.jpg", name: "Lakshmi" });
  });

  it("answers the required messages", async () => {
    const me = await memberWithToken();
    const response = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm({ name: "", star: "" }) });
    expect(response.status).toBe(400);
    expect((await response.json<{ fields: unknown }>()).fields).toEqual({ name: "Name Required *", star: "Select Star Required *" });
  });

  it("refuses a name with a line break, a link or markup, keeps the stored one, and saves a Telugu name (ADR 0025)", async () => {
    const me = await memberWithToken();
    const refused = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm({ name: "Lakshmi\n*Renew* at evil.in", surname: "Dr.Rao" }) });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ fields: unknown }>()).fields).toEqual({ name: NAME_FORMAT.characters, surname: NAME_FORMAT.fullStop });
    expect(await record(me.headers, me.pid)).toMatchObject({ name: "Lakshmi", surName: "Kommineni" });
    const saved = await api("/api/profile_personal_data", { method: "PUT", headers: me.headers, body: personalForm({ name: "లక్ష్మీ ప్రసన్న", surname: "K.V. Rao" }) });
    expect(saved.status).toBe(200);
    expect(await record(me.headers, me.pid)).toMatchObject({ name: "లక్ష్మీ ప్రసన్న", surName: "K.V. Rao" });
  });
});

describe("PUT /api/profile_education_data, profile_professional_data, profile_parents_data", () => {
  it("saves education", async () => {
    const me = await memberWithToken();
    const response = await putJson("/api/profile_education_data", me.headers, { basicEducation: 5, education: 1, educationDetails: "B.Tech, JNTU" });
    expect(response.status).toBe(200);
    expect((await response.json<{ data: UserRecord }>()).data).toMatchObject({ basicEducation: 5, education: 1, educationDetails: "B.Tech, JNTU" });
  });

  it("saves work abroad and drops the details that only apply in India", async () => {
    const me = await memberWithToken();
    const response = await putJson("/api/profile_professional_data", me.headers, {
      professionType: 1,
      workingIn: 2,
      workingCity: 3,
      incomePerYear: 9,
      workingCountry: 2,
      abroadWorkingCity: "Dallas",
      denomination: "USD",
      workVisa: 3,
      professionDetails: "Data engineer",
    });
    expect((await response.json<{ data: UserRecord }>()).data).toMatchObject({
      professionType: 1,
      workingIn: 2,
      workingCity: null,
      incomePerYear: null,
      workingCountry: 2,
      abroadWorkingCity: "Dallas",
      workVisa: 3,
      denomination: "USD",
    });
  });

  it("clears the working details for profession type 5 and requires details otherwise", async () => {
    const me = await memberWithToken();
    const notWorking = await putJson("/api/profile_professional_data", me.headers, { professionType: 5, workingIn: 1, incomePerYear: 4, professionDetails: "" });
    expect((await notWorking.json<{ data: UserRecord }>()).data).toMatchObject({ professionType: 5, workingIn: null, incomePerYear: null, professionDetails: "" });
    const missing = await putJson("/api/profile_professional_data", me.headers, { professionType: 2, professionDetails: "" });
    expect((await missing.json<{ fields: unknown }>()).fields).toEqual({ professionDetails: "Profession Details Required *" });
  });

  it("saves parents and contact; a new WhatsApp number waits for the code sent to it", async () => {
    const me = await memberWithToken();
    const own = `+9190000${String(me.pid).padStart(5, "0")}`;
    const saved = await putJson("/api/profile_parents_data", me.headers, parentsForm({ mobile: "+91 90000 00001" }));
    expect(saved.status).toBe(200);
    const record = (await saved.json<{ data: OwnRecord }>()).data;
    // Everything else is saved; the number stays the confirmed one until the code comes back.
    expect(record).toMatchObject({ fatherName: "Venkateswarlu", nativeState: 2, mobileNo: own, alternateMobileNo: null, email: null });
    expect(record.pendingMobile).toMatchObject({ mobile: "+919000000001", code: { byAgency: true, validMinutes: 4320 } });
    const message = await env.DB.prepare("SELECT to_mobile, kind, body FROM outbox WHERE member_pid = ?1 ORDER BY id DESC").bind(me.pid).first<Record<string, string>>();
    expect(message).toMatchObject({ to_mobile: "+919000000001", kind: "mobile_code" });
    const code = /(\d{6}) is your code to confirm this WhatsApp number/.exec(message?.body ?? "")?.[1] ?? "";

    const wrong = await postJson("/api/users/confirm_mobile", { code: code === "000000" ? "111111" : "000000" }, me.headers);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_CODE", error: "That code is not right. You can try 4 more times." });
    const confirmed = await postJson("/api/users/confirm_mobile", { code }, me.headers);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json<{ data: OwnRecord }>()).data).toMatchObject({ mobileNo: "+919000000001", pendingMobile: null });
  });

  it("closes a password code sent to the old number once the new number is confirmed", async () => {
    const me = await memberWithToken();
    const own = `+9190000${String(me.pid).padStart(5, "0")}`;
    expect((await postJson("/api/users/password_reset", { pid: me.pid, mobile: own })).status).toBe(200);
    await putJson("/api/profile_parents_data", me.headers, parentsForm({ mobile: "+91 90000 00003" }));
    const bodies = await env.DB.prepare("SELECT kind, body FROM outbox WHERE member_pid = ?1").bind(me.pid).all<{ kind: string; body: string }>();
    const codeOf = (kind: string) => /(\d{6}) is your code/.exec(bodies.results.find((row) => row.kind === kind)?.body ?? "")?.[1] ?? "";
    expect((await postJson("/api/users/confirm_mobile", { code: codeOf("mobile_code") }, me.headers)).status).toBe(200);
    // Whoever holds the old phone no longer sets the password with the code it received.
    const late = await postJson("/api/users/password_reset/confirm", { pid: me.pid, code: codeOf("forgot_password_code"), password: "Old-phone-pass-1" });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_CODE", error: "This code has expired or was already used. Please ask for a new code." });
  });

  it("sends the messages still waiting for the old number to the new one once it is confirmed", async () => {
    const me = await memberWithToken();
    const groom = await memberWithToken({ gender: "M" });
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: me.pid }, groom.headers)).status).toBe(200);
    await putJson("/api/profile_parents_data", me.headers, parentsForm({ mobile: "+91 90000 00004" }));
    const code = await env.DB.prepare("SELECT body FROM outbox WHERE member_pid = ?1 AND kind = 'mobile_code'").bind(me.pid).first<{ body: string }>();
    expect((await postJson("/api/users/confirm_mobile", { code: /(\d{6}) is your code/.exec(code?.body ?? "")?.[1] ?? "" }, me.headers)).status).toBe(200);
    const interest = await env.DB.prepare("SELECT to_mobile, status FROM outbox WHERE member_pid = ?1 AND kind = 'interest_received'").bind(me.pid).first();
    expect(interest).toEqual({ to_mobile: "+919000000004", status: "pending" });
  });

  it("revokes the one-tap links sent to the old number once the new number is confirmed", async () => {
    const me = await memberWithToken();
    const staff = await staffSession();
    const issued = await (await postJson(`/api/admin/members/${me.pid}/links`, { kind: "profile" }, staff.headers)).json<{ data: IssuedLink }>();
    const link = new URL(issued.data.url).searchParams.get("link");
    await putJson("/api/profile_parents_data", me.headers, parentsForm({ mobile: "+91 90000 00005" }));
    const code = await env.DB.prepare("SELECT body FROM outbox WHERE member_pid = ?1 AND kind = 'mobile_code'").bind(me.pid).first<{ body: string }>();
    expect((await postJson("/api/users/confirm_mobile", { code: /(\d{6}) is your code/.exec(code?.body ?? "")?.[1] ?? "" }, me.headers)).status).toBe(200);
    // Whoever keeps the old phone cannot sign in with the links in its chats; the member stays signed in here.
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).toBe(400);
    expect((await api("/api/users/current", { headers: me.headers })).status).toBe(200);
  });

  it("answers another member's WhatsApp number exactly like a free one, and says it is taken only to whoever holds that phone (ADR 0026)", async () => {
    const asking = async (mobile: string) => {
      const me = await memberWithToken();
      const response = await putJson("/api/profile_parents_data", me.headers, parentsForm({ mobile }));
      expect(response.status, mobile).toBe(200);
      const { pendingMobile } = (await response.json<{ data: OwnRecord }>()).data;
      return { me, pendingMobile };
    };
    const other = await createMember();
    const takenNumber = `+9190000${String(other.pid).padStart(5, "0")}`;
    const taken = await asking(takenNumber);
    const free = await asking("+919000000002");
    const shape = (pending: PendingMobile | null) => ({ ...pending, mobile: "", expiresAt: "" });
    expect(taken.pendingMobile?.mobile).toBe(takenNumber);
    expect(shape(taken.pendingMobile)).toEqual(shape(free.pendingMobile));

    const message = await env.DB.prepare("SELECT body FROM outbox WHERE member_pid = ?1 AND kind = 'mobile_code'").bind(taken.me.pid).first<{ body: string }>();
    const code = /(\d{6}) is your code/.exec(message?.body ?? "")?.[1] ?? "";
    const confirmed = await postJson("/api/users/confirm_mobile", { code }, taken.me.headers);
    expect(confirmed.status).toBe(409);
    expect(await confirmed.json()).toMatchObject({ code: "CONFLICT", fields: { code: "This WhatsApp number is already registered" } });
    expect(await record(taken.me.headers, taken.me.pid)).toMatchObject({ mobileNo: `+9190000${String(taken.me.pid).padStart(5, "0")}` });
  });

  it("refuses parents' names that are not names, and saves nothing of the tab", async () => {
    const me = await memberWithToken();
    const body = parentsForm({ fatherName: "Venkateswarlu 2", motherName: "https://evil.example", mobile: `+9190000${String(me.pid).padStart(5, "0")}` });
    const refused = await putJson("/api/profile_parents_data", me.headers, body);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ fields: unknown }>()).fields).toEqual({ fatherName: NAME_FORMAT.characters, motherName: NAME_FORMAT.characters });
    expect(await record(me.headers, me.pid)).toMatchObject({ fatherName: "Venkata Rao", motherName: "Sarada", residingCity: null });
  });

  it('counts codes to a number typed in Edit profile apart: they do not hold back its owner\'s "Forgot password?" code', async () => {
    const owner = await createMember();
    const ownersNumber = `+9190000${String(owner.pid).padStart(5, "0")}`;
    const askFor = async () => {
      const other = await memberWithToken();
      const response = await putJson("/api/profile_parents_data", other.headers, parentsForm({ mobile: ownersNumber }));
      // Each code as if sent two minutes before the next, past the minute between two codes.
      await env.DB.prepare("UPDATE one_time_codes SET created_at = ?2 WHERE mobile = ?1")
        .bind(ownersNumber, new Date(Date.now() - 120_000).toISOString())
        .run();
      return response.status;
    };
    // Three an hour to one number, as for every code; the fourth is refused.
    expect([await askFor(), await askFor(), await askFor(), await askFor()]).toEqual([200, 200, 200, 429]);
    expect((await postJson("/api/users/password_reset", { pid: owner.pid, mobile: ownersNumber })).status).toBe(200);
    const sent = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1 AND kind = 'forgot_password_code'").bind(owner.pid).first();
    expect(sent).toEqual({ n: 1 });
  });

  it("drops a number change when the member saves their own number again", async () => {
    const me = await memberWithToken();
    const own = `+9190000${String(me.pid).padStart(5, "0")}`;
    const body = parentsForm({ mobile: "9000012345" });
    expect((await (await putJson("/api/profile_parents_data", me.headers, body)).json<{ data: OwnRecord }>()).data.pendingMobile?.mobile).toBe("+919000012345");
    // Saved again unchanged: no second code.
    await putJson("/api/profile_parents_data", me.headers, body);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM one_time_codes WHERE member_pid = ?1").bind(me.pid).first()).toEqual({ n: 1 });
    const back = await putJson("/api/profile_parents_data", me.headers, { ...body, mobile: own });
    expect((await back.json<{ data: OwnRecord }>()).data).toMatchObject({ mobileNo: own, pendingMobile: null });
  });

  it("refuses JSON saves without a token and without JSON", async () => {
    for (const path of ["/api/profile_education_data", "/api/profile_professional_data", "/api/profile_parents_data", "/api/profile_personal_data"]) {
      expect((await putJson(path, {}, {})).status).toBe(401);
    }
    const me = await memberWithToken();
    expect((await api("/api/profile_education_data", { method: "PUT", headers: me.headers, body: "x" })).status).toBe(415);
  });
});
