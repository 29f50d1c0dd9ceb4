import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SYSTEM_TABLE } from "#worker/db/member-data-map.ts";
import { markSent, type Receipt, recordReceipts, requeueAsTemplate, rescheduleAfterReceipt, retryMessage } from "#worker/db/outbox.ts";
import { ERASURES_PER_RUN, eraseDueMembers } from "#worker/lib/erasure.ts";
import { api, contactOf, createInterest, createMember, postJson, sendJson, signedInMember, smallJpeg, staffSession, webhookSignature } from "./setup/fixtures.ts";
import { registrationForm } from "./setup/registration-form.ts";

// Erasure (ADR 0034): ERASURE_AFTER_DAYS after a deletion the cron removes
// the member from every table and from R2. The check reads the schema
// itself (sqlite_master), not the map, so a table the map forgot is searched
// too: nothing of the member is left but the tombstone and the reduced
// records the map names.

const DAY_MS = 86_400_000;

/** A member with data in every table that can hold some, and words found nowhere else. */
async function richMember() {
  const member = await signedInMember({ gender: "F", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
  const tag = `Q${member.pid}`;
  const words = {
    name: `Zyxname${tag}`,
    surname: `Zyxsurname${tag}`,
    father: `Zyxfather${tag}`,
    mother: `Zyxmother${tag}`,
    mobile: `+9177${String(member.pid).padStart(8, "0")}`,
    alternate: `+9166${String(member.pid).padStart(8, "0")}`,
    email: `zyx${tag}@example.org`,
    address: `Zyxstreet ${tag}`,
    sibling: `Zyxsibling${tag}`,
    photo: `photos/zyxphoto${tag}.jpg`,
    blur: `photos/zyxblur${tag}-blur.jpg`,
  };
  await env.DB.prepare(
    `UPDATE members SET name = ?2, surname = ?3, father_name = ?4, mother_name = ?5, mobile = ?6, alternate_mobile = ?7, email = ?8,
       address = ?9, photo_key = ?10, photo_blur_key = ?11, public_profile = 'PUBLIC' WHERE pid = ?1`,
  )
    .bind(member.pid, words.name, words.surname, words.father, words.mother, words.mobile, words.alternate, words.email, words.address, words.photo, words.blur)
    .run();
  await Promise.all([env.PHOTOS.put(words.photo, smallJpeg()), env.PHOTOS.put(words.blur, smallJpeg())]);
  return { ...member, words };
}

/** Every table and column of the schema, from sqlite_master. */
async function schemaColumns(): Promise<{ table: string; column: string }[]> {
  const { results: tables } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>();
  const columns: { table: string; column: string }[] = [];
  for (const { name: table } of tables.filter((row) => !SYSTEM_TABLE.test(row.name))) {
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info(?1)").bind(table).all<{ name: string }>();
    columns.push(...results.map((row) => ({ table, column: row.name })));
  }
  return columns;
}

/** Where each of `needles` is found in any column of any table, as "needle in table.column". */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await schemaColumns()) {
    const { results } = await env.DB.prepare(`SELECT value FROM json_each(?1) WHERE EXISTS (SELECT 1 FROM "${table}" WHERE instr(CAST("${column}" AS TEXT), value) > 0)`)
      .bind(JSON.stringify(needles))
      .all<{ value: string }>();
    found.push(...results.map((row) => `${row.value} in ${table}.${column}`));
  }
  return found;
}

/**
 * The columns that hold the pid as their whole value, outside the tombstone
 * and the reduced records that keep it (ADR 0034). Messages to other members
 * that name it in a sentence are not whole values.
 */
