import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { FullProfile, ViewResult } from "#shared/api-types.ts";
import { api, createInterest, createMember, postJson, signedInMember } from "./setup/fixtures.ts";

// The paid service: who may see a full profile and phone number, and the
// charge of one view the first time only, exactly once (docs/specification.md
// § "6. Roles and permissions", § "9. Business constants and limits",
// § "Lists and profiles").

const ACTIVE = { profileType: "PREMIUM", profilesCount: 5, total: 1, lastViewDate: "2099-01-01" } as const;

function view(headers: Record<string, string>, pid: number) {
  return postJson("/api/view_profile", { pid }, headers);
}

async function totalOf(pid: number): Promise<number> {
  return (await env.DB.prepare("SELECT total FROM members WHERE pid = ?1").bind(pid).first<{ total: number }>())?.total ?? -1;
}

describe("POST /api/view_profile", () => {
  it("shows an approved profile with its phone and charges one view the first time only", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    await env.DB.prepare("UPDATE members SET has_siblings = 1 WHERE pid = ?1").bind(bride.pid).run();
    await env.DB.prepare("INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, 'YB', 'Ravi', 'U', 'N', 'Studying B.Tech')")
      .bind(bride.pid)
      .run();
    await createInterest(groom.pid, bride.pid, "approved");

    const first = await view(groom.headers, bride.pid);
    expect(first.status).toBe(200);
    const result = (await first.json<{ data: ViewResult }>()).data;
    expect(result.charged).toBe(true);
    expect(result.profileLimits).toMatchObject({ profilesCount: 5, total: 2 });
    expect(result.profile).toMatchObject({
      pid: bride.pid,
      mobileNo: `+9190000${bride.pid}`,
      email: `member${bride.pid}@example.com`,
      presentAddress: "Door 4-5, Brodipet, Guntur",
      star: "Rohini",
      starTe: "రోహిణి",
      religion: "Hindu",
      photoUrl: `/images/photos/full-${bride.pid}.jpg`,
      siblings: [{ type: "YB", name: "Ravi", married: "U", working: "N", workDetails: "Studying B.Tech" }],
    });

    const again = await view(groom.headers, bride.pid);
    expect((await again.json<{ data: ViewResult }>()).data.charged).toBe(false);
    expect(await totalOf(groom.pid)).toBe(2);

    const read = await api(`/api/users/${bride.pid}?normalized=true`, { headers: groom.headers });
    expect(read.status).toBe(200);
    expect((await read.json<{ data: FullProfile }>()).data.mobileNo).toBe(`+9190000${bride.pid}`);
    expect(await totalOf(groom.pid)).toBe(2);
  });

  it("charges exactly once when the same view arrives many times at once", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    await createInterest(groom.pid, bride.pid, "approved");
    const responses = await Promise.all(Array.from({ length: 12 }, () => view(groom.headers, bride.pid)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const charged = await Promise.all(responses.map(async (r) => (await r.json<{ data: ViewResult }>()).data.charged));
    expect(charged.filter(Boolean)).toHaveLength(1);
    expect(await totalOf(groom.pid)).toBe(2);
  });

  it("refuses a zero balance without charging, but a profile already seen stays free", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "DONOR", profilesCount: 1, total: 0, lastViewDate: "2099-01-01" });
    const [seen, next] = [await createMember({ gender: "F" }), await createMember({ gender: "F" })];
    await createInterest(groom.pid, seen.pid, "approved");
    await createInterest(groom.pid, next.pid, "approved");
    expect((await view(groom.headers, seen.pid)).status).toBe(200);
    const refused = await view(groom.headers, next.pid);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: `Your balance of profiles is zero. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}`, code: "BALANCE_EXHAUSTED" });
    expect(await totalOf(groom.pid)).toBe(1);
    expect((await view(groom.headers, seen.pid)).status).toBe(200);
    // The zero-balance dialog comes before anything about the request.
    const unasked = await createMember({ gender: "F" });
    expect((await (await view(groom.headers, unasked.pid)).json<{ code: string }>()).code).toBe("BALANCE_EXHAUSTED");
  });

  it("gives FREE and expired members their dialogs and never charges", async () => {
    const bride = await createMember({ gender: "F" });
    const free = await signedInMember({ gender: "M" });
    const expired = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 9, lastViewDate: "2025-03-31" });
    await createInterest(free.pid, bride.pid, "approved");
    await createInterest(expired.pid, bride.pid, "approved");
    const freeAnswer = await view(free.headers, bride.pid);
    expect(freeAnswer.status).toBe(403);
    expect(await freeAnswer.json()).toEqual({
      error: `This service is only for paid members. Your Profile ID is ${free.pid}. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}`,
      code: "MEMBERSHIP_REQUIRED",
    });
    // Told when it ended, what waits, and how to renew (ADR 0015), not treated as FREE.
    const expiredAnswer = await view(expired.headers, bride.pid);
    expect(await expiredAnswer.json()).toEqual({
      error: `Your PLATINUM membership ended on 31-03-2025. 9 profile views are waiting for you: renew to use them. To renew, call or WhatsApp ${env.AGENCY_NAME} ${env.AGENCY_PHONE}.`,
      code: "MEMBERSHIP_EXPIRED",
    });
    // A Telugu reader reads the tier's name in Telugu too (ADR 0040), with the day as Telugu readers write it.
    const inTelugu = await view({ ...expired.headers, "Accept-Language": "te" }, bride.pid);
    expect((await inTelugu.json<{ error: string }>()).error).toMatch(/^మీ ప్లాటినం సభ్యత్వం 31 మార్చి, 2025న ముగిసింది\. మీకు ఇంకా 9 ప్రొఫైల్‌లు/);
    expect(await totalOf(free.pid)).toBe(0);
    expect(await totalOf(expired.pid)).toBe(0);
  });

  it("refuses a request that is pending, denied or withdrawn, and one never made", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    for (const state of ["pending", "denied", "withdrawn", null] as const) {
      const bride = await createMember({ gender: "F" });
      if (state) await createInterest(groom.pid, bride.pid, state);
      const response = await view(groom.headers, bride.pid);
      expect(response.status).toBe(403);
      expect((await response.json<{ code: string }>()).code).toBe("NOT_APPROVED");
    }
    expect(await totalOf(groom.pid)).toBe(1);
  });

  it("answers bad input and anonymous callers clearly", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    expect((await postJson("/api/view_profile", { pid: "x" }, groom.headers)).status).toBe(400);
    expect((await view(groom.headers, groom.pid)).status).toBe(400);
    expect((await postJson("/api/view_profile", { pid: 10001 })).status).toBe(401);
  });
});

