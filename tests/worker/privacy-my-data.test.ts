import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { IssuedLink } from "#shared/admin-types.ts";
import type { MyDataExport, MyDataSection } from "#shared/api-types.ts";
import { encodeLinkPayload } from "#shared/links.ts";
import { MEMBER_DATA_MAP, SYSTEM_TABLE } from "#worker/db/member-data-map.ts";
import { EXPORT_COVERAGE } from "#worker/db/my-data.ts";
import { api, contactOf, createInterest, createMember, hideProfile, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// "Download my data" (ADR 0033): everything stored about the member, as JSON
// and as a printable HTML file; no secret; only the session's own member;
// and every table that references a member is either exported or left out
// with a reason, so a new table cannot slip past the export.

const CODE = "482913";

/** A member with a row in every table the export reads, and what must never appear in it. */
async function memberWithEverything() {
  const member = await signedInMember({ gender: "F", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
  const other = await createMember({ gender: "M" });
  const staff = await staffSession("owner");
  const run = (sql: string, ...values: unknown[]) =>
    env.DB.prepare(sql)
      .bind(...values)
      .run();

  await run("UPDATE members SET education_details = ?2 WHERE pid = ?1", member.pid, "M.A. Telugu <img src=x onerror=alert(1)>");
  await run("INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, 'EB', 'Ravi Teja', 'M', 'Y', 'Engineer')", member.pid);
  expect((await postJson("/api/users/consents", { promotions: false }, member.headers)).status).toBe(200);
  await createInterest(member.pid, other.pid, "approved");
  await createInterest(other.pid, member.pid);
  await run("INSERT INTO profile_views (viewer_pid, viewed_pid) VALUES (?1, ?2)", member.pid, other.pid);
  await hideProfile(member.pid, other.pid);
  await run("INSERT INTO recommendations (member_pid, recommended_pid) VALUES (?1, ?2)", member.pid, other.pid);
  await run("UPDATE members SET public_profile = 'PAID' WHERE pid = ?1", member.pid);
  const list = await env.DB.prepare("INSERT INTO public_lists (list_date, is_week) VALUES ('2033-01-0' || (SELECT COUNT(*) FROM public_lists), 0) RETURNING id").first<{
    id: number;
  }>();
  await run("INSERT INTO public_list_profiles (list_id, pid) VALUES (?1, ?2)", list?.id, member.pid);
  const link = (await (await postJson(`/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers)).json<{ data: IssuedLink }>()).data;
  await run(
    "INSERT INTO outbox (member_pid, to_mobile, kind, body, params, expires_at) VALUES (?1, ?2, 'forgot_password_code', ?3, '{}', '2099-01-01T00:00:00.000Z')",
    member.pid,
    contactOf(member.pid).mobile,
    `Your code is ${CODE}`,
  );
  await run(
    "INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, profile_name, type, text, received_at) VALUES (?1, '919000012345', ?2, 'Lakshmi', 'text', 'Please call me', '2026-11-20T10:00:00.000Z')",
    `wamid.${member.pid}`,
    member.pid,
  );
  await run(
    "INSERT INTO one_time_codes (member_pid, reason, code_hash, mobile, expires_at) VALUES (?1, 'forgot_password', 'saltsalt$code-hash-secret', ?2, '2099-01-01T00:00:00.000Z')",
    member.pid,
    contactOf(member.pid).mobile,
  );
  await run("INSERT INTO link_events (link, step, outcome, pid) VALUES ('profile', 'sign_in', 'success', ?1)", member.pid);
  expect((await postJson("/api/users/data_requests", { kind: "correction", details: "My birth time is 6:35 AM." }, member.headers)).status).toBe(200);
  expect((await api(`/api/admin/members/${member.pid}`, { headers: staff.headers })).status).toBe(200);

  const secrets = {
    passwordHash: (await env.DB.prepare("SELECT password_hash FROM members WHERE pid = ?1").bind(member.pid).first<{ password_hash: string }>())?.password_hash ?? "",
    tokenHash: link.link.id,
    token: new URL(link.url).searchParams.get("link") ?? "",
    codeHash: "code-hash-secret",
    code: CODE,
  };
  return { member, other, secrets };
}

const exportOf = async (headers: Record<string, string>) => {
  const response = await api("/api/users/my_data", { headers });
  expect(response.status).toBe(200);
  return (await response.json<{ data: MyDataExport }>()).data;
};
const sectionOf = (data: MyDataExport, id: string): MyDataSection => {
  const found = data.sections.find((section) => section.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
};

describe("GET /api/users/my_data", () => {
  it("gives the member every part of what is stored about them, with readable labels, and no secret", async () => {
    const { member, other, secrets } = await memberWithEverything();
    const data = await exportOf(member.headers);
    expect(data.pid).toBe(member.pid);

    // Every section the coverage names has the member's rows.
    const exported = Object.values(EXPORT_COVERAGE).flatMap((entry) => ("sections" in entry ? entry.sections : []));
    const empty = exported.filter((id) => sectionOf(data, id).rows.length === 0);
    expect(empty).toEqual([]);

    const profile = sectionOf(data, "profile");
    const field = (label: string) => profile.rows.find((row) => row.field === label);
    expect(field("WhatsApp number")?.value).toBe(contactOf(member.pid).mobile);
    expect(field("Star")).toEqual({ field: "Star", value: "Rohini", telugu: "రోహిణి" });
    expect(field("Gender")?.value).toBe("Bride");
    expect(sectionOf(data, "interestsSent").rows).toEqual([expect.objectContaining({ pid: other.pid, status: "Approved" })]);
    expect(sectionOf(data, "interestsReceived").rows).toEqual([expect.objectContaining({ pid: other.pid, status: "Waiting" })]);
    expect(sectionOf(data, "consents").rows).toEqual([
      expect.objectContaining({ purpose: "Listed on the public /link page", granted: "Yes" }),
      expect.objectContaining({ purpose: "Promotional messages (lists of new profiles)", granted: "No" }),
    ]);
    expect(sectionOf(data, "agencyAccess").rows).toEqual([expect.objectContaining({ action: "Opened your record" })]);

    const text = JSON.stringify(data);
    for (const [name, secret] of Object.entries(secrets)) expect(text.includes(secret), name).toBe(false);
    expect(text).toContain("[One-time code.");
    expect(text).toContain("link=[removed]");
  });

  it("leaves out failed link sign-ins on the member's Profile ID, which anyone can cause; the agency's counts keep them", async () => {
    const member = await signedInMember();
    // A stranger tries a made-up link with the member's Profile ID.
    const link = encodeLinkPayload({ pid: member.pid, pin: "not-the-pin" });
    expect((await postJson("/api/users/link_sign_in", { kind: "profile", link })).status).not.toBe(200);
    // The member's own step, signed in, stays in the export, failed or not.
    await env.DB.prepare("INSERT INTO link_events (link, step, outcome, pid) VALUES ('request', 'interest', 'failure', ?1)").bind(member.pid).run();

    const rows = sectionOf(await exportOf(member.headers), "linkActivity").rows;
    expect(rows).toEqual([expect.objectContaining({ link: "request", step: "interest", outcome: "failure" })]);
    const counted = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_events WHERE pid = ?1 AND step = 'sign_in' AND outcome = 'failure'").bind(member.pid).first();
    expect(counted).toEqual({ n: 1 });
  });

  it("answers only with the session's own member: another member's export holds nothing of theirs", async () => {
    const { member } = await memberWithEverything();
    const stranger = await signedInMember();
    const text = JSON.stringify(await exportOf(stranger.headers));
    const { mobile, alternateMobile, email } = contactOf(member.pid);
    for (const value of [mobile, alternateMobile, email, "Ravi Teja", "My birth time", "Please call me"]) expect(text.includes(value), value).toBe(false);
    // There is no way to name another member: a pid in the query is not read.
    const asked = await api(`/api/users/my_data?pid=${member.pid}`, { headers: stranger.headers });
    expect(asked.status).toBe(200);
    expect((await asked.json<{ data: MyDataExport }>()).data.pid).toBe(stranger.pid);
  });

  it("refuses anonymous callers and staff tokens, and an unknown format", async () => {
    expect((await api("/api/users/my_data")).status).toBe(401);
    const staff = await staffSession("owner");
    expect((await api("/api/users/my_data", { headers: staff.headers })).status).toBe(401);
    const member = await signedInMember();
    const response = await api("/api/users/my_data?format=pdf", { headers: member.headers });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe("format must be json or html");
  });

  it("as ?format=html: a printable UTF-8 file to download, Telugu kept, everything escaped, no script, its own strict policy", async () => {
    const { member, secrets } = await memberWithEverything();
    const response = await api("/api/users/my_data?format=html", { headers: member.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=UTF-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="my-data-${member.pid}.html"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    const html = await response.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("రోహిణి");
    expect(html).toContain('<th scope="col">Field</th>');
    expect(html).toContain("M.A. Telugu &lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    for (const [name, secret] of Object.entries(secrets)) expect(html.includes(secret), name).toBe(false);
    // Dates as members read them (dd-MM-yyyy), moments with their time in UTC; the JSON keeps the stored forms.
    expect(html).toContain("<td>20-11-2026 10:00 UTC</td>");
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(html).not.toMatch(/<td>\d{4}-\d{2}-\d{2}<\/td>/);
    expect(html).toMatch(/Everything stored about you on \d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC\./);
  });
});

/** Columns that name a member however a new table spells them. */
const MEMBER_COLUMN = /(^|_)pid$|mobile|^member_|digits/;

describe("the export's coverage", () => {
  it("knows every table of the schema, and every table whose columns look like a member's is mapped as one", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    const tables = results.map((row) => row.name).filter((name) => !SYSTEM_TABLE.test(name));
    expect(tables.filter((name) => !(name in MEMBER_DATA_MAP))).toEqual([]);

    const unmapped: string[] = [];
    for (const table of tables) {
      const columns = (await env.DB.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(table).all<{ name: string }>()).results;
      const looksLikeMember = columns.some((column) => MEMBER_COLUMN.test(column.name));
      if (looksLikeMember && Object.keys(MEMBER_DATA_MAP[table]?.columns ?? {}).length === 0) unmapped.push(table);
    }
    expect(unmapped).toEqual([]);
  });

  it("exports, or leaves out with a reason, every table that references a member", () => {
    const referencing = Object.entries(MEMBER_DATA_MAP)
      .filter(([, table]) => Object.keys(table.columns).length > 0)
      .map(([name]) => name);
    expect(referencing.filter((name) => !(name in EXPORT_COVERAGE))).toEqual([]);
    for (const [name, entry] of Object.entries(EXPORT_COVERAGE)) {
      expect(name in MEMBER_DATA_MAP, `${name} is not a table of the map`).toBe(true);
      if ("leftOut" in entry) expect(entry.leftOut.length, name).toBeGreaterThan(20);
    }
  });
});
