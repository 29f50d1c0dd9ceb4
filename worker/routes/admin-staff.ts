import { Hono } from "hono";
import type { ApiSuccess } from "#shared/api-types.ts";
import type { StaffAccount, StaffPassword } from "#shared/admin-types.ts";
import { memberStatusSchema, recordIdField } from "#shared/schemas/admin.ts";
import { newStaffSchema } from "#shared/schemas/staff.ts";
import { auditEntry, endAllStaffSessions, getStaffAccount, insertStaff, listStaffAccounts, setStaffActive, setStaffPassword } from "../db/staff.ts";
import { config, type AppContext, type AppEnv, type StaffContext } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { generatePassword, hashPassword } from "../lib/password.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";

// Staff accounts (ADR 0018), for owners only: add staff or owners, deactivate
// or reactivate them, give them a new password. The first owner comes from
// `npm run agency -- create-owner`. Passwords are made by the server and
// shown once. Mounted at /api/admin/staff.

const staffId = recordIdField("This is not a staff account");

async function accountOrNotFound(c: AppContext): Promise<StaffAccount> {
  const account = await getStaffAccount(c.env.DB, parseOrThrow(staffId, c.req.param("id")));
  if (!account) throw notFound("There is no such staff account.");
  return account;
}

/** An owner cannot lock themselves out: another owner must do it. */
function notYourself(c: StaffContext, account: StaffAccount, what: string): void {
  if (account.id === c.var.staff.id) throw new ApiError(409, "CONFLICT", `You cannot ${what} your own account.`);
}

const adminStaff = new Hono<AppEnv>()
  .get("/", requireStaff("owner"), async (c) => c.json({ data: await listStaffAccounts(c.env.DB) } satisfies ApiSuccess<StaffAccount[]>))
  .post("/", requireStaff("owner"), ...jsonBody(newStaffSchema), async (c) => {
    const account = c.req.valid("json");
    const password = generatePassword();
    let inserted: D1Result<{ id: number }> | undefined;
    try {
      [inserted] = await c.env.DB.batch<{ id: number }>([
        insertStaff(c.env.DB, { ...account, passwordHash: await hashPassword(password, config(c.env).passwordPepper) }),
        auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "add_staff", target: account.username, after: account }),
      ]);
    } catch (error) {
      // The unique index decides, also between two owners adding the same name at once.
      if (!String(error).includes("UNIQUE constraint failed: staff.username")) throw error;
      const message = "This username is taken. Choose another.";
      throw new ApiError(409, "CONFLICT", message, { fields: { username: message } });
    }
    const created = await getStaffAccount(c.env.DB, inserted?.results[0]?.id ?? 0);
    if (!created) throw new Error("the staff account was not stored");
    const result: StaffPassword = { account: created, password };
    return c.json({ data: result } satisfies ApiSuccess<StaffPassword>);
  })
  .put("/:id/status", requireStaff("owner"), ...jsonBody(memberStatusSchema), async (c) => {
    const account = await accountOrNotFound(c);
    const { active } = c.req.valid("json");
    if (!active) notYourself(c, account, "deactivate");
    await c.env.DB.batch([
      setStaffActive(c.env.DB, account.id, active),
      ...(active ? [] : [endAllStaffSessions(c.env.DB, account.id, new Date())]),
      auditEntry(c.env.DB, {
        staffId: c.var.staff.id,
        action: active ? "reactivate_staff" : "deactivate_staff",
        target: account.username,
        before: { active: account.active },
        after: { active },
      }),
    ]);
    return c.json({ data: await accountOrNotFound(c) } satisfies ApiSuccess<StaffAccount>);
  })
  .post("/:id/reset_password", requireStaff("owner"), async (c) => {
    const account = await accountOrNotFound(c);
    notYourself(c, account, "reset the password of");
    const password = generatePassword();
    await c.env.DB.batch([
      setStaffPassword(c.env.DB, account.id, await hashPassword(password, config(c.env).passwordPepper)),
      endAllStaffSessions(c.env.DB, account.id, new Date()),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "reset_staff_password", target: account.username }),
    ]);
    const result: StaffPassword = { account, password };
    return c.json({ data: result } satisfies ApiSuccess<StaffPassword>);
  });

export default adminStaff;