describe("GET /api/users/{pid}?normalized=true", () => {
  it("lets the owner read their own full profile", async () => {
    const me = await signedInMember();
    const response = await api(`/api/users/${me.pid}?normalized=true`, { headers: me.headers });
    expect((await response.json<{ data: FullProfile }>()).data).toMatchObject({ pid: me.pid, height: expect.stringContaining("ft") });
  });

  it("asks an approved member to confirm the view before showing it", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    await createInterest(groom.pid, bride.pid, "approved");
    const response = await api(`/api/users/${bride.pid}?normalized=true`, { headers: groom.headers });
    expect(response.status).toBe(403);
    expect((await response.json<{ code: string }>()).code).toBe("VIEW_NOT_CONFIRMED");
    expect(await totalOf(groom.pid)).toBe(1);
  });

  it("tells a member what stands in the way, in their language, keeping the codes", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const read = async (pid: number, headers: Record<string, string> = groom.headers) => {
      const response = await api(`/api/users/${pid}?normalized=true`, { headers });
      expect(response.status).toBe(403);
      return response.json<{ error: string; code: string }>();
    };
    const noRequest = "You have not sent a request for this profile. Open the profile to send one.";
    // Opened directly, with no request ever sent: not "not approved yet", but how to ask.
    const unasked = await createMember({ gender: "F" });
    expect(await read(unasked.pid)).toEqual({ error: noRequest, code: "NOT_APPROVED" });
    expect(await read(unasked.pid, { ...groom.headers, "Accept-Language": "te" })).toEqual({
      error: "ఈ ప్రొఫైల్‌కు మీరు అభ్యర్థన పంపలేదు. పంపడానికి ప్రొఫైల్‌ను తెరవండి.",
      code: "NOT_APPROVED",
    });
    const expected = { pending: "The profile owner has not approved your request yet.", denied: "The profile owner did not accept your request", withdrawn: noRequest };
    for (const [state, error] of Object.entries(expected)) {
      const bride = await createMember({ gender: "F" });
      await createInterest(groom.pid, bride.pid, state as keyof typeof expected);
      expect(await read(bride.pid)).toEqual({ error, code: "NOT_APPROVED" });
    }

    // At a zero balance the balance is what stands in the way, asked or not (§ "6. Roles and permissions").
    const spent = await signedInMember({ gender: "M", profileType: "DONOR", profilesCount: 2, total: 2, lastViewDate: "2099-01-01" });
    const zeroBalance = `Your balance of profiles is zero. Please contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}`;
    expect(await read(unasked.pid, spent.headers)).toEqual({ error: zeroBalance, code: "NOT_APPROVED" });
    const approved = await createMember({ gender: "F" });
    await createInterest(spent.pid, approved.pid, "approved");
    expect(await read(approved.pid, spent.headers)).toEqual({ error: zeroBalance, code: "VIEW_NOT_CONFIRMED" });

    // POST view_profile says the same of a request that is not approved.
    const pending = await createMember({ gender: "F" });
    await createInterest(groom.pid, pending.pid, "pending");
    expect(await (await view(groom.headers, pending.pid)).json()).toEqual({ error: expected.pending, code: "NOT_APPROVED" });
    expect(await (await view(groom.headers, unasked.pid)).json()).toEqual({ error: noRequest, code: "NOT_APPROVED" });
    expect(await totalOf(groom.pid)).toBe(1);
  });
});

