// Seeds the local D1 database and R2 bucket that `wrangler dev` uses with a
// deterministic demo data set, then prints the demo logins.
//
//   npx tsx scripts/seed.ts [--members N] [--persist-to DIR] [--if-empty] [--reset] [--seed S]
//
// DIR is what `wrangler dev --persist-to DIR` is given (default .wrangler/state,
// wrangler's own default); wrangler keeps its state in DIR/v3, and so does this
// script through getPlatformProxy. The migrations must be applied first.
import path from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { todayIn } from "#shared/dates.ts";
import { hashPassword, verifyPassword } from "#worker/lib/password.ts";
import { demoLogins, type DemoLogin } from "./demo/demo-logins.ts";
import { demoOwner } from "./demo/demo-staff.ts";
import { DEFAULT_MEMBER_COUNT, DEFAULT_SEED, DEMO_ORIGIN, MAX_MEMBER_COUNT, MIN_MEMBER_COUNT, SHOWCASE_COUNT } from "./demo/demo-settings.ts";
import { generateDemoData } from "./demo/generate-demo-data.ts";
import { loadReferenceLists } from "./demo/load-reference-lists.ts";
import { FIRST_PID } from "./demo/named-accounts.ts";
import { parseSeed } from "./demo/random.ts";
import type { SeedDatabase, SeedEnv } from "./demo/seed-bindings.ts";
import {
  countMembers,
  deleteDemoRows,
  deletePhotos,
  hashPasswords,
  insertDemoRows,
  insertPublicLists,
  insertStaffIfMissing,
  latestPublicLists,
  storePhotos,
} from "./demo/seed-database.ts";

const USAGE = `Usage: npx tsx scripts/seed.ts [--members N] [--persist-to DIR] [--if-empty] [--reset] [--seed S]
  --members N       demo members to create (default ${DEFAULT_MEMBER_COUNT}, ${MIN_MEMBER_COUNT} to ${MAX_MEMBER_COUNT})
  --persist-to DIR  the directory given to wrangler dev --persist-to (default .wrangler/state)
  --if-empty        do nothing when members already exist
  --reset           first delete every member, their rows and the photos
  --seed S          generator seed (default ${DEFAULT_SEED}); the same seed gives the same data and logins
The password pepper is PASSWORD_PEPPER from .dev.vars (else the environment variable of that name).`;

interface Options {
  members: number;
  persistTo: string;
  ifEmpty: boolean;
  reset: boolean;
  seed: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      members: { type: "string" },
      "persist-to": { type: "string" },
      "if-empty": { type: "boolean", default: false },
      reset: { type: "boolean", default: false },
      seed: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const members = values.members === undefined ? DEFAULT_MEMBER_COUNT : Number(values.members.replace(/_/g, ""));
  if (!Number.isInteger(members) || members < MIN_MEMBER_COUNT || members > MAX_MEMBER_COUNT) {
    throw new UsageError(`--members must be a whole number from ${MIN_MEMBER_COUNT} to ${MAX_MEMBER_COUNT}`);
  }
  if (values["if-empty"] && values.reset) throw new UsageError("--if-empty and --reset contradict each other");
  return {
    members,
    persistTo: values["persist-to"] ?? ".wrangler/state",
    ifEmpty: values["if-empty"],
    reset: values.reset,
    seed: values.seed === undefined ? DEFAULT_SEED : parseSeed(values.seed),
  };
}

class UsageError extends Error {}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function printLogins(logins: readonly DemoLogin[]): void {
  console.log("\nDemo logins (Profile ID / password):");
  for (const login of logins) {
    console.log(`  ${login.pid}  ${login.password}  ${login.gender}  ${login.profileType.padEnd(7)}  ${login.note}`);
  }
}

/** The public page's demo lists (/link), at the address `npm start` serves. */
async function printPublicPages(db: SeedDatabase): Promise<void> {
  const { day, week } = await latestPublicLists(db);
  if (!day && !week) return;
  console.log("\nPublic page, open without a login (/link):");
  if (day) console.log(`  ${DEMO_ORIGIN}/link?id=${day}   the profiles of ${day}`);
  if (week) console.log(`  ${DEMO_ORIGIN}/link?wid=${week}  the profiles of the week from ${week}`);
}

