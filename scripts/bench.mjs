// `npm run bench`: prints figures, asserts nothing. Serves a freshly seeded
// local state with `wrangler dev`, then measures latency and throughput of
// API routes against a trivial route in the same run, the D1 rows each
// search reads per page (the bench server sends D1's meta.rows_read in a
// header, BENCH_DB_METRICS), and the JavaScript bytes of the built SPA and
// Lighthouse's scores of the pages a stranger opens (mobile, Debian's
// Chromium), and the photo pipeline's CPU time (scripts/bench-photo.ts).
// Options: --members N (default 300), --seconds S per route (default 5),
// --concurrency C (default 8), --scale (1,000 members and then N, default
// 100,000, in one run: the searches' ratios between the sizes, and one JSON
// line of the figures at the end).
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { capture, ensureChromium, ensureDependencies, ensureDevVars, log, migrateLocal, quietEnv, root, run, waitForHealth, writeTestServerConfig } from "./lib/setup.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (!arg.startsWith("--")) return pairs;
    const value = all[i + 1];
    return [...pairs, [arg.slice(2), value === undefined || value.startsWith("--") ? "true" : value]];
  }, []),
);
const SCALE = args.scale === "true";
const MEMBERS = Number(args.members ?? (SCALE ? 100_000 : 300));
const SIZES = SCALE ? [1000, MEMBERS] : [MEMBERS];
const SECONDS = Number(args.seconds ?? 5);
const CONCURRENCY = Number(args.concurrency ?? 8);
const PORT = 8798;
const STATE = ".wrangler/bench-state";
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS_READ_HEADER = "X-D1-Rows-Read";

ensureDependencies();
ensureDevVars();
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
printBundleSizes();
const photoLine = capture("npx", ["tsx", "scripts/bench-photo.ts"]).trim();
console.log(photoLine);

rmSync(STATE, { recursive: true, force: true });
// The bench server alone reports rows read (worker/db/rows-read-meter.ts).
const config = writeTestServerConfig("bench", STATE, { BENCH_DB_METRICS: "true" });
const figures = new Map();
let lighthouse = {};
let logins;
for (const members of SIZES) {
  // Lighthouse once, against the largest size's server.
  const atLastSize = members === SIZES.at(-1) ? async () => (lighthouse = await printLighthouseScores([`${BASE}/login`, `${BASE}/new_registration`, `${BASE}/link?id=${today()}`])) : null;
  figures.set(members, await benchSize(members, atLastSize));
}
if (SCALE) printScaleTable();
printSummary();

/** The seeder publishes a list for its day, in the agency's time zone (scripts/seed.ts). */
function today() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