describe("what a member paid for stays theirs (ADR 0012)", () => {
  it("keeps an unlocked profile open after the request is withdrawn, asked again and declined", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await signedInMember({ gender: "F", showPhoto: 1 });
    await createInterest(groom.pid, bride.pid, "approved");
    expect((await view(groom.headers, bride.pid)).status).toBe(200);
    expect(await totalOf(groom.pid)).toBe(2);

    const stillOpen = async () => {
      const read = await api(`/api/users/${bride.pid}?normalized=true`, { headers: groom.headers });
      expect(read.status).toBe(200);
      expect((await read.json<{ data: FullProfile }>()).data.mobileNo).toBe(`+9190000${bride.pid}`);
      const whatsapp = await (await api(`/api/whatsapp_profile?pid=${bride.pid}`, { headers: groom.headers })).json<{ data: { phone: string | null } }>();
      expect(whatsapp.data.phone).toBe(`+9190000${bride.pid}`);
      const card = await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: { viewed: boolean; photoVisible: boolean } }>();
      expect(card.data).toMatchObject({ viewed: true, photoVisible: true });
      const again = await view(groom.headers, bride.pid);
      expect(again.status).toBe(200);
      expect((await again.json<{ data: ViewResult }>()).data.charged).toBe(false);
    };

    expect((await postJson("/api/delete_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).status).toBe(200);
    await stillOpen();
    expect((await postJson("/api/send_interest", { fpid: groom.pid, tpid: bride.pid }, groom.headers)).status).toBe(200);
    expect((await postJson("/api/reject_interest", { pid: groom.pid }, bride.headers)).status).toBe(200);
    await stillOpen();
    expect(await totalOf(groom.pid)).toBe(2);
  });

  it("closes a deactivated profile like a deleted one, and charges nothing for it", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const seen = await createMember({ gender: "F" });
    const approved = await createMember({ gender: "F" });
    await createInterest(groom.pid, seen.pid, "approved");
    await createInterest(groom.pid, approved.pid, "approved");
    expect((await view(groom.headers, seen.pid)).status).toBe(200);
    expect(await totalOf(groom.pid)).toBe(2);

    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid IN (?1, ?2)").bind(seen.pid, approved.pid).run();
    const read = await api(`/api/users/${seen.pid}?normalized=true`, { headers: groom.headers });
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain(`+9190000${seen.pid}`);
    for (const pid of [seen.pid, approved.pid]) {
      const viewed = await view(groom.headers, pid);
      expect(viewed.status, `view ${pid}`).toBe(404);
      expect(await viewed.text()).not.toContain(`+9190000${pid}`);
    }
    expect(await totalOf(groom.pid)).toBe(2);
  });

  it("never charges a view it answers 404: the charge and the read are one transaction", async () => {
    const groom = await signedInMember({ gender: "M", ...ACTIVE });
    const bride = await createMember({ gender: "F" });
    await createInterest(groom.pid, bride.pid, "approved");
    // The owner's profile is deactivated the moment the charge has been
    // written, before anything else the view does.
    const hook = afterTheCharge(() => env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(bride.pid).run());
    let viewed: Response;
    try {
      viewed = await view(groom.headers, bride.pid);
    } finally {
      hook.restore();
    }
    expect(hook.fired()).toBe(true);
    // The read belongs to the charge: the member sees what they paid for, as it was when they paid.
    expect(viewed.status).toBe(200);
    expect((await viewed.json<{ data: ViewResult }>()).data).toMatchObject({ charged: true, profile: { pid: bride.pid } });
    expect(await totalOf(groom.pid)).toBe(2);
    // Afterwards the profile is closed, and a second view charges nothing.
    expect((await view(groom.headers, bride.pid)).status).toBe(404);
    expect(await totalOf(groom.pid)).toBe(2);
  });
});

