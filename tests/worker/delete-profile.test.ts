import { env } from "cloudflare:test";
import { te } from "#shared/i18n/te.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MemberListItem, MemberListPage, ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { todayIn } from "#shared/dates.ts";
import { api, bearer, createInterest, createMember, postJson, sendJson, signIn, signedInMember, smallJpeg, staffSession, webhookSignature } from "./setup/fixtures.ts";

// "Delete my profile" (ADR 0034): confirmed with the password or a WhatsApp
// code, or by staff on the member's request. The profile leaves every list,
// search and link page at once, its sessions, links, codes and waiting
// messages end, and other members' lists say "Profile removed".

type Member = Awaited<ReturnType<typeof signedInMember>>;

const inDays = (days: number) => todayIn("Asia/Kolkata", new Date(Date.now() + days * 86_400_000));

async function deleteWithPassword(member: Member): Promise<Response> {
  return postJson("/api/users/delete_profile", { password: member.password }, member.headers);
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json<{ data: T }>()).data;
}

/** The code of the member's latest delete_profile_code message, as the outbox holds it until it is sent. */
async function latestDeleteCode(pid: number): Promise<string> {
  const row = await env.DB.prepare("SELECT params FROM outbox WHERE member_pid = ?1 AND kind = 'delete_profile_code' ORDER BY id DESC LIMIT 1")
    .bind(pid)
    .first<{ params: string }>();
  const code = (JSON.parse(row?.params ?? "{}") as { body?: string[] }).body?.[0];
  if (!code) throw new Error("no code was queued");
  return code;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/users/delete_profile", () => {
  it("deletes with the right password: erased in ERASURE_AFTER_DAYS, signed out everywhere, sign-in refused with the reason", async () => {
    const member = await signedInMember({ gender: "F" });
    const other = bearer(await signIn(member));
    const response = await deleteWithPassword(member);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { erasedOn: inDays(7) } });
    for (const headers of [member.headers, other]) expect((await api("/api/users/current", { headers })).status).toBe(401);
    const row = await env.DB.prepare("SELECT active, deleted_at IS NOT NULL AS deleted, erase_after FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toMatchObject({ active: 0, deleted: 1 });
    const signIn2 = await postJson("/api/users/sign_in", { pid: member.pid, password: member.password });
    expect(signIn2.status).toBe(400);
    const refusal = await signIn2.json<{ error: string; code: string }>();
    expect(refusal.code).toBe("SIGN_IN_FAILED");
    expect(refusal.error).toMatch(/deleted at your request\. Its data is erased on \d\d-\d\d-\d{4}/);
  });

  it("refuses a wrong password with a message on the field, deletes nothing, and counts it like a sign-in", async () => {
    const member = await signedInMember();
    const response = await postJson("/api/users/delete_profile", { password: "not-the-password" }, member.headers);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The password is not right.", code: "VALIDATION_FAILED", fields: { password: "The password is not right." } });
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);
    const failures = await env.DB.prepare("SELECT SUM(failures) AS n FROM sign_in_failures WHERE pid = ?1").bind(member.pid).first<{ n: number }>();
    expect(failures?.n).toBeGreaterThan(0);
  });

  it("deletes nothing with a password that a reset replaced while it was being checked", async () => {
    const member = await signedInMember();
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    // The member resets the password on their phone while someone who knew the old one asks for the deletion.
    vi.spyOn(crypto.subtle, "deriveBits").mockImplementationOnce(async (...args) => {
      await env.DB.prepare("UPDATE members SET password_hash = 'pbkdf2$replaced' WHERE pid = ?1").bind(member.pid).run();
      return derive(...args);
    });
    const response = await deleteWithPassword(member);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { password: "The password is not right." } });
    expect(await env.DB.prepare("SELECT active, deleted_at FROM members WHERE pid = ?1").bind(member.pid).first()).toEqual({ active: 1, deleted_at: null });
    // Nor is anything of a deletion done without it: the member stays signed in.
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);
  });

  it("asks for exactly one of the password and the code", async () => {
    const member = await signedInMember();
    for (const body of [{}, { password: member.password, code: "123456" }]) {
      const response = await postJson("/api/users/delete_profile", body, member.headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { password: "Confirm with your password or with the code sent to your WhatsApp" } });
    }
    expect((await postJson("/api/users/delete_profile", { password: member.password })).status).toBe(401);
  });

  it("deletes with a WhatsApp code of its own purpose; a wrong code says how many tries are left", async () => {
    const member = await signedInMember();
    const sent = await postJson("/api/users/delete_profile/code", {}, member.headers);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ data: { sent: true, byAgency: true, validMinutes: 4320 } });
    // A second code within the minute is refused, in the member's language, with when to ask again.
    const again = await postJson("/api/users/delete_profile/code", {}, { ...member.headers, "Accept-Language": "te" });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await again.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", error: te["server.tooManyDeleteCodes"] });
    const code = await latestDeleteCode(member.pid);
    const body = await env.DB.prepare("SELECT body FROM outbox WHERE member_pid = ?1 AND kind = 'delete_profile_code'").bind(member.pid).first<{ body: string }>();
    expect(body?.body).toContain(`is your code to delete Profile ID ${member.pid}`);
    const wrong = await postJson("/api/users/delete_profile", { code: code === "000000" ? "111111" : "000000" }, member.headers);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_CODE", error: "That code is not right. You can try 4 more times." });
    // A code for another purpose does not delete.
    const right = await postJson("/api/users/delete_profile", { code }, member.headers);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ data: { erasedOn: inDays(7) } });
  });

  it("does not take a password-reset code as a deletion code", async () => {
    const member = await signedInMember();
    await postJson("/api/users/password_reset", { pid: member.pid, mobile: `+9190000${String(member.pid).padStart(5, "0")}` });
    const response = await postJson("/api/users/delete_profile", { code: "123456" }, member.headers);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_CODE", error: "This code has expired or was already used. Please ask for a new code." });
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);
  });

  it("ends links, codes and the messages waiting to go to the member or about them", async () => {
    const bride = await signedInMember({ gender: "F" });
    const groom = await signedInMember({ gender: "M" });
    // The groom's request: an alert about him waits for the bride, with her one-tap link.
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).status).toBe(200);
    await postJson("/api/users/delete_profile/code", {}, groom.headers);
    expect((await deleteWithPassword(groom)).status).toBe(200);
    const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending' AND (member_pid = ?1 OR (kind = 'interest_received' AND member_pid = ?2))")
      .bind(groom.pid, bride.pid)
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
    const cancelled = await env.DB.prepare("SELECT last_error, params FROM outbox WHERE member_pid = ?1 AND kind = 'interest_received'").bind(bride.pid).first();
    expect(cancelled).toEqual({ last_error: "Not sent: the profile was deleted.", params: null });
    const live = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM link_tokens WHERE (member_pid = ?1 OR target_pid = ?1) AND revoked_at IS NULL)
            + (SELECT COUNT(*) FROM one_time_codes WHERE member_pid = ?1 AND closed_at IS NULL) AS n`,
    )
      .bind(groom.pid)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
  });

  it("closes the failed messages to or about the member, and drops the parameters of sent ones, so that none can go again", async () => {
    const staff = await staffSession();
    const bride = await signedInMember({ gender: "F" });
    const sister = await signedInMember({ gender: "F" });
    const groom = await signedInMember({ gender: "M" });
    // His request to the bride: its alert failed (131026) and still holds her one-tap link.
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).status).toBe(200);
    await env.DB.prepare("UPDATE outbox SET status = 'failed', attempts = 1, error_code = 131026, failed_at = ?2 WHERE member_pid = ?1 AND kind = 'interest_received'")
      .bind(bride.pid, new Date().toISOString())
      .run();
    // His request to her sister went as text inside her window, without a receipt yet.
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: sister.pid }, groom.headers)).status).toBe(200);
    const wamid = `wamid.deleted-${groom.pid}`;
    await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_as = 'text', provider_message_id = ?2, sent_at = ?3 WHERE member_pid = ?1 AND kind = 'interest_received'")
      .bind(sister.pid, wamid, new Date().toISOString())
      .run();
    // A sign-in link staff sent him, which failed.
    expect((await postJson(`/api/admin/members/${groom.pid}/links`, { kind: "profile" }, staff.headers)).status).toBe(200);
    await env.DB.prepare("UPDATE outbox SET status = 'failed', failed_at = ?2 WHERE member_pid = ?1 AND kind = 'link'").bind(groom.pid, new Date().toISOString()).run();

    expect((await deleteWithPassword(groom)).status).toBe(200);

    const messages = await env.DB.prepare(
      "SELECT id, member_pid, status, params, last_error, expires_at IS NOT NULL AS expired FROM outbox WHERE member_pid IN (?1, ?2, ?3) AND kind <> 'delete_profile_code'",
    )
      .bind(bride.pid, sister.pid, groom.pid)
      .all<{ id: number; member_pid: number; status: string; params: string | null; last_error: string | null; expired: number }>();
    const toBride = messages.results.find((message) => message.member_pid === bride.pid);
    const toSister = messages.results.find((message) => message.member_pid === sister.pid);
    const toHim = messages.results.filter((message) => message.member_pid === groom.pid);
    expect(toHim).toHaveLength(1);
    for (const closed of [toBride, ...toHim]) expect(closed).toMatchObject({ status: "failed", params: null, last_error: "Not sent: the profile was deleted.", expired: 1 });
    expect(toSister).toMatchObject({ status: "sent", params: null });
    for (const closed of [toBride, ...toHim]) {
      for (const action of ["retry", "open", "sent_by_hand"]) expect((await postJson(`/api/admin/outbox/${closed?.id}/${action}`, {}, staff.headers)).status).toBe(409);
    }

    // WhatsApp then reports the text to the sister undelivered, her window closed (131047): it does not go again as the template.
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                statuses: [
                  {
                    id: wamid,
                    recipient_id: "919000000000",
                    status: "failed",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    errors: [{ code: 131047, title: "Re-engagement message" }],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const receipt = await api("/api/whatsapp/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await webhookSignature(body) },
      body,
    });
    expect(receipt.status).toBe(200);
    expect(await env.DB.prepare("SELECT status, params FROM outbox WHERE id = ?1").bind(toSister?.id).first()).toEqual({ status: "failed", params: null });
  });

  it("answers 409 for a profile deleted already", async () => {
    const staff = await staffSession();
    const member = await createMember();
    expect((await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, {}, staff.headers)).status).toBe(200);
    const again = await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, {}, staff.headers);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "CONFLICT", error: expect.stringMatching(/was deleted at the member's request and is erased on/) });
    const reactivate = await sendJson("PUT", `/api/admin/members/${member.pid}/status`, { active: true }, staff.headers);
    expect(reactivate.status).toBe(409);
  });
});

describe("POST /api/admin/members/{pid}/delete_profile", () => {
  it("deletes on the member's request, audit-logged, and closes the erasure request it answers", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const request = await env.DB.prepare(
      "INSERT INTO data_requests (pid, kind, details, received_at, due_on) VALUES (?1, 'erasure', 'Please delete my profile', ?2, '2099-01-01') RETURNING id",
    )
      .bind(member.pid, new Date().toISOString())
      .first<{ id: number }>();
    const response = await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, { requestId: request?.id }, staff.headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { erasedOn: inDays(7) } });
    const audit = await env.DB.prepare("SELECT staff_id, after_json FROM audit_log WHERE action = 'delete_profile' AND target = ?1")
      .bind(String(member.pid))
      .first<{ staff_id: number; after_json: string }>();
    expect(audit?.staff_id).toBe(staff.id);
    expect(JSON.parse(audit?.after_json ?? "null")).toEqual({ requestId: request?.id, erasedOn: inDays(7) });
    const closed = await env.DB.prepare("SELECT status, outcome FROM data_requests WHERE id = ?1").bind(request?.id).first<{ status: string; outcome: string }>();
    expect(closed?.status).toBe("closed");
    expect(closed?.outcome).toMatch(/^Profile deleted at once; its data is erased on \d\d-\d\d-\d{4}\.$/);
  });

  it("refuses a request that is not an open erasure request of this member, deleting nothing", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const other = await createMember();
    const insert = (pid: number, kind: string) =>
      env.DB.prepare("INSERT INTO data_requests (pid, kind, details, received_at, due_on) VALUES (?1, ?2, 'x', ?3, '2099-01-01') RETURNING id")
        .bind(pid, kind, new Date().toISOString())
        .first<{ id: number }>();
    const grievance = await insert(member.pid, "grievance");
    const someoneElse = await insert(other.pid, "erasure");
    for (const requestId of [grievance?.id, someoneElse?.id]) {
      const response = await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, { requestId }, staff.headers);
      expect(response.status).toBe(409);
    }
    expect((await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, { requestId: 999_999 }, staff.headers)).status).toBe(404);
    expect((await sendJson("POST", "/api/admin/members/999999/delete_profile", {}, staff.headers)).status).toBe(404);
    const row = await env.DB.prepare("SELECT active, deleted_at FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ active: 1, deleted_at: null });
  });

  it("is for staff only", async () => {
    const member = await signedInMember();
    expect((await sendJson("POST", `/api/admin/members/${member.pid}/delete_profile`, {}, member.headers)).status).toBe(401);
  });
});

describe("a deleted profile leaves every list and page at once", () => {
  it("is gone from searches, cards, full profiles, link pages and public lists; other members' own lists say removed", async () => {
    const bride = await signedInMember({ gender: "F", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
    const groom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, smallJpeg());
    // A height nobody else has, so that a detailed search finds her alone.
    await env.DB.prepare("UPDATE members SET height_id = 36, public_profile = 'PUBLIC' WHERE pid = ?1").bind(bride.pid).run();
    await env.DB.prepare("INSERT INTO consents (member_pid, notice_version, notice_at, public_list) VALUES (?1, 'v', ?2, 1) ON CONFLICT (member_pid) DO UPDATE SET public_list = 1")
      .bind(bride.pid, new Date().toISOString())
      .run();
    const list = await env.DB.prepare("INSERT INTO public_lists (list_date, is_week) VALUES ('2031-03-04', 0) RETURNING id").first<{ id: number }>();
    await env.DB.prepare("INSERT INTO public_list_profiles (list_id, pid) VALUES (?1, ?2)").bind(list?.id, bride.pid).run();
    // Recommended to another groom, who has not asked about her.
    const recommendedTo = await signedInMember({ gender: "M" });
    await env.DB.prepare("INSERT INTO recommendations (member_pid, recommended_pid) VALUES (?1, ?2)").bind(recommendedTo.pid, bride.pid).run();
    const recommendations = async () => json<MemberListItem[]>(await api("/api/recommended_profiles", { headers: recommendedTo.headers }));
    expect((await recommendations()).map((item) => item.pid)).toEqual([bride.pid]);
    await createInterest(bride.pid, groom.pid, "pending");
    await createInterest(groom.pid, bride.pid, "approved");
    expect((await postJson("/api/view_profile", { pid: bride.pid }, groom.headers)).status).toBe(200);

    const paths = {
      simple: "/api/Simple_Search_Profiles?order=new",
      detailed: "/api/eloborate_profile?heightMin=36&heightMax=36",
      matching: "/api/matching_profiles",
      card: `/api/single_user_profile/${bride.pid}`,
      full: `/api/users/${bride.pid}?normalized=true`,
      whatsappProfile: `/api/whatsapp_profile?pid=${bride.pid}`,
      whatsappSent: "/api/whatsapp/profiles_sent",
      notSent: "/api/whatsapp/profiles_not_sent",
      teaser: `/api/profile_teaser/${bride.pid}`,
      publicList: "/api/whatsapp/public_profiles/2031-03-04",
      preview: `/og/profile/${bride.pid}.jpg`,
    };
    // Profiles not asked about: seen by the groom she was recommended to, who has not asked.
    const read = async (path: string) => {
      const response = await api(path, { headers: path === paths.notSent ? recommendedTo.headers : groom.headers });
      return { status: response.status, text: await response.text() };
    };
    const shows = (answer: { status: number; text: string }) => answer.status === 200 && answer.text.includes(`"pid":${bride.pid}`);

    const before = Object.fromEntries(await Promise.all(Object.entries(paths).map(async ([name, path]) => [name, await read(path)] as const)));
    for (const name of ["simple", "detailed", "matching", "card", "full", "whatsappProfile", "whatsappSent", "notSent", "teaser", "publicList"] as const) {
      expect(shows(before[name]!), name).toBe(true);
    }
    expect(before.preview?.status).toBe(200);

    expect((await deleteWithPassword(bride)).status).toBe(200);

    for (const name of ["simple", "detailed", "matching", "whatsappSent", "notSent", "publicList"] as const) {
      const answer = await read(paths[name]);
      expect(answer.status, name).toBe(200);
      expect(answer.text, name).not.toContain(`"pid":${bride.pid}`);
    }
    for (const name of ["card", "full", "whatsappProfile", "teaser", "preview"] as const) expect((await read(paths[name])).status, name).toBe(404);
    expect((await postJson("/api/view_profile", { pid: bride.pid }, groom.headers)).status).not.toBe(200);
    const interest = await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers);
    expect(interest.status).not.toBe(200);

    const removed: MemberListItem = { pid: bride.pid, removed: true };
    for (const status of ["V", "F"]) {
      const page = await json<MemberListPage>(await api(`/api/profile_visits?pid=${groom.pid}&p_status=${status}`, { headers: groom.headers }));
      expect(page.profiles, status).toEqual([removed]);
      expect(page.pageCount).toBe(1);
    }
    expect(await recommendations()).toEqual([removed]);
  });

  it("leaves the viewer's other cards alone", async () => {
    const groom = await signedInMember({ gender: "M" });
    const kept = await createMember({ gender: "F" });
    const gone = await signedInMember({ gender: "F" });
    await createInterest(kept.pid, groom.pid);
    await createInterest(gone.pid, groom.pid);
    expect((await deleteWithPassword(gone)).status).toBe(200);
    const page = await json<ProfilePage>(await api(`/api/profile_visits?pid=${groom.pid}&p_status=V`, { headers: groom.headers }));
    const cards = page.profiles as (ProfileCard | { pid: number; removed: true })[];
    expect(cards.map((card) => ("removed" in card ? `removed ${card.pid}` : `card ${card.pid}`)).sort()).toEqual([`card ${kept.pid}`, `removed ${gone.pid}`].sort());
  });
});

describe("races with a deletion", () => {
  it("an interest sent while the owner deletes either lands before (and is listed as removed) or not at all, and alerts nobody", async () => {
    const bride = await signedInMember({ gender: "F" });
    const grooms = await Promise.all(Array.from({ length: 4 }, () => signedInMember({ gender: "M" })));
    const [deleted, ...sends] = await Promise.all([
      deleteWithPassword(bride),
      ...grooms.map((groom) => postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)),
    ]);
    expect(deleted?.status).toBe(200);
    for (const send of sends) expect([200, 404, 409]).toContain(send.status);
    const alerts = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1 AND status = 'pending'").bind(bride.pid).first<{ n: number }>();
    expect(alerts?.n).toBe(0);
    // After the deletion no request can open.
    const late = await postJson("/api/send_interest", { fpid: grooms[0]!.pid, tpid: bride.pid }, grooms[0]!.headers);
    expect([404, 409]).toContain(late.status);
  });

  it("a view confirmed while the owner deletes never shows the full profile afterwards", async () => {
    const bride = await signedInMember({ gender: "F" });
    const groom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
    await createInterest(groom.pid, bride.pid, "approved");
    const [view, deleted] = await Promise.all([postJson("/api/view_profile", { pid: bride.pid }, groom.headers), deleteWithPassword(bride)]);
    expect(deleted.status).toBe(200);
    expect([200, 403, 404]).toContain(view.status);
    expect((await api(`/api/users/${bride.pid}?normalized=true`, { headers: groom.headers })).status).toBe(404);
    expect((await postJson("/api/view_profile", { pid: bride.pid }, groom.headers)).status).not.toBe(200);
  });
});
