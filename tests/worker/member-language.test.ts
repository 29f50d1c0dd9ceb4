import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiFailure, CurrentUser } from "#shared/api-types.ts";
import { en } from "#shared/i18n/en.ts";
import { te } from "#shared/i18n/te.ts";
import { api, bearer, createMember, postJson, sendJson, signIn, signedInMember } from "./setup/fixtures.ts";

// The member's language on their profile and the Worker's texts in the
// reader's language (ADR 0040): the `lang` cookie, else Accept-Language,
// else English; English word for word as before.

const storedLanguage = async (pid: number) => (await env.DB.prepare("SELECT language FROM members WHERE pid = ?1").bind(pid).first<{ language: string }>())?.language;

async function currentUser(headers: Record<string, string>): Promise<CurrentUser> {
  const response = await api("/api/users/current", { headers });
  expect(response.status).toBe(200);
  return (await response.json<{ data: CurrentUser }>()).data;
}

describe("the member's language", () => {
  it("is English until chosen, and kept on the profile when chosen", async () => {
    const member = await signedInMember();
    expect((await currentUser(member.headers)).language).toBe("en");

    const chosen = await sendJson("PUT", "/api/users/language", { language: "te" }, member.headers);
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ data: { language: "te" } });
    expect(await storedLanguage(member.pid)).toBe("te");
    // Another device of the member reads it: a new session, the same answer.
    expect((await currentUser(bearer(await signIn(member)))).language).toBe("te");

    expect((await sendJson("PUT", "/api/users/language", { language: "en" }, member.headers)).status).toBe(200);
    expect((await currentUser(member.headers)).language).toBe("en");
  });

  it("refuses a language it does not have, with the message in the reader's language, and changes nothing", async () => {
    const member = await signedInMember();
    const english = await sendJson("PUT", "/api/users/language", { language: "fr" }, member.headers);
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({ error: en["validation.chooseLanguage"], code: "VALIDATION_FAILED", fields: { language: en["validation.chooseLanguage"] } });

    const telugu = await sendJson("PUT", "/api/users/language", {}, { ...member.headers, "Accept-Language": "te-IN,te;q=0.9,en;q=0.5" });
    expect(telugu.status).toBe(400);
    expect(await telugu.json()).toEqual({ error: te["validation.chooseLanguage"], code: "VALIDATION_FAILED", fields: { language: te["validation.chooseLanguage"] } });
    expect(await storedLanguage(member.pid)).toBe("en");
  });

  it("is changed only by the member's own live session", async () => {
    const member = await createMember();
    const other = await signedInMember();
    const token = await signIn(member);

    expect((await sendJson("PUT", "/api/users/language", { language: "te" }, other.headers)).status).toBe(200);
    expect(await storedLanguage(other.pid)).toBe("te");
    expect(await storedLanguage(member.pid)).toBe("en");

    // Signed out: the session's token no longer changes anything.
    expect((await postJson("/api/users/sign_out", {}, bearer(token))).status).toBe(200);
    const revoked = await sendJson("PUT", "/api/users/language", { language: "te" }, bearer(token));
    expect(revoked.status).toBe(401);
    expect(await storedLanguage(member.pid)).toBe("en");

    const anonymous = await sendJson("PUT", "/api/users/language", { language: "te" });
    expect(anonymous.status).toBe(401);
  });
});

describe("the Worker's messages in the reader's language", () => {
  it("answers a member's error in Telugu when the device chose Telugu, in English otherwise, word for word as before", async () => {
    const member = await createMember();
    const wrong = { pid: member.pid, password: "not-the-password" };

    const english = await postJson("/api/users/sign_in", wrong);
    expect(await english.json()).toEqual({ error: "Incorrect Profile ID or password", code: "SIGN_IN_FAILED", err: "Incorrect Profile ID or password" });

    const byCookie = await postJson("/api/users/sign_in", wrong, { Cookie: "theme=dark; lang=te" });
    expect(byCookie.status).toBe(400);
    expect(await byCookie.json()).toEqual({ error: te["server.loginFailed"], code: "SIGN_IN_FAILED", err: te["server.loginFailed"] });

    // The device's choice wins over the browser's languages.
    const cookieFirst = await postJson("/api/users/sign_in", wrong, { Cookie: "lang=en", "Accept-Language": "te" });
    expect((await cookieFirst.json<ApiFailure>()).err).toBe("Incorrect Profile ID or password");
  });

  it("fills a message's values in Telugu", async () => {
    const member = await signedInMember();
    const missing = await api("/api/single_user_profile/99999999", { headers: { ...member.headers, "Accept-Language": "te" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "99999999 ID తో ఏ ప్రొఫైల్ లేదు", code: "NOT_FOUND" });
    const english = await api("/api/single_user_profile/99999999", { headers: member.headers });
    expect(await english.json()).toEqual({ error: "No profile with ID 99999999", code: "NOT_FOUND" });
  });

  it("writes a schema's validation messages in Telugu, with the limits the schema filled in", async () => {
    const member = await signedInMember();
    const form = new FormData();
    form.set("name", "a".repeat(61));
    form.set("surname", "");
    const refused = await api("/api/profile_personal_data", { method: "PUT", headers: { ...member.headers, "Accept-Language": "te" }, body: form });
    expect(refused.status).toBe(400);
    const { error, fields } = await refused.json<ApiFailure>();
    expect(fields?.name).toBe("దయచేసి ఇది 60 అక్షరాల లోపు ఉండేలా చూడండి");
    expect(fields?.surname).toBe(te["validation.surnameRequired"]);
    expect(Object.values(fields ?? {})).toContain(error);
    // Every field message of the refusal is Telugu: none fell back to English.
    expect(Object.values(fields ?? {}).filter((text) => !/[\u0C00-\u0C7F]/.test(text))).toEqual([]);
  });
});