/** Seeds `members` into a fresh state, serves it and measures every route, then runs `alsoWhileServing`. */
async function benchSize(members, alsoWhileServing) {
  rmSync(join(root, STATE, "v3"), { recursive: true, force: true });
  migrateLocal(STATE);
  log(`Seeding ${members} members`);
  const seedStart = performance.now();
  run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE, "--members", String(members)], { stdio: ["ignore", "ignore", "inherit"] });
  console.log(`seed: ${members} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const server = spawn("npx", ["wrangler", "dev", "--config", config, "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", STATE, "--show-interactive-dev-session=false"], {
    cwd: root,
    env: quietEnv,
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitForHealth(BASE);
    const results = new Map();
    for (const route of await routesOf()) {
      // One call first: the isolate's first request compiles and fills caches, which no page repeats.
      await (await route.call()).arrayBuffer();
      results.set(route.name, { kind: route.kind, ...(await measure(route.call)) });
    }
    printRouteTable(members, results);
    // Sign-in is PBKDF2-bound by design: measured serially, a few times.
    printRow("POST /api/users/sign_in (serial)", await measure(() => signIn(loginsOf()[0], true), 1, Math.min(SECONDS, 3)));
    await alsoWhileServing?.();
    return results;
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}

function loginsOf() {
  logins ??= JSON.parse(capture("npx", ["tsx", "scripts/demo-logins.ts"]));
  return logins;
}

/**
 * The routes measured; `kind` names a route's role in the summary: the
 * trivial baseline, the fixed list, the signed-in call and the searches.
 */
async function routesOf() {
  const token = await signIn(loginsOf()[0]);
  // An active paid member: the searches, their pages and matching points are theirs.
  const paidLogin = loginsOf().find((item) => item.profileType !== "FREE" && item.note === "active");
  const otherGender = loginsOf().find((item) => item.gender !== paidLogin.gender);
  const asPaid = { headers: { Authorization: `Bearer ${await signIn(paidLogin)}` } };
  const route = (name, path, init, kind = "other") => ({ name, call: () => fetch(`${BASE}${path}`, init), kind });
  const search = (name, path) => route(name, path, asPaid, "search");
  return [
    route("GET /api/health (baseline)", "/api/health", undefined, "trivial"),
    route("GET /api/stars", "/api/stars", undefined, "fixed"),
    route("GET /api/districts?stateId=2", "/api/districts?stateId=2"),
    route("GET /api/users/current", "/api/users/current", { headers: { Authorization: `Bearer ${token}` } }, "signedIn"),
    route("GET / (index.html)", "/"),
    // Page 2 of each paged search: its rows read include the page it skips.
    search("simple search, by tier, page 2", "/api/Simple_Search_Profiles?page=2"),
    search("simple search, newest, page 2", "/api/Simple_Search_Profiles?page=2&order=new"),
    search("detailed, age 26-32, religion, page 2", "/api/eloborate_profile?page=2&ageMin=26&ageMax=32&religion=1"),
    search("matching profiles, page 2", "/api/matching_profiles?page=2"),
    search("detailed, by points, page 2", "/api/eloborate_profile?page=2&order=points"),
    search("detailed, by points, min 18, page 2", "/api/eloborate_profile?page=2&minPoints=18&order=points"),
    search("search by ID", `/api/single_user_profile/${otherGender.pid}`),
    route("GET /api/whatsapp/public_profiles", `/api/whatsapp/public_profiles/${today()}`),
  ];
}

function printRouteTable(members, results) {
  console.log(`\n${members} members: route latency, ${CONCURRENCY} concurrent clients, ${SECONDS} s each (local wrangler dev, 2 cores)`);
  console.log("route".padEnd(40), "req/s".padStart(8), "p50 ms".padStart(8), "p95 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7), "rows".padStart(6));
  for (const [name, result] of results) printRow(name, result);
}

/** The searches at both sizes: throughput against the trivial route and p95 growth, and rows read per page at the larger size. */
function printScaleTable() {
  const [small, large] = SIZES.map((size) => figures.get(size));
  const trivial = [...large.values()].find((result) => result.kind === "trivial");
  const fmt = (value, digits = 0) => (value === null ? "-" : value.toFixed(digits));
  console.log(`\nscale: ${SIZES[0]} and ${SIZES[1]} members; ratios: req/s over the baseline's at ${SIZES[1]}, p95 at ${SIZES[1]} over p95 at ${SIZES[0]}`);
  console.log(
    "route".padEnd(40),
    `req/s ${SIZES[0]}`.padStart(13),
    `p95 ${SIZES[0]}`.padStart(12),
    `req/s ${SIZES[1]}`.padStart(13),
    `p95 ${SIZES[1]}`.padStart(12),
    "thru ratio".padStart(11),
    "p95 ratio".padStart(10),
    "rows/page".padStart(10),
  );
  for (const [name, result] of large) {
    const before = small.get(name);
    console.log(
      name.padEnd(40),
      fmt(before.rps).padStart(13),
      fmt(before.p95, 1).padStart(12),
      fmt(result.rps).padStart(13),
      fmt(result.p95, 1).padStart(12),
      fmt(result.rps / trivial.rps, 2).padStart(11),
      fmt(result.p95 / before.p95, 2).padStart(10),
      fmt(result.rowsRead).padStart(10),
    );
  }
}

