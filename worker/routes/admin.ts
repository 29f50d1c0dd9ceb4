import { Hono } from "hono";
import type { ApiSuccess, InterestResult } from "#shared/api-types.ts";
import { ownPasswordSchema, profileInterestSchema, staffSignInSchema } from "#shared/schemas/staff.ts";
import type { AuditEntry, Paged, StaffSignInResult, StaffUser } from "#shared/admin-types.ts";
import { auditQuery } from "#shared/schemas/admin.ts";
import { auditEntry, changeOwnPassword, createStaffSession, endStaffSession, getStaffById, getStaffByUsername, getStaffCredentials, listAudit } from "../db/staff.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { sendInterest } from "../lib/send-interest.ts";
import { STAFF_AUDIENCE, randomId, signSessionToken } from "../lib/session-token.ts";
import { passwordMatches, rightPasswordStatements, takePasswordAttempt } from "../lib/sign-in.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, queryParams } from "../middleware/validate.ts";
import adminLinks from "./admin-links.ts";
import adminMemberProfile from "./admin-member-profile.ts";
import adminMembers from "./admin-members.ts";
import adminOutbox from "./admin-outbox.ts";
import adminPrivacy from "./admin-privacy.ts";
import adminPublicPages from "./admin-public-pages.ts";
import adminStaff from "./admin-staff.ts";
import adminRecommendations from "./admin-recommendations.ts";
import { staffDeleteProfile } from "./delete-profile.ts";

// The agency's admin API (ADR 0018), under /api/admin. Staff sign in with
// their own accounts; every call refuses members' tokens and anonymous
// callers, and every change is written to the audit log.

const STAFF_SESSION_HOURS = 12;
const signInFailed = () => new ApiError(400, "SIGN_IN_FAILED", "Incorrect username or password", { err: "Incorrect username or password" });

const admin = new Hono<AppEnv>()
  // Staff answers carry members' phone numbers and messages: no cache keeps them.
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .post("/sign_in", ...jsonBody(staffSignInSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const cfg = config(c.env);
    const now = new Date();
    // Counted before the password is checked, per network and for all (ADR 0024).
    await takePasswordAttempt(c, { username }, now);
    const staff = await getStaffByUsername(c.env.DB, username);
    const matches = await passwordMatches(password, staff?.passwordHash, cfg.passwordPepper);
    if (!staff || !matches || !staff.active) throw signInFailed();
    const sessionId = randomId();
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
    if (!(await createStaffSession(c.env.DB, { id: sessionId, staffId: staff.id, expiresAt, checkedHash: staff.passwordHash }))) throw signInFailed();
    await c.env.DB.batch(rightPasswordStatements(c, { username }));
    const token = await signSessionToken({ pid: staff.id, sessionId }, cfg.sessionSecret, expiresAt, STAFF_AUDIENCE);
    const result: StaffSignInResult = { token, staff: { id: staff.id, username: staff.username, name: staff.name, role: staff.role } };
    return c.json({ data: result } satisfies ApiSuccess<StaffSignInResult>);
  })
  .get("/me", requireStaff(), async (c) => c.json({ data: await getStaffById(c.env.DB, c.var.staff.id) } satisfies ApiSuccess<StaffUser | null>))
  // The password is proved again, with the sign-in back-off: a session left
  // open on a shared computer must not be enough to take over the account.
  .put("/me/password", requireStaff(), ...jsonBody(ownPasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const cfg = config(c.env);
    const now = new Date();
    const staff = await getStaffCredentials(c.env.DB, c.var.staff.id);
    if (!staff) throw new Error("a signed-in staff account was not found");
    await takePasswordAttempt(c, { username: staff.username }, now);
    if (!(await verifyPassword(currentPassword, staff.passwordHash, cfg.passwordPepper))) {
      const message = "This is not your current password.";
      throw new ApiError(400, "VALIDATION_FAILED", message, { fields: { currentPassword: message } });
    }
    const changed = await changeOwnPassword(c.env.DB, {
      id: staff.id,
      username: staff.username,
      checkedHash: staff.passwordHash,
      newHash: await hashPassword(newPassword, cfg.passwordPepper),
      keptSessionId: c.var.staff.sessionId,
      now,
    });
    if (!changed) throw new ApiError(409, "CONFLICT", "Your password was changed meanwhile. Please sign in again.");
    return c.json({ data: { changed: true } } satisfies ApiSuccess<{ changed: true }>);
  })
  .post("/sign_out", requireStaff(), async (c) => {
    await endStaffSession(c.env.DB, c.var.staff.sessionId, new Date());
    return c.json({ data: { signedOut: true } } satisfies ApiSuccess<{ signedOut: true }>);
  })
  .post("/profile_interest", requireStaff(), ...jsonBody(profileInterestSchema), async (c) => {
    const { userId, interestedId, skip } = c.req.valid("json");
    const audit = (db: D1Database) =>
      auditEntry(db, { staffId: c.var.staff.id, action: "profile_interest", target: `${userId}->${interestedId}`, after: { status: "sent" } }, { onlyIfPreviousChanged: true });
    const result = await sendInterest(c, userId, interestedId, { skip, agency: { audit } });
    return c.json({ data: result } satisfies ApiSuccess<InterestResult>);
  })
  // Who did what, before and after, is for owners (ADR 0018).
  .get("/audit_log", requireStaff("owner"), queryParams(auditQuery), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const entries: Paged<AuditEntry> = { ...(await listAudit(c.env.DB, page, pageSize)), page, pageSize };
    return c.json({ data: entries } satisfies ApiSuccess<Paged<AuditEntry>>);
  })
  .route("/members", adminMembers)
  .route("/members", adminMemberProfile)
  .route("/members", adminRecommendations)
  .route("/members", staffDeleteProfile)
  .route("/", adminLinks)
  .route("/outbox", adminOutbox)
  .route("/", adminPublicPages)
  .route("/", adminPrivacy)
  .route("/staff", adminStaff);

export default admin;