/** Whether the first named account signs in with this seed's password: the data came from this seed. */
async function seededWith(db: SeedDatabase, seed: number, pepper: string): Promise<boolean> {
  const row = await db.prepare("SELECT password_hash AS hash FROM members WHERE pid = ?1").bind(FIRST_PID).first<{ hash: string }>();
  const login = demoLogins(seed)[0];
  return row !== null && login !== undefined && (await verifyPassword(login.password, row.hash, pepper));
}

async function seed(options: Options): Promise<void> {
  const started = performance.now();
  const persistPath = path.resolve(options.persistTo, "v3");
  const proxy = await getPlatformProxy<SeedEnv & { PASSWORD_PEPPER?: string }>({
    configPath: path.resolve(import.meta.dirname, "..", "wrangler.toml"),
    persist: { path: persistPath },
    remoteBindings: false,
  });
  try {
    const { DB: db, PHOTOS: bucket } = proxy.env;
    // .dev.vars first: it is what `wrangler dev` will verify the passwords with.
    const pepper = proxy.env.PASSWORD_PEPPER ?? process.env.PASSWORD_PEPPER;
    if (!pepper) throw new UsageError("PASSWORD_PEPPER is not set: create .dev.vars from .dev.vars.example (npm start does) or set the environment variable.");

    const existing = await countMembers(db);
    if (existing > 0 && options.ifEmpty) {
      console.log(`${existing} members already in ${persistPath}: nothing seeded (--if-empty).`);
      if (await seededWith(db, options.seed, pepper)) printLogins(demoLogins(options.seed));
      else console.log("They were not seeded with this seed and pepper, so the demo logins are unknown.");
      await printPublicPages(db);
      return;
    }
    if (existing > 0 && !options.reset) {
      throw new UsageError(`${existing} members already in ${persistPath}. Use --reset to replace them or --if-empty to keep them.`);
    }
    if (options.reset) {
      const t = performance.now();
      await deleteDemoRows(db);
      const photos = await deletePhotos(bucket);
      console.log(`Reset: deleted ${existing} members and ${photos} photo objects (${seconds(t)}).`);
    }

    let t = performance.now();
    const today = todayIn(proxy.env.AGENCY_TZ ?? "Asia/Kolkata");
    const lists = await loadReferenceLists(db);
    const data = generateDemoData({ seed: options.seed, memberCount: options.members, today, lists });
    console.log(`Generated ${data.members.length} members for ${today} (seed ${options.seed}) in ${seconds(t)}.`);

    // Hashing runs on Node's thread pool while the main thread encodes JPEGs.
    t = performance.now();
    const hashing = hashPasswords(data, pepper).then((hashes) => ({ hashes, time: seconds(t) }));
    const photos = await storePhotos(bucket, data.photos);
    const fromCache = photos.cached > 0 ? `, ${photos.cached} from the cache` : "";
    console.log(`Photos: ${data.photos.length} pairs${fromCache}, ${megabytes(photos.bytes)} in R2 (${seconds(t)}).`);
    const { hashes, time: hashTime } = await hashing;
    const ownHashes = data.members.filter((member) => member.credential.kind === "own").length;
    console.log(`Passwords: ${ownHashes} own hashes${data.shared ? ` + 1 shared by ${data.members.length - ownHashes} members` : ""} (${hashTime}).`);

    t = performance.now();
    await insertDemoRows(db, data, hashes);
    await insertPublicLists(db, data);
    const rows = data.members.length + data.siblings.length + data.interests.length + data.views.length + data.hidden.length + data.recommendations.length;
    console.log(
      `Rows: ${data.members.length} members, ${data.siblings.length} siblings, ${data.interests.length} interests, ` +
        `${data.views.length} views, ${data.hidden.length} hidden, ${data.recommendations.length} recommendations = ${rows}; ` +
        `${data.publicLists.lists.length} public lists (${seconds(t)}).`,
    );
    const owner = demoOwner(options.seed);
    await insertStaffIfMissing(db, { ...owner, passwordHash: await hashPassword(owner.password, pepper) });
    console.log(`Seeded ${persistPath} in ${seconds(started)}.`);
    if (data.shared) console.log(`Members from pid ${FIRST_PID + SHOWCASE_COUNT} on share the password ${data.shared.password}.`);
    printLogins(demoLogins(options.seed));
    await printPublicPages(db);
    console.log(`\nAgency console login: ${owner.username} / ${owner.password} (owner)`);
  } finally {
    await proxy.dispose();
  }
}

try {
  await seed(parseOptions(process.argv.slice(2)));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof UsageError ? `${message}\n\n${USAGE}` : `Seeding failed: ${message}`);
  process.exitCode = 1;
}