/** One JSON line of the figures: the worst search's ratios and rows read, and what else the bench measures. */
function printSummary() {
  const large = figures.get(SIZES.at(-1));
  const small = SCALE ? figures.get(SIZES[0]) : null;
  const byKind = (kind) => [...large.entries()].filter(([, result]) => result.kind === kind);
  const trivial = byKind("trivial")[0][1];
  const searches = byKind("search");
  const ratio = (kind) => byKind(kind)[0][1].rps / trivial.rps;
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  const summary = {
    members: SIZES,
    searchRatio: round(Math.min(...searches.map(([, result]) => result.rps / trivial.rps))),
    p95Ratio: small ? round(Math.max(...searches.map(([name, result]) => result.p95 / small.get(name).p95))) : null,
    rowsReadPerPage: Math.max(...searches.map(([, result]) => result.rowsRead ?? Infinity)),
    fixedRatio: round(ratio("fixed")),
    signedInRatio: round(ratio("signedIn")),
    lighthouse,
    photoMs: Number(/median (\d+) ms/.exec(photoLine)?.[1] ?? NaN),
  };
  console.log(`\n${JSON.stringify(summary)}`);
}

/**
 * Lighthouse's default mobile run (simulated slow 4G and a slow phone's
 * CPU) of each page, one after the other on one Chromium. Pages behind the
 * sign-in are left out: Lighthouse would score the login they redirect to.
 * Returns the scores by path.
 */
async function printLighthouseScores(urls) {
  ensureChromium();
  // Imported here: on a fresh machine they exist only after ensureDependencies().
  const chromeLauncher = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const scores = {};
  try {
    console.log("\nLighthouse (mobile), scores out of 100");
    console.log("page".padEnd(40), "perf".padStart(6), "a11y".padStart(6), "best".padStart(6), "seo".padStart(6), "LCP ms".padStart(8), "CLS".padStart(6));
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
      const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
      const path = new URL(url).pathname;
      scores[path] = { perf: score("performance"), a11y: score("accessibility"), best: score("best-practices"), seo: score("seo") };
      console.log(path.padEnd(40), ...Object.values(scores[path]).map((value) => String(value).padStart(6)), lcp.toFixed(0).padStart(8), cls.toFixed(2).padStart(6));
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

function printBundleSizes() {
  const dir = join(root, "dist/client/assets");
  const html = readFileSync(join(root, "dist/client/index.html"), "utf8");
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  let totalJs = 0;
  let firstJs = 0;
  let firstJsGzip = 0;
  let firstCss = 0;
  for (const file of readdirSync(dir)) {
    const bytes = statSync(join(dir, file)).size;
    if (file.endsWith(".js")) totalJs += bytes;
    if (!initial.has(file)) continue;
    if (file.endsWith(".js")) {
      firstJs += bytes;
      firstJsGzip += gzipSync(readFileSync(join(dir, file))).length;
    } else firstCss += bytes;
  }
  console.log(`\nweb bundle: first-load JS ${kb(firstJs)} (${kb(firstJsGzip)} gzip), first-load CSS ${kb(firstCss)}, all JS chunks ${kb(totalJs)}`);
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function signIn(login, raw = false) {
  const response = await fetch(`${BASE}/api/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pid: login.pid, password: login.password }),
  });
  if (raw) return response;
  return (await response.json()).data.token;
}

/** Latency and throughput of `call`, and the most D1 rows one of its responses read (null when the route reports none). */
async function measure(call, concurrency = CONCURRENCY, seconds = SECONDS) {
  const latencies = [];
  let errors = 0;
  let rowsRead = null;
  const end = performance.now() + seconds * 1000;
  async function client() {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) errors++;
        const rows = response.headers.get(ROWS_READ_HEADER);
        if (rows !== null) rowsRead = Math.max(rowsRead ?? 0, Number(rows));
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / ((performance.now() - started) / 1000), p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, rowsRead };
}

function printRow(name, r) {
  console.log(
    name.padEnd(40),
    r.rps.toFixed(0).padStart(8),
    r.p50.toFixed(1).padStart(8),
    r.p95.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    String(r.errors).padStart(7),
    (r.rowsRead === null ? "" : String(r.rowsRead)).padStart(6),
  );
}
