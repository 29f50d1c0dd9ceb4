import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PublicCard, PublicTemplate } from "#shared/api-types.ts";
import { api, createMember, signedInMember } from "./setup/fixtures.ts";

// The public page's data: a published day's or week's list, its messages,
// and only what a stranger may see (docs/specification.md
// § "WhatsApp and public", § "Anonymous routes", § "6. Roles and permissions").

async function publishedList(date: string, isWeek: boolean, entries: { pid: number; publicProfile: "PAID" | "PUBLIC" | "MEMBERS" }[]) {
  const template = await env.DB.prepare("INSERT INTO public_templates (name) VALUES ('Diwali') RETURNING id").first<{ id: number }>();
  await env.DB.prepare("INSERT INTO public_messages (template_id, position, message_content) VALUES (?1, 1, '*New profiles* every _week_'), (?1, 2, 'Call ~now~ today')")
    .bind(template?.id)
    .run();
  const list = await env.DB.prepare("INSERT INTO public_lists (list_date, is_week, template_id) VALUES (?1, ?2, ?3) RETURNING id")
    .bind(date, isWeek ? 1 : 0, template?.id)
    .first<{ id: number }>();
  for (const [position, entry] of entries.entries()) {
    await env.DB.prepare("UPDATE members SET public_profile = ?2 WHERE pid = ?1").bind(entry.pid, entry.publicProfile).run();
    await env.DB.prepare("INSERT INTO public_list_profiles (list_id, pid, position) VALUES (?1, ?2, ?3)").bind(list?.id, entry.pid, position).run();
  }
}

describe("GET /api/whatsapp/public_profiles/{date}", () => {
  it("lists a day's published profiles with the phone only for those free to the public, photos blurred", async () => {
    const [free, paid, members] = [
      await createMember({ gender: "F" }),
      await createMember({ gender: "F", profileType: "LIFE", profilesCount: 3, lastViewDate: "2099-01-01" }),
      await createMember({ gender: "M" }),
    ];
    await publishedList("2026-11-20", false, [
      { pid: free.pid, publicProfile: "PUBLIC" },
      { pid: paid.pid, publicProfile: "PAID" },
      { pid: members.pid, publicProfile: "MEMBERS" },
    ]);
    const response = await api("/api/whatsapp/public_profiles/2026-11-20");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    const cards = (await response.json<{ data: PublicCard[] }>()).data;
    expect(cards.map((c) => [c.pid, c.publicProfile, c.phone, c.paid])).toEqual([
      [free.pid, "PUBLIC", `+9190000${free.pid}`, false],
      [paid.pid, "PAID", null, true],
      [members.pid, "MEMBERS", null, false],
    ]);
    expect(cards[0]).toMatchObject({ surname: "Kommineni", star: "Rohini", starTe: "రోహిణి", birthDate: "12-04-1996", photoUrl: `/images/photos/full-${free.pid}-blur.jpg` });
    const body = JSON.stringify(cards);
    for (const secret of [`+9190000${paid.pid}`, `+9190000${members.pid}`, "@example.com", "Brodipet"]) expect(body).not.toContain(secret);
  });

  it("shows a photo only when its owner shows it to all, and leaves out alternate numbers and unpublished or inactive profiles", async () => {
    const [shown, blurred, unpublished, inactive] = [
      await createMember({ gender: "F", showPhoto: 2 }),
      await createMember({ gender: "F" }),
      await createMember({ gender: "M" }),
      await createMember({ gender: "M", active: false }),
    ];
    await publishedList(
      "2026-11-21",
      false,
      [shown, blurred, unpublished, inactive].map((m) => ({ pid: m.pid, publicProfile: "PUBLIC" as const })),
    );
    // The owner took the profile off public pages after the list was published.
    await env.DB.prepare("UPDATE members SET public_profile = NULL WHERE pid = ?1").bind(unpublished.pid).run();
    const response = await api("/api/whatsapp/public_profiles/2026-11-21");
    const cards = (await response.json<{ data: PublicCard[] }>()).data;
    expect(cards.map((c) => [c.pid, c.photoUrl, c.photoCardUrl, c.photoVisible])).toEqual([
      [shown.pid, `/images/photos/full-${shown.pid}.jpg`, `/images/cards/photos/full-${shown.pid}.jpg`, true],
      [blurred.pid, `/images/photos/full-${blurred.pid}-blur.jpg`, `/images/photos/full-${blurred.pid}-blur.jpg`, false],
    ]);
    const body = JSON.stringify(cards);
    for (const pid of [shown.pid, blurred.pid, unpublished.pid, inactive.pid]) expect(body).not.toContain(`+9180000${pid}`);
    for (const pid of [unpublished.pid, inactive.pid]) expect(body).not.toContain(`+9190000${pid}`);
  });

  it("serves a week's list with week=true and its messages, and answers unknown dates clearly", async () => {
    const member = await createMember({ gender: "F" });
    await publishedList("2026-11-16", true, [{ pid: member.pid, publicProfile: "MEMBERS" }]);
    expect((await (await api("/api/whatsapp/public_profiles/2026-11-16?week=true")).json<{ data: PublicCard[] }>()).data).toHaveLength(1);
    const missing = await api("/api/whatsapp/public_profiles/2026-11-16");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No profiles were published for this date", code: "NOT_FOUND" });
    // In the reader's language, as every text of the server (ADR 0040): a Telugu page says it in Telugu.
    for (const path of ["/api/whatsapp/public_profiles/2026-11-16", "/api/public_messages?date=2026-11-16&week=false"]) {
      const inTelugu = await api(path, { headers: { "Accept-Language": "te" } });
      expect(inTelugu.status).toBe(404);
      expect(await inTelugu.json()).toEqual({ error: "ఈ తేదీకి ప్రొఫైల్‌లు ఏవీ ప్రచురించలేదు", code: "NOT_FOUND" });
      const withCookie = await api(path, { headers: { Cookie: "lang=te" } });
      expect((await withCookie.json<{ error: string }>()).error).toBe("ఈ తేదీకి ప్రొఫైల్‌లు ఏవీ ప్రచురించలేదు");
    }
    expect((await api("/api/whatsapp/public_profiles/yesterday")).status).toBe(400);
    const messages = await api("/api/public_messages?date=2026-11-16&week=true");
    expect((await messages.json<{ data: unknown }>()).data).toEqual([
      { id: expect.any(Number), messageContent: "*New profiles* every _week_" },
      { id: expect.any(Number), messageContent: "Call ~now~ today" },
    ]);
  });
});

