// `npm run bench`: prints figures, asserts nothing. Serves a freshly seeded
// local state with `wrangler dev`, then measures latency and throughput of
// API routes against a trivial route in the same run, and the JavaScript
// bytes of the built SPA and Lighthouse's scores of the pages a stranger
// opens (mobile, Debian's Chromium), and the photo pipeline's CPU time
// (scripts/bench-photo.ts). Options: --members N (default 300), --seconds S
// per route (default 5), --concurrency C (default 8).
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { capture, ensureChromium, ensureDependencies, ensureDevVars, log, migrateLocal, quietEnv, root, run, waitForHealth, writeTestServerConfig } from "./lib/setup.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const MEMBERS = Number(args.members ?? 300);
const SECONDS = Number(args.seconds ?? 5);
const CONCURRENCY = Number(args.concurrency ?? 8);
const PORT = 8798;
const STATE = ".wrangler/bench-state";
const BASE = `http://127.0.0.1:${PORT}`;

ensureDependencies();
ensureDevVars();
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
printBundleSizes();
console.log(capture("npx", ["tsx", "scripts/bench-photo.ts"]).trim());

rmSync(STATE, { recursive: true, force: true });
migrateLocal(STATE);
log(`Seeding ${MEMBERS} members`);
const seedStart = performance.now();
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE, "--members", String(MEMBERS)], { stdio: ["ignore", "ignore", "inherit"] });
console.log(`seed: ${MEMBERS} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const config = writeTestServerConfig("bench", STATE);
const server = spawn("npx", ["wrangler", "dev", "--config", config, "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", STATE, "--show-interactive-dev-session=false"], {
  cwd: root,
  env: quietEnv,
  stdio: "ignore",
  detached: true,
});
try {
  await waitForHealth(BASE);
  const logins = JSON.parse(capture("npx", ["tsx", "scripts/demo-logins.ts"]));
  const login = logins[0];
  const token = await signIn(login);
  // An active paid member: the search and its matching points are theirs.
  const paid = await signIn(logins.find((item) => item.profileType !== "FREE" && item.note === "active"));
  const asPaid = { headers: { Authorization: `Bearer ${paid}` } };
  // The seeder publishes a list for its day, in the agency's time zone (scripts/seed.ts).
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const routes = [
    ["GET /api/health (baseline)", () => fetch(`${BASE}/api/health`)],
    ["GET /api/stars", () => fetch(`${BASE}/api/stars`)],
    ["GET /api/districts?stateId=2", () => fetch(`${BASE}/api/districts?stateId=2`)],
    ["GET /api/users/current", () => fetch(`${BASE}/api/users/current`, { headers: { Authorization: `Bearer ${token}` } })],
    ["GET / (index.html)", () => fetch(`${BASE}/`)],
    ["GET /api/Simple_Search_Profiles", () => fetch(`${BASE}/api/Simple_Search_Profiles?page=2`, asPaid)],
    ["GET /api/eloborate_profile, by points", () => fetch(`${BASE}/api/eloborate_profile?minPoints=18&order=points`, asPaid)],
    ["GET /api/whatsapp/public_profiles", () => fetch(`${BASE}/api/whatsapp/public_profiles/${today}`)],
  ];
  console.log(`\nroute latency, ${CONCURRENCY} concurrent clients, ${SECONDS} s each (local wrangler dev, 2 cores)`);
  console.log("route".padEnd(40), "req/s".padStart(8), "p50 ms".padStart(8), "p95 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
  for (const [name, call] of routes) printRow(name, await measure(call));
  // Sign-in is PBKDF2-bound by design: measured serially, a few times.
  printRow("POST /api/users/sign_in (serial)", await measure(() => signIn(login, true), 1, Math.min(SECONDS, 3)));
  await printLighthouseScores([`${BASE}/login`, `${BASE}/new_registration`, `${BASE}/link?id=${today}`]);
} finally {
  process.kill(-server.pid, "SIGTERM");
}

/**
 * Lighthouse's default mobile run (simulated slow 4G and a slow phone's
 * CPU) of each page, one after the other on one Chromium. Pages behind the
 * sign-in are left out: Lighthouse would score the login they redirect to.
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
  try {
    console.log("\nLighthouse (mobile), scores out of 100");
    console.log("page".padEnd(40), "perf".padStart(6), "a11y".padStart(6), "best".padStart(6), "seo".padStart(6), "LCP ms".padStart(8), "CLS".padStart(6));
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
      const score = (id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(6);
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
      const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
      console.log(new URL(url).pathname.padEnd(40), score("performance"), score("accessibility"), score("best-practices"), score("seo"), lcp.toFixed(0).padStart(8), cls.toFixed(2).padStart(6));
    }
  } finally {
    await chrome.kill();
  }
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

async function measure(call, concurrency = CONCURRENCY, seconds = SECONDS) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  async function client() {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) errors++;
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
  return { rps: latencies.length / ((performance.now() - started) / 1000), p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

function printRow(name, r) {
  console.log(name.padEnd(40), r.rps.toFixed(0).padStart(8), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), String(r.errors).padStart(7));
}