/**
 * Runs `then` as soon as the statement that charges a view (INSERT INTO
 * profile_views) has run, alone or in a batch, on the binding or in a
 * session (ADR 0032): what another request could do between two statements.
 */
function afterTheCharge(then: () => Promise<unknown>): { fired: () => boolean; restore: () => void } {
  const charges = new WeakSet<D1PreparedStatement>();
  let fired = false;
  const fire = async () => {
    if (fired) return;
    fired = true;
    await then();
  };
  const tagged = (statement: D1PreparedStatement): D1PreparedStatement => {
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => {
      const bound = bind(...values);
      charges.add(bound);
      const first = bound.first.bind(bound) as (column?: string) => Promise<unknown>;
      bound.first = (async (column?: string) => {
        const row = await first(column);
        await fire();
        return row;
      }) as D1PreparedStatement["first"];
      return bound;
    };
    return statement;
  };
  const wrap = (prepare: (query: string) => D1PreparedStatement, batch: D1Database["batch"]) => ({
    prepare: (query: string) => (query.includes("INSERT INTO profile_views") ? tagged(prepare(query)) : prepare(query)),
    batch: (async (statements: D1PreparedStatement[]) => {
      const results = await batch(statements);
      if (statements.some((statement) => charges.has(statement))) await fire();
      return results;
    }) as D1Database["batch"],
  });
  const primary = wrap(env.DB.prepare.bind(env.DB), env.DB.batch.bind(env.DB));
  const withSession = env.DB.withSession.bind(env.DB);
  const spies = [
    vi.spyOn(env.DB, "prepare").mockImplementation(primary.prepare),
    vi.spyOn(env.DB, "batch").mockImplementation(primary.batch),
    vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
      const session = withSession(start);
      return { ...wrap(session.prepare.bind(session), session.batch.bind(session)), getBookmark: () => session.getBookmark() };
    }),
  ];
  return {
    fired: () => fired,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

describe("nothing protected leaves the server", () => {
  it("no list or profile endpoint gives contact details to anonymous, FREE, expired, zero-balance or unrelated members", async () => {
    const bride = await createMember({ gender: "F", showPhoto: 1 });
    const viewers = {
      free: await signedInMember({ gender: "M" }),
      expired: await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2024-01-01" }),
      zeroBalance: await signedInMember({ gender: "M", profileType: "DONOR", profilesCount: 2, total: 2, lastViewDate: "2099-01-01" }),
      unrelated: await signedInMember({ gender: "M", ...ACTIVE }),
    };
    // Even an approved request does not open contact details before a confirmed view.
    await createInterest(viewers.zeroBalance.pid, bride.pid, "approved");
    const contact = [`+9190000${bride.pid}`, `+9180000${bride.pid}`, `member${bride.pid}@example.com`, "Brodipet"];
    // The approved member may see the photo (§ "6. Roles and permissions"), never the contact details.
    const fullPhoto = `full-${bride.pid}.jpg`;
    const paths = [
      "/api/Simple_Search_Profiles",
      "/api/Simple_Search_Profiles?order=new",
      "/api/eloborate_profile",
      "/api/matching_profiles",
      `/api/single_user_profile/${bride.pid}`,
      `/api/users/${bride.pid}`,
      `/api/users/${bride.pid}?normalized=true`,
      `/api/sibling/${bride.pid}`,
    ];
    const callers: [Record<string, string>, string[]][] = [
      [{}, [...contact, fullPhoto]],
      [viewers.free.headers, [...contact, fullPhoto]],
      [viewers.expired.headers, [...contact, fullPhoto]],
      [viewers.zeroBalance.headers, contact],
      [viewers.unrelated.headers, [...contact, fullPhoto]],
    ];
    for (const [headers, protectedValues] of callers) {
      for (const path of paths) {
        const body = await (await api(path, { headers })).text();
        for (const value of protectedValues) expect(body, `${path} leaked ${value}`).not.toContain(value);
      }
      const viewed = await (await view(headers, bride.pid)).text();
      for (const value of protectedValues) expect(viewed).not.toContain(value);
    }
  });
});
