// `npm run bench`: prints figures, asserts nothing. Serves a freshly seeded
// local state with the test server (scripts/lib/test-server.mjs: the deploy
// bundle in Miniflare), then measures latency and throughput of
// API routes against a trivial route in the same run, the D1 rows each
// search reads per page (the bench server sends D1's meta.rows_read in a
// header, BENCH_DB_METRICS), and the JavaScript bytes of the built SPA and
// Lighthouse's scores of the pages a stranger opens (mobile, Debian's
// Chromium), and the photo pipeline's CPU time (scripts/bench-photo.ts).
// Options: --members N (default 300), --seconds S per route (default 5),
// --concurrency C (default 8), --scale (1,000 members and then N, default
// 100,000, in one run: the searches' ratios between the sizes, and one JSON
// line of the figures at the end), --actions (instead of the routes and
// Lighthouse, D1 rows and wall time per member action, scripts/measure-actions.ts,
// on a server and state of its own, so that it may run beside the bench),
// --only lighthouse (the bundle and the Lighthouse pages alone, against a
// seeded server, without the route table), --pages /link,/profile_link (only
// the Lighthouse pages whose path starts so), --routes search (only the routes
// whose name or kind, such as search, holds one of these words, beside the
// trivial route).
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { capture, ensureChromium, ensureDependencies, ensureDevVars, log, migrateLocal, root, run, runAsync } from "./lib/setup.mjs";

/** `--name value` pairs; a flag without a value is "true". */
const args = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, all) => {
    if (!arg.startsWith("--")) return [];
    const value = all[i + 1];
    return [[arg.slice(2), value === undefined || value.startsWith("--") ? "true" : value]];
  }),
);
const SCALE = args.scale === "true";
const ACTIONS = args.actions === "true";
const MEMBERS = Number(args.members ?? (SCALE ? 100_000 : 300));
const SIZES = SCALE ? [1000, MEMBERS] : [MEMBERS];
const SECONDS = Number(args.seconds ?? 5);
const CONCURRENCY = Number(args.concurrency ?? 8);
const ONLY_LIGHTHOUSE = args.only === "lighthouse";
const PAGE_FILTER = args.pages?.split(",") ?? null;
const ROUTE_FILTER = args.routes?.split(",") ?? null;
// --actions and --only lighthouse have a server and state of their own, so that each may run beside the bench.
const PORT = ACTIONS ? 8797 : ONLY_LIGHTHOUSE ? 8796 : 8798;
const STATE = ACTIONS ? ".wrangler/bench-actions-state" : ONLY_LIGHTHOUSE ? ".wrangler/bench-lighthouse-state" : ".wrangler/bench-state";
const BASE = `http://127.0.0.1:${PORT}`;
// The measured routes call workerd itself, not the keep-alive front (ADR 0019): the front's hop runs in
// this process beside the clients and would add the same cost to every route, flattening the ratios
// to the trivial route; and these clients never leave a connection idle near workerd's 5 s close
// (Node's fetch drops an idle one after 4 s). Lighthouse and the action script use the front.
let measuredBase = BASE;
const ROWS_READ_HEADER = "X-D1-Rows-Read";

ensureDependencies();
ensureDevVars();
// Not a static import: it needs the packages ensureDependencies installs.
const { startTestServer } = await import("./lib/test-server.mjs");
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
// --actions measures the API alone: the bundle and the photo pipeline are the bench's.
if (!ACTIONS) printBundleSizes();
const photoLine = ACTIONS || ONLY_LIGHTHOUSE ? "" : capture("npx", ["tsx", "scripts/bench-photo.ts"]).trim();
if (photoLine) console.log(photoLine);

rmSync(STATE, { recursive: true, force: true });
const figures = new Map();
let lighthouse = {};
let logins;
for (const members of SIZES) {
  // Lighthouse once, against the largest size's server.
  const atLastSize = members === SIZES.at(-1) && !ACTIONS ? async () => (lighthouse = await printLighthouseScores(await lighthousePages())) : null;
  figures.set(members, await benchSize(members, atLastSize));
}
if (SCALE && !ACTIONS) printScaleTable();
if (ONLY_LIGHTHOUSE) console.log(`\n${JSON.stringify({ members: SIZES, lighthouse })}`);
else if (!ACTIONS) printSummary();

/**
 * The pages a stranger opens from WhatsApp, each auto-login page with a
 * link of its own, and a member's /search; `signedIn` pages are audited
 * with the session the login screen stores.
 */
