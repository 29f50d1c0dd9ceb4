import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminDataRequest, DataRequestReceipt, PrivacyInfo } from "#shared/api-types.ts";
import { addDays } from "#shared/data-request-due.ts";
import { todayIn } from "#shared/dates.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { api, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Members' requests about their data and the privacy contact (DPDP Rules
// 2025, Rules 9 and 14; ADR 0033): members file correction, erasure and
// grievance requests, staff record the ones that came by phone and close
// them, each with the day its answer is due; GET /api/privacy names whom to ask.

const today = () => todayIn("Asia/Kolkata");

const file = (headers: Record<string, string>, body: unknown) => postJson("/api/users/data_requests", body, headers);

async function receipt(response: Response): Promise<DataRequestReceipt> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ data: DataRequestReceipt }>()).data;
}

const listAs = async (headers: Record<string, string>, status: "open" | "closed") => {
  const response = await api(`/api/admin/data_requests?status=${status}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json<{ data: { requests: AdminDataRequest[] } }>()).data.requests;
};

describe("POST /api/users/data_requests", () => {
  it("files a request about the member's own data, due 30 days on for a correction, 7 for erasure, 90 for a grievance", async () => {
    const member = await signedInMember();
    const correction = await receipt(await file(member.headers, { kind: "correction", details: "  My star is Rohini, not Hasta.  " }));
    expect(correction).toMatchObject({ kind: "correction", dueOn: addDays(today(), 30) });
    expect(correction.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await receipt(await file(member.headers, { kind: "erasure", details: "Please remove my profile." }))).dueOn).toBe(addDays(today(), 7));
    expect((await receipt(await file(member.headers, { kind: "grievance", details: "A message came at night." }))).dueOn).toBe(addDays(today(), 90));

    const stored = await env.DB.prepare("SELECT pid, details, recorded_by, status FROM data_requests WHERE id = ?1").bind(correction.id).first();
    expect(stored).toEqual({ pid: member.pid, details: "My star is Rohini, not Hasta.", recorded_by: null, status: "open" });
  });

  it("says what is wrong with a request, and refuses a sixth one while five wait for an answer", async () => {
    const member = await signedInMember();
    const badKind = await file(member.headers, { kind: "deletion", details: "x" });
    expect(badKind.status).toBe(400);
    expect((await badKind.json<{ fields: Record<string, string> }>()).fields.kind).toBe("Choose correction, erasure or grievance");
    const blank = await file(member.headers, { kind: "grievance", details: "   " });
    expect((await blank.json<{ fields: Record<string, string> }>()).fields.details).toBe("Please describe your request");
    const long = await file(member.headers, { kind: "grievance", details: "x".repeat(2001) });
    expect(long.status).toBe(400);

    for (let i = 0; i < 5; i++) await receipt(await file(member.headers, { kind: "grievance", details: `Complaint ${i}` }));
    const sixth = await file(member.headers, { kind: "grievance", details: "Complaint 6" });
    expect(sixth.status).toBe(409);
    expect((await sixth.json<{ error: string }>()).error).toMatch(/You have 5 requests the agency has not answered yet/);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM data_requests WHERE pid = ?1").bind(member.pid).first<{ n: number }>())?.n).toBe(5);
  });

  it("stores no more than five open requests when many are sent at once", async () => {
    const member = await signedInMember();
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => file(member.headers, { kind: "grievance", details: `At once ${i}` })));
    expect(answers.filter((response) => response.status === 200)).toHaveLength(5);
    expect(answers.filter((response) => response.status === 409)).toHaveLength(4);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM data_requests WHERE pid = ?1").bind(member.pid).first<{ n: number }>())?.n).toBe(5);
  });

  it("is only for signed-in members", async () => {
    expect((await postJson("/api/users/data_requests", { kind: "grievance", details: "x" })).status).toBe(401);
    const staff = await staffSession();
    expect((await file(staff.headers, { kind: "grievance", details: "x" })).status).toBe(401);
  });
});

describe("data requests in the console", () => {
  it("records a request that came by phone on the day it came, lists open ones by due date, and closes one with its outcome", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const called = await receipt(
      await postJson("/api/admin/data_requests", { pid: member.pid, kind: "grievance", details: "Phoned about a message.", receivedOn: "2026-01-10" }, staff.headers),
    );
    expect(called).toMatchObject({ kind: "grievance", receivedAt: "2026-01-10T00:00:00.000Z", dueOn: "2026-04-10" });
    const anonymous = await receipt(await postJson("/api/admin/data_requests", { kind: "correction", details: "A caller without a Profile ID." }, staff.headers));
    expect(anonymous.dueOn).toBe(addDays(today(), 30));

    const open = await listAs(staff.headers, "open");
    const dues = open.map((request) => request.dueOn);
    expect(dues).toEqual([...dues].sort());
    expect(open.find((request) => request.id === called.id)).toMatchObject({ pid: member.pid, status: "open", closedAt: null, outcome: null });
    expect(open.find((request) => request.id === anonymous.id)?.pid).toBeNull();

    const closed = await postJson(`/api/admin/data_requests/${called.id}/close`, { outcome: "Explained that the message was sent in error." }, staff.headers);
    expect(closed.status).toBe(200);
    expect((await closed.json<{ data: AdminDataRequest }>()).data).toMatchObject({ status: "closed", outcome: "Explained that the message was sent in error." });
    expect((await listAs(staff.headers, "open")).some((request) => request.id === called.id)).toBe(false);
    expect((await listAs(staff.headers, "closed")).some((request) => request.id === called.id)).toBe(true);

    const again = await postJson(`/api/admin/data_requests/${called.id}/close`, { outcome: "Twice" }, staff.headers);
    expect(again.status).toBe(409);
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE staff_id = ?1 ORDER BY id").bind(staff.id).all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(["record_data_request", "record_data_request", "close_data_request"]);
  });

  it("says what is wrong: an unknown Profile ID, a day still to come, a missing outcome, a request nobody has", async () => {
    const staff = await staffSession();
    const unknown = await postJson("/api/admin/data_requests", { pid: 9_999_999, kind: "erasure", details: "x" }, staff.headers);
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ fields: Record<string, string> }>()).fields.pid).toBe("No member has the Profile ID 9999999.");
    const future = await postJson("/api/admin/data_requests", { kind: "erasure", details: "x", receivedOn: "2999-01-01" }, staff.headers);
    expect((await future.json<{ fields: Record<string, string> }>()).fields.receivedOn).toBe("A request cannot have come in after today.");
    const notADay = await postJson("/api/admin/data_requests", { kind: "erasure", details: "x", receivedOn: "2026-02-30" }, staff.headers);
    expect((await notADay.json<{ fields: Record<string, string> }>()).fields.receivedOn).toBe("This is not a date");

    const request = await receipt(await postJson("/api/admin/data_requests", { kind: "correction", details: "x" }, staff.headers));
    const noOutcome = await postJson(`/api/admin/data_requests/${request.id}/close`, { outcome: " " }, staff.headers);
    expect((await noOutcome.json<{ fields: Record<string, string> }>()).fields.outcome).toBe("Say what was done");
    expect((await postJson("/api/admin/data_requests/9999999/close", { outcome: "Done" }, staff.headers)).status).toBe(404);
    expect((await postJson("/api/admin/data_requests/abc/close", { outcome: "Done" }, staff.headers)).status).toBe(400);
  });

  it("is for staff: members and anonymous callers are refused with 401", async () => {
    const member = await signedInMember();
    expect((await api("/api/admin/data_requests", { headers: member.headers })).status).toBe(401);
    expect((await postJson("/api/admin/data_requests", { kind: "correction", details: "x" }, member.headers)).status).toBe(401);
    expect((await postJson("/api/admin/data_requests/1/close", { outcome: "x" })).status).toBe(401);
  });
});

describe("GET /api/privacy", () => {
  it("names the agency when no privacy contact is configured, with the periods and the notice in force, cacheable", async () => {
    const response = await api("/api/privacy");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const info: PrivacyInfo = (await response.json<{ data: PrivacyInfo }>()).data;
    expect(info).toEqual({
      noticeVersion: NOTICE_VERSION,
      contact: { name: env.AGENCY_NAME, email: "", phone: env.AGENCY_PHONE },
      erasureAfterDays: 7,
      retentionYears: 3,
    });
  });

  it("names the configured contact", async () => {
    const configured = { ...env, PRIVACY_CONTACT_NAME: "K. Srinivas, Grievance Officer", PRIVACY_CONTACT_EMAIL: "privacy@example.in", PRIVACY_CONTACT_PHONE: "+91 90000 11111" };
    const info = (await (await api("/api/privacy", {}, configured)).json<{ data: PrivacyInfo }>()).data;
    expect(info.contact).toEqual({ name: "K. Srinivas, Grievance Officer", email: "privacy@example.in", phone: "+91 90000 11111" });
  });
});
