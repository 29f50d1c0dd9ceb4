import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { AdminMember } from "#shared/admin-types.ts";
import { markNoticeSent } from "#worker/db/erasure.ts";
import { config } from "#worker/env.ts";
import { eraseDueMembers } from "#worker/lib/erasure.ts";
import { NOTICES_PER_RUN, sendRetentionNotices } from "#worker/lib/retention.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import { api, contactOf, createMember, postJson, sendJson, smallJpeg, staffSession, type TestMember } from "./setup/fixtures.ts";
import { templateOf, testWhatsApp } from "./setup/whatsapp.ts";

// Retention (ADR 0034; DPDP Rules 2025, Rule 8): a profile neither signed
// into nor under a membership for RETENTION_YEARS (3) is told on WhatsApp 48
// hours before its erasure, and erased then unless the member signs in. The
// jobs take the time as an argument: the tests move the clock forward
// instead of waiting.

const HOUR_MS = 3_600_000;
const YEAR_MS = 365.25 * 24 * HOUR_MS;

/** Today's members, seen from 3 years and `days` days from now. */
const later = (days: number, hours = 0) => new Date(Date.now() + 3 * YEAR_MS + days * 24 * HOUR_MS + hours * HOUR_MS);

async function notice(pid: number) {
  return env.DB.prepare("SELECT id, status, language, body, params FROM outbox WHERE member_pid = ?1 AND kind = 'data_erasure_notice' ORDER BY id DESC LIMIT 1")
    .bind(pid)
    .first<{ id: number; status: string; language: string; body: string; params: string }>();
}

const exists = async (pid: number) => (await env.DB.prepare("SELECT 1 AS found FROM members WHERE pid = ?1").bind(pid).first()) !== null;