async function pidOutsideKeptRecords(pid: number): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await schemaColumns()) {
    const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE CAST("${column}" AS TEXT) = ?1`).bind(String(pid)).first<{ n: number }>();
    if (row?.n) found.push(`${table}.${column}`);
  }
  return found.filter((place) => !["erased_members.pid", "audit_log.target", "access_log.pid"].includes(place));
}

async function allR2Keys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

describe("erasure by the cron", () => {
  it("leaves nothing of the member in any table or in R2, but the tombstone and the reduced records", async () => {
    const member = await richMember();
    const { words } = member;
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
    const bystander = await createMember({ gender: "M" });

    // Rows in every table that can reference her: requests and views both ways, siblings, recommendations, hidden profiles, lists.
    await createInterest(groom.pid, member.pid, "approved");
    await createInterest(member.pid, bystander.pid, "pending");
    expect((await postJson("/api/view_profile", { pid: member.pid }, groom.headers)).status).toBe(200);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO profile_views (viewer_pid, viewed_pid) VALUES (?1, ?2)").bind(member.pid, bystander.pid),
      env.DB.prepare("INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, 'EB', ?2, 'M', 'Y', 'Engineer')").bind(
        member.pid,
        words.sibling,
      ),
      env.DB.prepare("INSERT INTO recommendations (member_pid, recommended_pid) VALUES (?1, ?2), (?2, ?1)").bind(member.pid, groom.pid),
      env.DB.prepare("INSERT INTO hidden_profiles (member_pid, hidden_pid) VALUES (?1, ?2), (?2, ?1)").bind(member.pid, bystander.pid),
      env.DB.prepare("INSERT INTO public_lists (list_date, is_week) VALUES ('2031-05-06', 0)"),
      env.DB.prepare("INSERT INTO public_list_profiles (list_id, pid) SELECT id, ?1 FROM public_lists WHERE list_date = '2031-05-06'").bind(member.pid),
      // Her messages: by pid, and to her alternate number by none; a receipt; what she wrote to the agency.
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body, status, provider_message_id) VALUES (?1, ?2, 'link', ?3, 'sent', ?4)").bind(
        member.pid,
        words.mobile,
        `Hello ${words.name}`,
        `wamid.${words.name}`,
      ),
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body) VALUES (NULL, ?1, 'link', 'old number')").bind(words.alternate),
      env.DB.prepare("INSERT INTO whatsapp_statuses (wamid, status, at) VALUES (?1, 'delivered', '2026-11-20T10:00:00Z')").bind(`wamid.${words.name}`),
      env.DB.prepare(
        "INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, profile_name, type, text, received_at) VALUES (?1, ?2, ?3, ?4, 'text', ?5, '2026-11-20T10:00:00Z')",
      ).bind(`wamid.in.${member.pid}`, words.mobile.slice(1), member.pid, words.name, `I am ${words.surname}`),
      env.DB.prepare("INSERT INTO sign_in_failures (pid, network, failures, retry_at) VALUES (?1, '203.0.113.9', 2, '2026-11-20T10:00:00Z')").bind(member.pid),
      env.DB.prepare("INSERT INTO link_events (link, step, outcome, pid) VALUES ('profile', 'sign_in', 'success', ?1)").bind(member.pid),
      // The console: a membership sold (kept, reduced to what was sold), a correction naming her (emptied), a request in her words.
      env.DB.prepare("INSERT INTO audit_log (staff_id, action, target, before_json, after_json) VALUES (?1, 'membership', ?2, ?3, ?4)").bind(
        staff.id,
        String(member.pid),
        JSON.stringify({ profileType: "FREE" }),
        JSON.stringify({ profileType: "PREMIUM", profilesCount: 5, total: 0, lastViewDate: "2099-01-01" }),
      ),
      env.DB.prepare("INSERT INTO audit_log (staff_id, action, target, before_json, after_json) VALUES (?1, 'correct_personal', ?2, ?3, ?4)").bind(
        staff.id,
        String(member.pid),
        JSON.stringify({ name: "Old" }),
        JSON.stringify({ name: words.name, photo: words.photo }),
      ),
      env.DB.prepare("INSERT INTO data_requests (pid, kind, details, received_at, due_on) VALUES (?1, 'correction', ?2, '2026-11-20T10:00:00Z', '2026-12-20')").bind(
        member.pid,
        `Fix ${words.address}`,
      ),
    ]);
    // A one-time code and a link, as the member asks for them.
    expect((await postJson("/api/users/delete_profile/code", {}, member.headers)).status).toBe(200);
    expect((await sendJson("POST", `/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers)).status).toBe(200);
    // Her link preview and her photo's card-size copy, made on first request, kept in R2.
    expect((await api(`/og/profile/${member.pid}.jpg`)).status).toBe(200);
    expect((await api(`/images/cards/${words.photo}`)).status).toBe(200);
    // A card-size copy of the blurred photo, as /images/cards/ made one for any key before it refused them.
    await env.PHOTOS.put(`cards/${words.blur}`, smallJpeg());
    const objectsBefore = await allR2Keys();
    expect(objectsBefore.filter((key) => key.includes(`zyxblur${`Q${member.pid}`}`))).toHaveLength(3);
    expect(objectsBefore.filter((key) => key.includes(`zyxphoto${`Q${member.pid}`}`))).toEqual([words.photo, `cards/${words.photo}`].sort());

    expect((await postJson("/api/users/delete_profile", { password: member.password }, member.headers)).status).toBe(200);
    // Not before its day.
    expect((await eraseDueMembers(env, new Date(Date.now() + 6 * DAY_MS))).erased).toBe(0);
    const everywhere = [...Object.values(words), words.mobile.slice(1)];
    const before = await findEverywhere(everywhere);
    // The search finds what is there: every word, in the tables the setup wrote.
    expect(new Set(before.map((place) => place.split(" in ")[0]))).toEqual(new Set(everywhere));
    for (const table of ["members", "siblings", "outbox", "whatsapp_inbound", "whatsapp_statuses", "audit_log", "data_requests", "one_time_codes"]) {
      expect(
        before.some((place) => place.includes(` in ${table}.`)),
        table,
      ).toBe(true);
    }
    expect(await pidOutsideKeptRecords(member.pid)).toEqual(
      expect.arrayContaining([
        "members.pid",
        "siblings.member_pid",
        "interests.from_pid",
        "interests.to_pid",
        "profile_views.viewed_pid",
        "link_tokens.member_pid",
        "sessions.member_pid",
        "link_events.pid",
      ]),
    );

    const run = await eraseDueMembers(env, new Date(Date.now() + 8 * DAY_MS));
    expect(run).toEqual({ erased: 1, failed: 0 });

    expect(await findEverywhere(everywhere)).toEqual([]);
    expect(await pidOutsideKeptRecords(member.pid)).toEqual([]);
    const objectsAfter = await allR2Keys();
    expect(objectsAfter.filter((key) => key.includes(`Q${member.pid}`))).toEqual([]);

    const tombstone = await env.DB.prepare(
      "SELECT pid, registered_at IS NOT NULL AS registered, deleted_at IS NOT NULL AS deleted, erased_at IS NOT NULL AS erased FROM erased_members WHERE pid = ?1",
    )
      .bind(member.pid)
      .first();
    expect(tombstone).toEqual({ pid: member.pid, registered: 1, deleted: 1, erased: 1 });
    const audit = await env.DB.prepare("SELECT action, before_json, after_json, reduced_at IS NOT NULL AS reduced FROM audit_log WHERE target = ?1 ORDER BY id")
      .bind(String(member.pid))
      .all();
    expect(audit.results).toEqual([
      {
        action: "membership",
        before_json: JSON.stringify({ profileType: "FREE" }),
        after_json: JSON.stringify({ profileType: "PREMIUM", profilesCount: 5, total: 0, lastViewDate: "2099-01-01" }),
        reduced: 1,
      },
      { action: "correct_personal", before_json: null, after_json: null, reduced: 1 },
      { action: "issue_link", before_json: null, after_json: null, reduced: 1 },
    ]);
    const request = await env.DB.prepare("SELECT pid, details, kind FROM data_requests WHERE kind = 'correction' AND due_on = '2026-12-20'").first();
    expect(request).toEqual({ pid: null, details: "", kind: "correction" });

    // The others keep their own data, and their lists no longer show her.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM members WHERE pid IN (?1, ?2)").bind(groom.pid, bystander.pid).first()).toEqual({ n: 2 });
    const visits = await (await api(`/api/profile_visits?pid=${groom.pid}&p_status=F`, { headers: groom.headers })).json<{ data: { profiles: unknown[] } }>();
    expect(visits.data.profiles).toEqual([]);
    // A second run finds nothing more to do.
    expect(await eraseDueMembers(env, new Date(Date.now() + 9 * DAY_MS))).toEqual({ erased: 0, failed: 0 });
  });

  it("leaves another member's messages, receipts and what they wrote, though a number of the erased member is now theirs", async () => {
    const other = await createMember({ gender: "M" });
    const member = await signedInMember({ gender: "F" });
    const { mobile: otherMobile } = contactOf(other.pid);
    const { mobile } = contactOf(member.pid);
    // Her other phone number is his WhatsApp number (alternate numbers are not unique).
    await env.DB.prepare("UPDATE members SET alternate_mobile = ?2 WHERE pid = ?1").bind(member.pid, otherMobile).run();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body, status, provider_message_id) VALUES (?1, ?2, 'membership', 'His receipt', 'sent', ?3)").bind(
        other.pid,
        otherMobile,
        `wamid.his.${other.pid}`,
      ),
      env.DB.prepare("INSERT INTO whatsapp_statuses (wamid, status, at) VALUES (?1, 'delivered', '2026-11-20T10:00:00Z')").bind(`wamid.his.${other.pid}`),
      env.DB.prepare("INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, type, text, received_at) VALUES (?1, ?2, ?3, 'text', 'He wrote', '2026-11-20T10:00:00Z')").bind(
        `wamid.in.his.${other.pid}`,
        otherMobile.slice(1),
        other.pid,
      ),
      // Her WhatsApp number was his before: what went to him on it, and what he wrote from it, stay his.
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body, status) VALUES (?1, ?2, 'link', 'His old number', 'sent')").bind(other.pid, mobile),
      env.DB.prepare(
        "INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, type, text, received_at) VALUES (?1, ?2, ?3, 'text', 'He wrote before', '2026-11-01T10:00:00Z')",
      ).bind(`wamid.in.hisold.${other.pid}`, mobile.slice(1), other.pid),
      // Rows naming nobody go by number, as before.
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body) VALUES (NULL, ?1, 'link', 'nobody named')").bind(mobile),
      env.DB.prepare(
        "INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, type, text, received_at) VALUES (?1, ?2, NULL, 'text', 'unnamed', '2026-11-20T10:00:00Z')",
      ).bind(`wamid.in.unnamed.${member.pid}`, mobile.slice(1)),
    ]);
    expect((await postJson("/api/users/delete_profile", { password: member.password }, member.headers)).status).toBe(200);
    expect((await eraseDueMembers(env, new Date(Date.now() + 8 * DAY_MS))).failed).toBe(0);
    expect(await env.DB.prepare("SELECT 1 FROM members WHERE pid = ?1").bind(member.pid).first()).toBeNull();

    const his = await env.DB.prepare(
      `SELECT (SELECT group_concat(body, ' | ') FROM (SELECT body FROM outbox WHERE member_pid = ?1 ORDER BY id)) AS messages,
         (SELECT group_concat(text, ' | ') FROM (SELECT text FROM whatsapp_inbound WHERE member_pid = ?1 ORDER BY received_at)) AS wrote,
         (SELECT COUNT(*) FROM whatsapp_statuses WHERE wamid = ?2) AS receipts`,
    )
      .bind(other.pid, `wamid.his.${other.pid}`)
      .first();
    expect(his).toEqual({ messages: "His receipt | His old number", wrote: "He wrote before | He wrote", receipts: 1 });
    const unnamed = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM outbox WHERE body = 'nobody named' AND to_mobile = ?1) AS messages, (SELECT COUNT(*) FROM whatsapp_inbound WHERE wamid = ?2) AS wrote",
    )
      .bind(mobile, `wamid.in.unnamed.${member.pid}`)
      .first();
    expect(unnamed).toEqual({ messages: 0, wrote: 0 });
  });

  it("deletes the receipts of every send of the member's messages, also of the sends that a re-send replaced", async () => {
    const member = await signedInMember();
    const { mobile } = contactOf(member.pid);
    const sends = ["rescheduled", "template", "retried", "by-hand"].map((how) => `wamid.${how}.${member.pid}`);
    const ids: number[] = [];
    for (const wamid of sends) {
      const row = await env.DB.prepare(
        `INSERT INTO outbox (member_pid, to_mobile, kind, body, status, attempts, params, provider_message_id, sent_as, failed_at)
         VALUES (?1, ?2, 'membership', 'Your membership', 'failed', 1, '{}', ?3, 'text', '2026-11-20T10:00:00Z') RETURNING id`,
      )
        .bind(member.pid, mobile, wamid)
        .first<{ id: number }>();
      ids.push(row?.id ?? 0);
    }
    const receipt = (wamid: string, status: Receipt["status"]): Receipt => ({
      wamid,
      status,
      at: new Date("2026-11-20T10:00:00Z"),
      errorCode: 131049,
      errorTitle: "Not delivered",
    });
    await recordReceipts(
      env.DB,
      sends.map((wamid) => receipt(wamid, "failed")),
    );
    // Each way a message goes again clears the wamid of the send it replaces.
    const now = new Date();
    const [rescheduled, template, retried, byHand] = ids;
    await env.DB.batch([
      rescheduleAfterReceipt(env.DB, rescheduled ?? 0, now, 6),
      requeueAsTemplate(env.DB, template ?? 0, now),
      retryMessage(env.DB, retried ?? 0, now),
      ...markSent(env.DB, { id: byHand ?? 0, kind: "membership", body: "Your membership" }, { providerMessageId: null, sentAs: null }, now),
    ]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_pid = ?1 AND provider_message_id IS NOT NULL").bind(member.pid).first()).toEqual({ n: 0 });
    // Meta may still report on a replaced send afterwards.
    await recordReceipts(env.DB, [receipt(sends[0] ?? "", "sent")]);

    expect((await postJson("/api/users/delete_profile", { password: member.password }, member.headers)).status).toBe(200);
    expect((await eraseDueMembers(env, new Date(Date.now() + 8 * DAY_MS))).failed).toBe(0);
    const left = await env.DB.prepare("SELECT wamid, status FROM whatsapp_statuses WHERE wamid IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(sends)).all();
    expect(left.results).toEqual([]);
  });

  it("keeps no receipt WhatsApp sends after the erasure for the member's messages, and answers it 200 so that Meta does not send it again", async () => {
    const member = await signedInMember();
    const { mobile } = contactOf(member.pid);
    const wamid = `wamid.late.${member.pid}`;
    await env.DB.prepare(
      "INSERT INTO outbox (member_pid, to_mobile, kind, body, status, provider_message_id, sent_as) VALUES (?1, ?2, 'membership', 'Your membership', 'sent', ?3, 'template')",
    )
      .bind(member.pid, mobile, wamid)
      .run();
    expect((await postJson("/api/users/delete_profile", { password: member.password }, member.headers)).status).toBe(200);
    expect((await eraseDueMembers(env, new Date(Date.now() + 8 * DAY_MS))).failed).toBe(0);

    // The member opens WhatsApp after the erasure: Meta reports the message delivered and read.
    const at = String(Math.floor(Date.now() / 1000));
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
                statuses: ["delivered", "read"].map((status) => ({ id: wamid, recipient_id: mobile.slice(1), status, timestamp: at })),
              },
            },
          ],
        },
      ],
    });
    const response = await api("/api/whatsapp/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await webhookSignature(body) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE wamid = ?1").bind(wamid).first()).toEqual({ n: 0 });
  });

  it("the audit log stays append-only apart from the one reduction", async () => {
    const staff = await staffSession();
    const row = await env.DB.prepare("INSERT INTO audit_log (staff_id, action, target, after_json) VALUES (?1, 'recommend', '1', '{}') RETURNING id")
      .bind(staff.id)
      .first<{ id: number }>();
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'x' WHERE id = ?1").bind(row?.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = ?1").bind(row?.id).run()).rejects.toThrow(/append-only/);
    await env.DB.prepare("UPDATE audit_log SET after_json = NULL, reduced_at = 'now' WHERE id = ?1").bind(row?.id).run();
    await expect(env.DB.prepare("UPDATE audit_log SET after_json = 'again', reduced_at = 'later' WHERE id = ?1").bind(row?.id).run()).rejects.toThrow(/append-only/);
  });

  it(`erases at most ${ERASURES_PER_RUN} members a run, the longest due first`, async () => {
    const members = await Promise.all(Array.from({ length: ERASURES_PER_RUN + 2 }, () => createMember()));
    // Due on a day of their own, so that the clock below finds them alone.
    const due = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    await env.DB.batch(members.map((member, i) => env.DB.prepare("UPDATE members SET active = 0, deleted_at = ?2, erase_after = ?2 WHERE pid = ?1").bind(member.pid, due(i))));
    const clock = new Date(Date.UTC(2026, 0, 1, 1));
    expect(await eraseDueMembers(env, clock)).toEqual({ erased: ERASURES_PER_RUN, failed: 0 });
    const left = await env.DB.prepare("SELECT pid FROM members WHERE pid IN (SELECT value FROM json_each(?1)) ORDER BY pid")
      .bind(JSON.stringify(members.map((m) => m.pid)))
      .all<{ pid: number }>();
    expect(left.results.map((row) => row.pid)).toEqual(members.slice(ERASURES_PER_RUN).map((member) => member.pid));
    expect(await eraseDueMembers(env, clock)).toEqual({ erased: 2, failed: 0 });
  });
  // Last in the file: the registered member takes the Profile ID after the fixtures' highest.
  it("never issues an erased member's Profile ID again", async () => {
    const highest = await createMember();
    await env.DB.prepare("UPDATE members SET active = 0, deleted_at = ?2, erase_after = ?2 WHERE pid = ?1").bind(highest.pid, "2025-01-01T00:00:00.000Z").run();
    expect(await eraseDueMembers(env, new Date("2025-01-01T00:00:01Z"))).toEqual({ erased: 1, failed: 0 });
    const form = registrationForm({ mobile: "9848099999" }, smallJpeg(64, 80));
    const registered = await api("/api/save_new_registration", { method: "POST", body: form });
    expect(registered.status).toBe(200);
    expect((await registered.json<{ data: { pid: number } }>()).data.pid).toBe(highest.pid + 1);
  });
});
