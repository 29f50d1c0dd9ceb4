// Agency administration from the command line.
//
//   npm run agency -- create-owner --username NAME --name "Full Name" [--password P] [--persist-to DIR | --remote]
//
// Creates the first owner of the agency console (ADR 0018). Locally it writes
// into the state `wrangler dev` uses; with --remote it runs the INSERT on the
// production D1 through `wrangler d1 execute --remote`, hashing the password
// here with PASSWORD_PEPPER from the environment (the production secret).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { generatePassword, hashPassword } from "#worker/lib/password.ts";
import type { SeedEnv } from "./demo/seed-bindings.ts";
import { STAFF_PASSWORD_MIN, STAFF_USERNAME } from "#shared/schemas/staff.ts";
import { insertStaffIfMissing, sqlLiteral } from "./demo/seed-database.ts";

const USAGE = `Usage: npm run agency -- create-owner --username NAME --name "Full Name" [--password P] [--persist-to DIR | --remote]
  --password    the owner's password (default: a new random one, printed once)
  --persist-to  the local state wrangler dev uses (default .wrangler/state)
  --remote      the production database; needs PASSWORD_PEPPER in the environment`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    "persist-to": { type: "string" },
    remote: { type: "boolean", default: false },
  },
});

if (positionals[0] !== "create-owner") fail("Unknown command.");
const username = values.username?.trim();
const name = values.name?.trim();
if (!username || !STAFF_USERNAME.test(username)) fail("--username must be 3 to 60 letters, digits, dots, dashes or underscores.");
if (!name) fail("--name is required.");
const password = values.password ?? generatePassword();
if (password.length < STAFF_PASSWORD_MIN) fail(`--password must have at least ${STAFF_PASSWORD_MIN} characters.`);

if (values.remote) {
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) fail("Set PASSWORD_PEPPER to the production secret to hash the password.");
  const hash = await hashPassword(password, pepper);
  const sql = `INSERT INTO staff (username, name, role, password_hash) VALUES (${[username, name, "owner", hash].map(sqlLiteral).join(", ")})`;
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--remote", "--command", sql], { stdio: "inherit" });
} else {
  const proxy = await getPlatformProxy<SeedEnv & { PASSWORD_PEPPER?: string }>({
    configPath: path.resolve(import.meta.dirname, "..", "wrangler.toml"),
    persist: { path: path.resolve(values["persist-to"] ?? ".wrangler/state", "v3") },
    remoteBindings: false,
  });
  try {
    const pepper = proxy.env.PASSWORD_PEPPER ?? process.env.PASSWORD_PEPPER;
    if (!pepper) fail("PASSWORD_PEPPER is not set: npm start creates .dev.vars with it.");
    const created = await insertStaffIfMissing(proxy.env.DB, { username, name, role: "owner", passwordHash: await hashPassword(password, pepper) });
    if (!created) fail(`A staff account named ${username} already exists.`);
  } finally {
    await proxy.dispose();
  }
}
console.log(`Owner ${username} created.${values.password ? "" : ` Password: ${password} (shown once; keep it safe)`}`);