/** Only these members are candidates: the others of the file were used (signed in) at the real time. */
async function onlyThese(pids: number[]): Promise<void> {
  await env.DB.prepare("UPDATE members SET last_sign_in_at = ?2 WHERE pid NOT IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(pids), later(30).toISOString()).run();
}

/**
 * Members told at `toldAt` whose notice went out then, with their photos in
 * R2, the first due a minute before the others: the cron handles them in
 * this order.
 */
async function toldWithPhotos(count: number, toldAt: Date): Promise<TestMember[]> {
  const members = await Promise.all(Array.from({ length: count }, () => createMember()));
  await onlyThese(members.map((member) => member.pid));
  expect(await sendRetentionNotices(env, toldAt)).toBe(count);
  await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_at = ?2 WHERE member_pid IN (SELECT value FROM json_each(?1)) AND kind = 'data_erasure_notice'")
    .bind(JSON.stringify(members.map((member) => member.pid)), toldAt.toISOString())
    .run();
  const first = members[0];
  if (first)
    await env.DB.prepare("UPDATE members SET erase_after = ?2 WHERE pid = ?1")
      .bind(first.pid, new Date(toldAt.getTime() + 47 * HOUR_MS).toISOString())
      .run();
  await Promise.all(members.flatMap((member) => [photoOf(member.pid), blurOf(member.pid)].map((key) => env.PHOTOS.put(key, smallJpeg()))));
  return members;
}

const photoOf = (pid: number) => `photos/full-${pid}.jpg`;
const blurOf = (pid: number) => `photos/full-${pid}-blur.jpg`;

/**
 * Runs each member's change once, just after the cron deleted that member's
 * photos from R2: between its read of who is due and the batch that erases.
 */
function afterPhotosOf(changes: Map<number, () => Promise<void>>) {
  const remove = env.PHOTOS.delete.bind(env.PHOTOS);
  return vi.spyOn(env.PHOTOS, "delete").mockImplementation(async (keys) => {
    await remove(keys);
    for (const [pid, change] of changes) {
      if (![keys].flat().includes(photoOf(pid))) continue;
      changes.delete(pid);
      await change();
    }
  });
}

const photoKeysOf = (pid: number) => env.DB.prepare("SELECT photo_key, photo_blur_key FROM members WHERE pid = ?1").bind(pid).first();

describe("the retention job", () => {
  it("tells an unused member 48 hours ahead, in their language, and erases them only once the notice went out 48 hours ago", async () => {
    const unused = await createMember();
    const telugu = await createMember();
    await env.DB.prepare("UPDATE members SET language = 'te' WHERE pid = ?1").bind(telugu.pid).run();
    const paid = await createMember({ profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2028-06-01" });
    await onlyThese([unused.pid, telugu.pid, paid.pid]);

    // Three years less three days on: nobody is due yet.
    expect(await sendRetentionNotices(env, later(-3))).toBe(0);
    // Three years less a day: within 48 hours of the end, the unused members are told; a membership that ran until 2028 is use.
    const toldAt = later(-1);
    expect(await sendRetentionNotices(env, toldAt)).toBe(2);
    expect(await sendRetentionNotices(env, toldAt)).toBe(0);
    expect(await notice(paid.pid)).toBeNull();
    const english = await notice(unused.pid);
    expect(english).toMatchObject({ status: "pending", language: "en" });
    expect(english?.body).toMatch(
      new RegExp(
        `^Namaste from Sri Lakshmi Marriage Bureau\\. Your profile \\(Profile ID ${unused.pid}\\) has not been used for 3 years, so as our privacy notice says its data will be erased on \\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d\\.`,
      ),
    );
    expect((await notice(telugu.pid))?.body).toContain("సంవత్సరాలుగా ఉపయోగంలో లేదు");

    // Held for staff (no Cloud API): not sent, so not erased, even past the 48 hours.
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 50 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await exists(unused.pid)).toBe(true);

    // Staff send it by hand (the console's click-to-chat) at toldAt; 47 hours later nothing, 48 hours later the erasure.
    const staff = await staffSession();
    const list = await (await api(`/api/admin/outbox?pid=${unused.pid}`, { headers: staff.headers })).json<{ data: { items: { id: number; waMe: string | null }[] } }>();
    expect(list.data.items[0]?.waMe).toMatch(/^https:\/\/wa\.me\/\d+\?text=Namaste/);
    const sent = await postJson(`/api/admin/outbox/${english?.id}/sent_by_hand`, {}, staff.headers);
    expect(sent.status).toBe(200);
    await env.DB.prepare("UPDATE outbox SET sent_at = ?2 WHERE id = ?1").bind(english?.id, toldAt.toISOString()).run();
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 47 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 48 * HOUR_MS + 60_000))).toEqual({ erased: 1, failed: 0 });
    expect(await exists(unused.pid)).toBe(false);
    expect(await exists(telugu.pid)).toBe(true);
    const tombstone = await env.DB.prepare("SELECT deleted_at FROM erased_members WHERE pid = ?1").bind(unused.pid).first();
    expect(tombstone).toEqual({ deleted_at: null });
  });

  it("holds the erasure while the notice failed (not on WhatsApp: staff are to send it by hand), until it went out", async () => {
    const member = await createMember();
    await onlyThese([member.pid]);
    const toldAt = later(-1);
    expect(await sendRetentionNotices(env, toldAt)).toBe(1);
    const told = await notice(member.pid);
    // What a send answered 131026 leaves: failed for good, its text kept for staff to send by hand.
    await env.DB.prepare("UPDATE outbox SET status = 'failed', failed_at = ?2, error_code = 131026, last_error = 'Message undeliverable' WHERE id = ?1")
      .bind(told?.id, toldAt.toISOString())
      .run();
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 72 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await exists(member.pid)).toBe(true);

    // Staff send it by hand and mark it sent: 48 hours after that, the erasure.
    const staff = await staffSession();
    expect((await postJson(`/api/admin/outbox/${told?.id}/sent_by_hand`, {}, staff.headers)).status).toBe(200);
    const sentAt = new Date(toldAt.getTime() + 72 * HOUR_MS);
    await env.DB.prepare("UPDATE outbox SET sent_at = ?2 WHERE id = ?1").bind(told?.id, sentAt.toISOString()).run();
    expect(await eraseDueMembers(env, new Date(sentAt.getTime() + 47 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await eraseDueMembers(env, new Date(sentAt.getTime() + 48 * HOUR_MS + 60_000))).toEqual({ erased: 1, failed: 0 });
    expect(await exists(member.pid)).toBe(false);
  });

  it("keeps, with their photos, a member who signs in after the cron read them as due and before it reached them", async () => {
    const toldAt = later(-1);
    const [first, second] = await toldWithPhotos(2, toldAt);
    if (!first || !second) throw new Error("two members");
    // The second signs in while the cron deletes the first one's photos.
    const spy = afterPhotosOf(
      new Map([
        [
          first.pid,
          async () => {
            expect((await postJson("/api/users/sign_in", { pid: second.pid, password: second.password })).status).toBe(200);
          },
        ],
      ]),
    );
    try {
      expect((await eraseDueMembers(env, new Date(toldAt.getTime() + 48 * HOUR_MS + 60_000))).failed).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(await exists(first.pid)).toBe(false);
    expect(await exists(second.pid)).toBe(true);
    expect(await photoKeysOf(second.pid)).toEqual({ photo_key: photoOf(second.pid), photo_blur_key: blurOf(second.pid) });
    expect(await env.PHOTOS.head(photoOf(second.pid))).not.toBeNull();
    expect(await env.PHOTOS.head(blurOf(second.pid))).not.toBeNull();
  });

  it("erases nothing of a member whose sign-in or sale lands after their photos went: the profile stays, without the photo", async () => {
    const staff = await staffSession();
    const toldAt = later(-1, 2);
    const [signsIn, buys] = await toldWithPhotos(2, toldAt);
    if (!signsIn || !buys) throw new Error("two members");
    const sale = { profileType: "PREMIUM", profilesCount: 25, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    const spy = afterPhotosOf(
      new Map([
        [
          signsIn.pid,
          async () => {
            expect((await postJson("/api/users/sign_in", { pid: signsIn.pid, password: signsIn.password })).status).toBe(200);
          },
        ],
        [
          buys.pid,
          async () => {
            expect((await sendJson("PUT", `/api/admin/members/${buys.pid}/membership`, sale, staff.headers)).status).toBe(200);
          },
        ],
      ]),
    );
    try {
      expect((await eraseDueMembers(env, new Date(toldAt.getTime() + 48 * HOUR_MS + 60_000))).failed).toBe(0);
    } finally {
      spy.mockRestore();
    }
    for (const member of [signsIn, buys]) {
      expect(await exists(member.pid)).toBe(true);
      // Nothing of the batch ran: the member's consents (a cascade), messages and tombstone are as they were.
      const rows = await env.DB.prepare(
        `SELECT (SELECT COUNT(*) FROM consents WHERE member_pid = ?1) AS consents, (SELECT COUNT(*) FROM outbox WHERE member_pid = ?1 AND kind = 'data_erasure_notice') AS notices,
           (SELECT COUNT(*) FROM erased_members WHERE pid = ?1) AS tombstones`,
      )
        .bind(member.pid)
        .first();
      expect(rows).toEqual({ consents: 1, notices: 1, tombstones: 0 });
      // Its photos are gone from R2: the profile shows none rather than a broken one.
      expect(await photoKeysOf(member.pid)).toEqual({ photo_key: null, photo_blur_key: null });
    }
    expect(await env.DB.prepare("SELECT erase_after FROM members WHERE pid = ?1").bind(buys.pid).first()).toEqual({ erase_after: null });
  });

  it("keeps a member who signs in after the notice, and tells them again only after another period", async () => {
    const member = await createMember();
    await onlyThese([member.pid]);
    const toldAt = later(-1);
    expect(await sendRetentionNotices(env, toldAt)).toBe(1);
    await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_at = ?2 WHERE member_pid = ?1 AND kind = 'data_erasure_notice'").bind(member.pid, toldAt.toISOString()).run();
    expect((await postJson("/api/users/sign_in", { pid: member.pid, password: member.password })).status).toBe(200);
    const row = await env.DB.prepare("SELECT erase_after, erasure_notice_at, last_sign_in_at IS NOT NULL AS signed_in FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ erase_after: null, erasure_notice_at: null, signed_in: 1 });
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 72 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await exists(member.pid)).toBe(true);
    // The sign-in was at the real time: the next notice comes three years from it, not before.
    expect(await sendRetentionNotices(env, later(-3))).toBe(0);
    expect(await sendRetentionNotices(env, later(-1))).toBe(1);
  });

  it("drops a notice still waiting to go when the member signs in first, or staff sell a membership", async () => {
    const [signsIn, buys] = [await createMember(), await createMember()];
    await onlyThese([signsIn.pid, buys.pid]);
    expect(await sendRetentionNotices(env, later(-1))).toBe(2);
    expect((await postJson("/api/users/sign_in", { pid: signsIn.pid, password: signsIn.password })).status).toBe(200);
    const staff = await staffSession();
    const sale = { profileType: "PREMIUM", profilesCount: 25, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    expect((await sendJson("PUT", `/api/admin/members/${buys.pid}/membership`, sale, staff.headers)).status).toBe(200);
    for (const member of [signsIn, buys]) {
      const dropped = await env.DB.prepare("SELECT status, expires_at IS NOT NULL AS expired, last_error FROM outbox WHERE member_pid = ?1 AND kind = 'data_erasure_notice'")
        .bind(member.pid)
        .first();
      expect(dropped).toEqual({ status: "failed", expired: 1, last_error: "Not sent: the member kept the profile (signed in or a membership)." });
    }
  });

  it("keeps a member who buys a membership after the notice: the sale cancels the erasure, which the console showed", async () => {
    const staff = await staffSession();
    const member = await createMember();
    await onlyThese([member.pid]);
    const toldAt = later(-1);
    expect(await sendRetentionNotices(env, toldAt)).toBe(1);
    await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_at = ?2 WHERE member_pid = ?1 AND kind = 'data_erasure_notice'").bind(member.pid, toldAt.toISOString()).run();
    const shown = await (await api(`/api/admin/members/${member.pid}`, { headers: staff.headers })).json<{ data: AdminMember }>();
    expect(shown.data.erasure).toEqual({ eraseAfter: new Date(toldAt.getTime() + 48 * HOUR_MS).toISOString(), reason: "retention" });

    // A correction that leaves no membership running keeps the erasure.
    // (A paid membership that has already ended is refused, ADR 0018: a free one with views is the correction.)
    const corrected = await sendJson(
      "PUT",
      `/api/admin/members/${member.pid}/membership`,
      { profileType: "FREE", profilesCount: 5, total: 0, lastViewDate: null, expectedTotal: 0 },
      staff.headers,
    );
    expect((await corrected.json<{ data: AdminMember }>()).data.erasure).toMatchObject({ reason: "retention" });

    const sale = { profileType: "MEMBER", profilesCount: 25, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    const sold = await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, sale, staff.headers);
    expect(sold.status).toBe(200);
    expect((await sold.json<{ data: AdminMember }>()).data.erasure).toBeNull();
    const row = await env.DB.prepare("SELECT erase_after, erasure_notice_at FROM members WHERE pid = ?1").bind(member.pid).first();
    expect(row).toEqual({ erase_after: null, erasure_notice_at: null });
    expect(await eraseDueMembers(env, new Date(toldAt.getTime() + 72 * HOUR_MS))).toEqual({ erased: 0, failed: 0 });
    expect(await exists(member.pid)).toBe(true);
    // While the membership runs, nobody tells them again.
    expect(await sendRetentionNotices(env, later(30))).toBe(0);
  });

  it("cancels in the cron an erasure announced to a member whose paid membership runs, but erases a deleted profile whatever it paid", async () => {
    const staff = await staffSession();
    const [paid, free, deleted] = [await createMember(), await createMember(), await createMember()];
    await onlyThese([paid.pid, free.pid, deleted.pid]);
    const toldAt = later(-1);
    expect(await sendRetentionNotices(env, toldAt)).toBe(3);
    await env.DB.prepare("UPDATE outbox SET status = 'sent', sent_at = ?1 WHERE kind = 'data_erasure_notice'").bind(toldAt.toISOString()).run();
    // Memberships written without cancelling the erasure, as sales were before it did (or a notice that crossed one).
    const membership = "UPDATE members SET profile_type = ?2, profiles_count = 5, last_view_date = ?3 WHERE pid = ?1";
    await env.DB.prepare(membership).bind(paid.pid, "DONOR", "2099-01-01").run();
    // A free member with a date, or a membership that ended, keeps nobody.
    await env.DB.prepare(membership).bind(free.pid, "FREE", "2099-01-01").run();
    await env.DB.prepare(membership).bind(deleted.pid, "DONOR", "2099-01-01").run();
    expect((await postJson(`/api/admin/members/${deleted.pid}/delete_profile`, {}, staff.headers)).status).toBe(200);
    await env.DB.prepare("UPDATE members SET erase_after = ?2 WHERE pid = ?1").bind(deleted.pid, toldAt.toISOString()).run();

    // (Members of the tests before may be due too.)
    expect((await eraseDueMembers(env, new Date(toldAt.getTime() + 48 * HOUR_MS + 60_000))).failed).toBe(0);
    expect(await exists(paid.pid)).toBe(true);
    expect(await exists(free.pid)).toBe(false);
    expect(await exists(deleted.pid)).toBe(false);
    const row = await env.DB.prepare("SELECT erase_after, erasure_notice_at FROM members WHERE pid = ?1").bind(paid.pid).first();
    expect(row).toEqual({ erase_after: null, erasure_notice_at: null });
  });

  it("records no notice for a member who bought a membership after the job read them as unused", async () => {
    const member = await createMember();
    await onlyThese([member.pid]);
    const now = later(-1);
    const unused = { since: new Date(now.getTime() - 3 * YEAR_MS + 48 * HOUR_MS), membershipEndedBefore: "2025-01-01" };
    await env.DB.prepare("UPDATE members SET profile_type = 'DONOR', profiles_count = 5, last_view_date = '2099-01-01' WHERE pid = ?1").bind(member.pid).run();
    const marked = await markNoticeSent(env.DB, member.pid, unused, now, new Date(now.getTime() + 48 * HOUR_MS)).all();
    expect(marked.results).toEqual([]);
    await env.DB.prepare("UPDATE members SET last_view_date = '2024-12-31' WHERE pid = ?1").bind(member.pid).run();
    expect((await markNoticeSent(env.DB, member.pid, unused, now, new Date(now.getTime() + 48 * HOUR_MS)).all()).results).toEqual([{ pid: member.pid }]);
  });

  it("sends the notice as the approved template data_erasure_notice through the Cloud API", async () => {
    const wa = await testWhatsApp();
    const member = await createMember();
    await onlyThese([member.pid]);
    expect(await sendRetentionNotices(wa.env, later(-1))).toBe(1);
    await deliverOutbox(wa.env);
    const [message] = await wa.messagesTo(`+9190000${String(member.pid).padStart(5, "0")}`);
    expect(message).toBeDefined();
    const template = templateOf(message ?? {});
    expect(template).toMatchObject({ name: "data_erasure_notice", language: "en_IN", button: "login" });
    expect(template.body.slice(0, 3)).toEqual(["Sri Lakshmi Marriage Bureau", String(member.pid), "3"]);
    expect((await notice(member.pid))?.status).toBe("sent");
  });

  it("sends the notice as its template inside the member's window when SITE_URL is empty, and as text only with the sign-in link", async () => {
    const wa = await testWhatsApp();
    const [withoutSite, withSite] = [await createMember(), await createMember()];
    const mobiles = [withoutSite, withSite].map((member) => contactOf(member.pid).mobile);
    // Both wrote to the agency: their 24-hour windows are open, where a message may go as free text, which has no button.
    for (const mobile of mobiles) await wa.inbound(mobile, "Namaste");
    await wa.deliverWebhooks(2);
    await onlyThese([withoutSite.pid]);
    expect(await sendRetentionNotices({ ...wa.env, SITE_URL: "" }, later(-1))).toBe(1);
    await env.DB.prepare("UPDATE members SET last_sign_in_at = NULL WHERE pid = ?1").bind(withSite.pid).run();
    expect(await sendRetentionNotices({ ...wa.env, SITE_URL: "https://agency.example" }, later(-1))).toBe(1);
    await deliverOutbox(wa.env);

    const [template] = await wa.messagesTo(mobiles[0] ?? "");
    expect(template?.type).toBe("template");
    expect(templateOf(template ?? {})).toMatchObject({ name: "data_erasure_notice", button: "login" });
    const [text] = await wa.messagesTo(mobiles[1] ?? "");
    expect(text).toMatchObject({ type: "text", text: { preview_url: true } });
    expect((text?.text as { body?: string } | undefined)?.body).toMatch(/\n\nSign in: https:\/\/agency\.example\/login$/);
  });

  it(`tells at most ${NOTICES_PER_RUN} members a run, the longest unused first`, async () => {
    const members = await Promise.all(Array.from({ length: NOTICES_PER_RUN + 1 }, () => createMember()));
    await onlyThese(members.map((member) => member.pid));
    await env.DB.batch(
      members.map((member, i) =>
        env.DB.prepare("UPDATE members SET last_sign_in_at = ?2 WHERE pid = ?1").bind(member.pid, new Date(Date.UTC(2026, 0, 1) + i * HOUR_MS).toISOString()),
      ),
    );
    expect(await sendRetentionNotices(env, later(-1))).toBe(NOTICES_PER_RUN);
    expect(await notice(members.at(-1)!.pid)).toBeNull();
    expect(await sendRetentionNotices(env, later(-1))).toBe(1);
  });

  it("reads its periods from wrangler.toml, with the defaults when unset, and refuses a mistyped one", () => {
    expect(config({ ...env, ERASURE_AFTER_DAYS: "", RETENTION_YEARS: "" })).toMatchObject({ erasureAfterDays: 7, retentionYears: 3 });
    expect(config({ ...env, ERASURE_AFTER_DAYS: "0", RETENTION_YEARS: "5" })).toMatchObject({ erasureAfterDays: 0, retentionYears: 5 });
    expect(() => config({ ...env, ERASURE_AFTER_DAYS: "seven" })).toThrow('ERASURE_AFTER_DAYS must be a whole number of at least 0, not "seven"');
    expect(() => config({ ...env, RETENTION_YEARS: "0" })).toThrow('RETENTION_YEARS must be a whole number of at least 1, not "0"');
  });

  it("runs from the scheduled handler with the real clock, finding nobody due", async () => {
    const worker = (await import("#worker/index.ts")).default;
    await expect(worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry: () => {} }, env)).resolves.toBeUndefined();
  });
});