describe("GET /api/templates/public", () => {
  it("lists the templates with their messages for members only", async () => {
    await env.DB.prepare("INSERT INTO public_templates (name) VALUES ('Empty')").run();
    expect((await api("/api/templates/public")).status).toBe(401);
    const member = await signedInMember();
    const templates = (await (await api("/api/templates/public", { headers: member.headers })).json<{ data: PublicTemplate[] }>()).data;
    expect(templates.find((t) => t.name === "Empty")?.messages).toEqual([]);
  });
});

describe("GET /api/profile_teaser/{pid}", () => {
  const publish = (pid: number, publicProfile: "PAID" | "PUBLIC" | "MEMBERS" | null) =>
    env.DB.prepare("UPDATE members SET public_profile = ?2 WHERE pid = ?1").bind(pid, publicProfile).run();

  it("shows a stranger what a link preview shows of a published profile, no name and no contact", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "MEMBERS");
    const response = await api(`/api/profile_teaser/${bride.pid}`);
    expect(response.status).toBe(200);
    // Not kept anywhere: it must go at once when the member is taken off public pages (ADR 0029).
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { data } = await response.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      pid: bride.pid,
      profileType: "FREE",
      age: expect.any(Number),
      height: expect.any(String),
      star: expect.any(String),
      starTe: expect.any(String),
      educationDetails: expect.any(String),
      previewImage: `/og/profile/${bride.pid}.jpg`,
    });
    const text = JSON.stringify(data);
    for (const secret of ["Lakshmi", "Kommineni", "+9190000", "photos/"]) expect(text).not.toContain(secret);
    expect((await api("/api/profile_teaser/abc")).status).toBe(400);
  });

  it("shows nothing of a profile the agency has not published, a deactivated member, or one not on the public lists: the same as for an ID nobody has (ADR 0017, ADR 0033)", async () => {
    const unpublished = await createMember({ gender: "F" });
    const deactivated = await createMember({ gender: "F", active: false });
    const neverAsked = await createMember({ gender: "F", consents: "none" });
    const saidNo = await createMember({ gender: "F", consents: { publicList: false, promotions: true } });
    for (const member of [deactivated, neverAsked, saidNo]) await publish(member.pid, "PUBLIC");
    const nobody = await api("/api/profile_teaser/999999");
    expect(nobody.status).toBe(404);
    const answer = await nobody.json();
    for (const pid of [unpublished.pid, deactivated.pid, neverAsked.pid, saidNo.pid]) {
      const response = await api(`/api/profile_teaser/${pid}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(answer);
    }
    // Published later, it shows; taken off again, it no longer does.
    await publish(unpublished.pid, "PAID");
    expect((await api(`/api/profile_teaser/${unpublished.pid}`)).status).toBe(200);
    await publish(unpublished.pid, null);
    expect((await api(`/api/profile_teaser/${unpublished.pid}`)).status).toBe(404);
  });
});