async function lighthousePages() {
  const [member, other] = loginsOf();
  const pages = [
    { path: "/login" },
    { path: "/new_registration" },
    { path: `/link?id=${today()}` },
    { path: `/profile_link?link=${mintLink(member.pid, "profile")}` },
    { path: `/interest_link?link=${mintLink(member.pid, "interest", other.pid)}` },
    { path: `/whatsapp_link?link=${mintLink(member.pid, "whatsapp")}` },
    { path: `/new_profiles_link?link=${mintLink(member.pid, "profile")}` },
    { path: "/search", signedIn: member },
  ];
  return PAGE_FILTER ? pages.filter(({ path }) => PAGE_FILTER.some((prefix) => path.startsWith(prefix))) : pages;
}

/**
 * A valid auto-login link's payload, made as the Worker issues them
 * (worker/lib/link-tokens.ts): a random token whose hash is stored, here
 * straight into the bench's local D1.
 */
function mintLink(pid, kind, iPid) {
  const token = randomBytes(16).toString("hex");
  const hash = createHash("sha256").update(token).digest("hex");
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const sql = `INSERT INTO link_tokens (token_hash, member_pid, kind, target_pid, expires_at, issued_by) VALUES ('${hash}', ${pid}, '${kind}', ${iPid ?? "NULL"}, '${expires}', NULL)`;
  run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--command", sql], { stdio: ["ignore", "ignore", "inherit"] });
  return Buffer.from(JSON.stringify({ pid, pin: token, ...(iPid ? { iPid } : {}) })).toString("base64url");
}

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
  // The bench server alone reports D1 rows per request (worker/middleware/bench-db-metrics.ts).
  const server = await startTestServer({ stateDir: STATE, port: PORT, vars: { BENCH_DB_METRICS: "true" }, quiet: true });
  measuredBase = server.runtimeUrl.origin;
  try {
    if (ACTIONS) {
      // Not `run`: the server lives in this process, which must not block meanwhile.
      await runAsync("npx", ["tsx", "scripts/measure-actions.ts", "--base", BASE, "--members", String(members)]);
      return new Map();
    }
    const results = new Map();
    if (ONLY_LIGHTHOUSE) {
      await alsoWhileServing?.();
      return results;
    }
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
    await server.dispose();
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
  const route = (name, path, init, kind = "other") => ({ name, call: () => fetch(`${measuredBase}${path}`, init), kind });
  const search = (name, path) => route(name, path, asPaid, "search");
  const routes = [
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
  return ROUTE_FILTER ? routes.filter(({ name, kind }) => kind === "trivial" || ROUTE_FILTER.some((word) => kind === word || name.includes(word))) : routes;
}

function printRouteTable(members, results) {
  console.log(`\n${members} members: route latency, ${CONCURRENCY} concurrent clients, ${SECONDS} s each (local Miniflare, 2 cores)`);
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
  // A kind left out by --routes has no ratio.
  const ratio = (kind) => (byKind(kind).length ? byKind(kind)[0][1].rps / trivial.rps : null);
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
 * CPU) of each page, one after the other on one Chromium. A signed-in page
 * is loaded by a tab that holds the member's session as the login screen
 * stores it (web/lib/session.ts: the token and the current user in
 * localStorage, ADR 0006), which Lighthouse is told to keep. Returns the
 * scores, LCP and CLS by path.
 */
async function printLighthouseScores(pages) {
  ensureChromium();
  // Imported here: on a fresh machine they exist only after ensureDependencies().
  const chromeLauncher = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const puppeteer = await import("puppeteer-core");
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const scores = {};
  try {
    console.log("\nLighthouse (mobile), scores out of 100");
    console.log("page".padEnd(40), "perf".padStart(6), "a11y".padStart(6), "best".padStart(6), "seo".padStart(6), "LCP ms".padStart(8), "CLS".padStart(6));
    for (const { path: pathAndQuery, signedIn } of pages) {
      const lhr = await auditPage(lighthouse, browser, pathAndQuery, signedIn);
      if (lhr.runtimeError) console.log(`${pathAndQuery.split("?")[0]}: Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const path = new URL(pathAndQuery, BASE).pathname;
      if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`Lighthouse: ${path} went to ${lhr.finalDisplayedUrl}, not signed in`);
      scores[path] = {
        perf: score("performance"),
        a11y: score("accessibility"),
        best: score("best-practices"),
        seo: score("seo"),
        lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      };
      const { lcp, cls, ...rest } = scores[path];
      console.log(path.padEnd(40), ...Object.values(rest).map((value) => String(value).padStart(6)), String(lcp).padStart(8), cls.toFixed(3).padStart(6));
      printLcpElement(lhr);
      if (cls > 0) printLayoutShifts(lhr);
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return scores;
}

/**
 * One Lighthouse run of a page in a tab of its own. NO_NAVSTART is
 * Lighthouse losing the trace's navigation on a loaded machine, a fault of
 * the tool rather than a score of the page: that one error is run again once
 * (an auto-login link signs in again within 15 minutes of its first use, ADR 0011).
 */
async function auditPage(lighthouse, browser, pathAndQuery, signedIn, retried = false) {
  const page = await browser.newPage();
  if (signedIn) {
    await storeSession(page, signedIn);
    // disableStorageReset keeps the HTTP cache too: without this the page would load the scripts and
    // fonts the pages audited before it left there, a warm-cache figure no stranger's phone has.
    const session = await page.createCDPSession();
    await session.send("Network.clearBrowserCache");
    await session.detach();
  }
  const flags = { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"], disableStorageReset: Boolean(signedIn) };
  const { lhr } = await lighthouse(`${BASE}${pathAndQuery}`, flags, undefined, page);
  await page.close();
  if (lhr.runtimeError?.code !== "NO_NAVSTART" || retried) return lhr;
  console.log(`${pathAndQuery.split("?")[0]}: Lighthouse failed with NO_NAVSTART (a tool error), running it once more`);
  return auditPage(lighthouse, browser, pathAndQuery, signedIn, true);
}

/**
 * Which element Lighthouse took for the LCP and where its time went (TTFB,
 * load delay, load time, render delay), and the total blocking time, the
 * score's other large weight.
 */
function printLcpElement(lhr) {
  const [elementTable, phaseTable] = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  const phases = (phaseTable?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing)}`).join(", ");
  const tbt = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
  console.log(`  LCP ${node?.selector ?? "?"} (${phases}); TBT ${tbt} ms`.slice(0, 220));
}

/** What moved, so that a CLS above 0 says where to look: Lighthouse's layout-shifts audit, element by element. */
function printLayoutShifts(lhr) {
  for (const item of lhr.audits["layout-shifts"]?.details?.items ?? []) {
    console.log(`  shift ${item.score.toFixed(3)}: ${item.node?.selector ?? "?"} ${item.node?.snippet ?? ""}`.slice(0, 200));
  }
}

/** Signs `login` in through the API and stores the session in `page`'s origin as the login screen does. */
async function storeSession(page, login) {
  const response = await fetch(`${BASE}/api/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pid: login.pid, password: login.password }),
  });
  const { token, pid, profileLimits } = (await response.json()).data;
  await page.goto(`${BASE}/robots.txt`);
  await page.evaluate(
    (session) => {
      localStorage.setItem("token", session.token);
      localStorage.setItem("currentUser", JSON.stringify(session.user));
      // The page-session cookie web/lib/session.ts keeps beside the token (shared/page-session.ts, ADR 0041).
      // biome-ignore lint/suspicious/noDocumentCookie: as the application writes it (web/lib/cookies.ts).
      document.cookie = `page_session=${session.token};path=/search;max-age=31536000;samesite=lax`;
    },
    { token, user: { pid, profileLimits } },
  );
}

/**
 * The JavaScript and CSS each page loads before its first screen: index.html,
 * and each screen's own page (ADR 0031), which names the screen's code too.
 */
function printBundleSizes() {
  const dir = join(root, "dist/client/assets");
  let totalJs = 0;
  for (const file of readdirSync(dir)) if (file.endsWith(".js")) totalJs += statSync(join(dir, file)).size;
  const pages = readdirSync(join(root, "dist/client")).filter((file) => file.endsWith(".html"));
  console.log(`\nweb bundle: all JS chunks ${kb(totalJs)}; first load per page:`);
  for (const page of pages) {
    const html = readFileSync(join(root, "dist/client", page), "utf8");
    const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
    // Code written into the page counts too (an auto-login page's first script, shared/early-sign-in-script.ts).
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="(?!module")[^"]*")[^>]*>([\s\S]+?)<\/script>/g)].map((m) => Buffer.from(m[1]));
    let firstJs = inline.reduce((sum, code) => sum + code.length, 0);
    let firstJsGzip = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
    let firstCss = 0;
    for (const file of initial) {
      const bytes = readFileSync(join(dir, file));
      if (file.endsWith(".js")) {
        firstJs += bytes.length;
        firstJsGzip += gzipSync(bytes).length;
      } else firstCss += bytes.length;
    }
    console.log(`  ${page.padEnd(24)} JS ${kb(firstJs)} (${kb(firstJsGzip)} gzip), CSS ${kb(firstCss)}`);
  }
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
