// `npm run loadtest`: a bounded load test of the API on loopback (ADR 0027).
// Seeds a fresh local state with demo members, serves it on a free port with
// the test server (scripts/lib/test-server.mjs: the deploy bundle in
// Miniflare; its rate limits are out of the way), and runs a fixed
// number of keep-alive connections for a fixed time over a mix of what
// members do at once: search, confirm a view and open the full profile,
// sign in, and send, approve and withdraw interest. Then it stops the server
// and checks the database: balances, charged views and the WhatsApp messages
// the interests wrote. Prints throughput, latency percentiles per kind, the
// 5xx and 429 answers; exits 1 on a 5xx answer or an inconsistency.
//
// Options: --connections C (default 20), --seconds S (default 20),
// --members N (default 300, demo members seeded; 60 to 1000, so that each has
// a password of their own).
//
// Each member calls from an address of their own (CF-Connecting-IP, which
// the Worker keys its limits and sign-in back-off by, worker/lib/client-network.ts):
// members are many people on many networks, and one shared address would
// measure one caller's limits, not the Worker.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { capture, ensureDependencies, ensureDevVars, log, migrateLocal, quietEnv, root, run } from "./lib/setup.mjs";

const args = Object.fromEntries(process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith("--") ? [[arg.slice(2), all[i + 1]]] : [])));
const CONNECTIONS = Number(args.connections ?? 20);
const SECONDS = Number(args.seconds ?? 20);
const MEMBERS = Number(args.members ?? 300);
const STATE = ".wrangler/loadtest-state";
/** The mix, by weight: what a connection does next. */
const MIX = { search: 35, signIn: 5, sendInterest: 15, approveInterest: 15, withdrawInterest: 5, fullProfile: 25 };

if (!(CONNECTIONS >= 1 && SECONDS >= 1 && MEMBERS >= 60 && MEMBERS <= 1000)) {
  console.error("Usage: npm run loadtest -- [--connections C (1 or more)] [--seconds S (1 or more)] [--members N (60 to 1000)]");
  process.exit(2);
}
ensureDependencies();
ensureDevVars();
// Not a static import: it needs the packages ensureDependencies installs.
const { startTestServer } = await import("./lib/test-server.mjs");
const port = await freePort();
rmSync(STATE, { recursive: true, force: true });
migrateLocal(STATE);
log(`Seeding ${MEMBERS} demo members`);
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE, "--members", String(MEMBERS)], { stdio: ["ignore", "ignore", "inherit"] });
// The API alone is measured: the server gets an empty web app, no build needed.
const emptyAssets = `${STATE}-assets`;
rmSync(emptyAssets, { recursive: true, force: true });
mkdirSync(emptyAssets, { recursive: true });
process.env.E2E_ASSETS_DIR = emptyAssets;

const clients = chooseClients(query("SELECT pid, gender, profile_type, profiles_count, total, last_view_date, active FROM members"), loginsOf(MEMBERS));
const before = snapshot();
// Miniflare stops the runtime with this process, should the run fail.
const server = await startTestServer({ stateDir: STATE, port, quiet: true });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const call = caller(agent, port);
await Promise.all(clients.map(async (client) => (client.token = await signIn(call, client))));
log(
  `${CONNECTIONS} connections for ${SECONDS} s, ${clients.length} members (${clients.filter((c) => c.gender === "F").length} brides, ${clients.filter((c) => c.gender === "M").length} grooms)`,
);
const stats = newStats();
const loadStart = new Date().toISOString();
const started = performance.now();
const deadline = Date.now() + SECONDS * 1000;
await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index, call, stats, deadline)));
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
const serverErrors = stats.print(elapsed);
// The database is checked with the server stopped: nothing is in flight.
await server.dispose();
const consistent = checkConsistency(before, snapshot(), loadStart, stats);
process.exit(serverErrors || !consistent ? 1 : 0);

/** A port nothing listens on, from the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

/** Runs SQL on the local D1 of the load test's state (read-only use). */
function query(sql) {
  // wrangler prints --json output at its "log" level, which quietEnv's WRANGLER_LOG=warn silences.
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", sql], {
    cwd: root,
    env: { ...quietEnv, WRANGLER_LOG: "log" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.slice(result.stdout.indexOf("[")))[0].results;
}

function loginsOf(count) {
  return new Map(JSON.parse(capture("npx", ["tsx", "scripts/lib/loadtest-logins.ts", "--members", String(count)])).map((login) => [login.pid, login.password]));
}

/**
 * The members who take part: active paid members with views left, brides
 * and grooms in turn (interest goes between them), three per connection,
 * each with an address of their own.
 */
function chooseClients(members, passwords) {
  const today = new Date().toISOString().slice(0, 10);
  const paid = members.filter((m) => m.active === 1 && m.profile_type !== "FREE" && m.last_view_date >= today && m.profiles_count > m.total && passwords.has(m.pid));
  const brides = paid.filter((m) => m.gender === "F");
  const grooms = paid.filter((m) => m.gender === "M");
  const wanted = CONNECTIONS * 3;
  const chosen = [];
  for (let i = 0; chosen.length < wanted && (i < brides.length || i < grooms.length); i++) {
    if (brides[i]) chosen.push(brides[i]);
    if (grooms[i] && chosen.length < wanted) chosen.push(grooms[i]);
  }
  if (chosen.length < 2) throw new Error("the demo data has too few active paid members: raise --members");
  return chosen.map((member, index) => ({
    pid: member.pid,
    gender: member.gender,
    password: passwords.get(member.pid),
    address: `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 200)}`,
    token: null,
    // Requests this member sent that wait for a decision, received and not yet decided, and approved for them.
    sent: new Set(),
    incoming: new Set(),
    approvedFor: new Set(),
  }));
}

/** A JSON call over the keep-alive agent: its status, body and time in ms. */
function caller(agent, serverPort) {
  return (method, path, client, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { "CF-Connecting-IP": client.address, ...(client.token ? { Authorization: `Bearer ${client.token}` } : {}) };
      if (payload) Object.assign(headers, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) });
      const started = performance.now();
      const request = http.request({ agent, host: "127.0.0.1", port: serverPort, method, path, headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Not JSON: a 5xx page; the status tells.
          }
          resolve({ status: response.statusCode, json, ms: performance.now() - started });
        });
      });
      request.on("error", reject);
      request.end(payload);
    });
}

async function signIn(call, client) {
  const answer = await call("POST", "/api/users/sign_in", { ...client, token: null }, { pid: client.pid, password: client.password });
  if (answer.status !== 200) throw new Error(`demo member ${client.pid} could not sign in: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.data.token;
}

/** One connection: its members take turns, each doing the next kind of the mix until the deadline. */
async function connection(index, call, stats, deadline) {
  const own = clients.filter((_, i) => i % CONNECTIONS === index);
  if (own.length === 0) return;
  let turn = 0;
  let random = index + 1;
  const next = (max) => {
    // A small deterministic generator per connection (xorshift): runs repeat their mix.
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) % max;
  };
  while (Date.now() < deadline) {
    const client = own[turn++ % own.length];
    await act(pickKind(next), client, call, stats, next);
  }
}

function pickKind(next) {
  const total = Object.values(MIX).reduce((sum, weight) => sum + weight, 0);
  let roll = next(total);
  for (const [kind, weight] of Object.entries(MIX)) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return "search";
}

function pickFrom(set, next) {
  return [...set][next(set.size)];
}

/** Does one kind of thing as a member; a kind with nothing to act on (no request to approve) searches instead. */
async function act(kind, client, call, stats, next) {
  const record = (name, answer) => {
    stats.add(name, answer);
    return answer;
  };
  if (kind === "signIn") {
    const answer = record("sign in", await call("POST", "/api/users/sign_in", { ...client, token: null }, { pid: client.pid, password: client.password }));
    if (answer.status === 200) client.token = answer.json.data.token;
    return;
  }
  if (kind === "sendInterest") {
    const others = clients.filter((other) => other.gender !== client.gender && !other.incoming.has(client.pid) && !client.approvedFor.has(other.pid));
    if (others.length > 0) {
      const to = others[next(others.length)];
      const answer = record("send interest", await call("POST", "/api/send_interest", client, { fpid: client.pid, tpid: to.pid }));
      if (answer.status === 200) {
        client.sent.add(to.pid);
        to.incoming.add(client.pid);
      }
      return;
    }
  }
  if (kind === "approveInterest" && client.incoming.size > 0) {
    const fromPid = pickFrom(client.incoming, next);
    client.incoming.delete(fromPid);
    const from = clients.find((other) => other.pid === fromPid);
    from.sent.delete(client.pid);
    const answer = record("approve interest", await call("POST", "/api/approve_interest", client, { pid: fromPid }));
    if (answer.status === 200) {
      stats.approvals++;
      from.approvedFor.add(client.pid);
    }
    return;
  }
  if (kind === "withdrawInterest" && client.sent.size > 0) {
    const toPid = pickFrom(client.sent, next);
    client.sent.delete(toPid);
    clients.find((other) => other.pid === toPid).incoming.delete(client.pid);
    record("withdraw interest", await call("POST", "/api/delete_interest", client, { fpid: client.pid, tpid: toPid }));
    return;
  }
  if (kind === "fullProfile" && client.approvedFor.size > 0) {
    const pid = pickFrom(client.approvedFor, next);
    const view = record("view confirmation", await call("POST", "/api/view_profile", client, { pid }));
    if (view.status === 200) record("full profile", await call("GET", `/api/users/${pid}?normalized=true`, client));
    return;
  }
  const search = next(2) === 0 ? `/api/Simple_Search_Profiles?page=${1 + next(3)}` : `/api/eloborate_profile?page=${1 + next(2)}&ageMin=21&ageMax=40`;
  record("search", await call("GET", search, client));
}

/** Answers by kind: their times and statuses, and the approvals answered 200. */
function newStats() {
  const kinds = new Map();
  const stats = {
    kinds,
    approvals: 0,
    add(kind, answer) {
      const entry = kinds.get(kind) ?? { times: [], byStatus: new Map() };
      entry.times.push(answer.ms);
      const status = answer.status >= 500 ? "5xx" : answer.status === 429 ? "429" : answer.status >= 400 ? "4xx" : "ok";
      entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
      kinds.set(kind, entry);
    },
    /** Prints the table; true when a 5xx was answered. */
    print(elapsed) {
      const all = [...kinds.values()];
      const count = (status) => all.reduce((sum, entry) => sum + (entry.byStatus.get(status) ?? 0), 0);
      const requests = all.reduce((sum, entry) => sum + entry.times.length, 0);
      console.log(
        `\n${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(0)} req/s; 5xx ${count("5xx")}, 429 ${count("429")}, other 4xx ${count("4xx")}`,
      );
      console.log("kind".padEnd(20), ...["req", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "5xx", "429", "4xx"].map((title) => title.padStart(8)));
      for (const [kind, entry] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
        const times = [...entry.times].sort((a, b) => a - b);
        const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))].toFixed(1);
        const cells = [
          times.length,
          (times.length / elapsed).toFixed(1),
          at(0.5),
          at(0.9),
          at(0.99),
          times.at(-1).toFixed(1),
          ...["5xx", "429", "4xx"].map((s) => entry.byStatus.get(s) ?? 0),
        ];
        console.log(kind.padEnd(20), ...cells.map((cell) => String(cell).padStart(8)));
      }
      return count("5xx") > 0;
    },
  };
  return stats;
}

/** What the checks compare: balances and charged views per member, and the interest messages so far. */
function snapshot() {
  const members = query("SELECT m.pid, m.profiles_count, m.total, (SELECT COUNT(*) FROM profile_views v WHERE v.viewer_pid = m.pid) AS views FROM members m");
  const [{ last }] = query("SELECT COALESCE(MAX(id), 0) AS last FROM outbox");
  return { members: new Map(members.map((m) => [m.pid, m])), lastOutboxId: last };
}

/** Checks the database after the load; prints each check; true when all hold. */
function checkConsistency(before, after, loadStart, stats) {
  const problems = [];
  for (const [pid, now] of after.members) {
    const then = before.members.get(pid);
    if (now.total < 0 || now.total > now.profiles_count) problems.push(`member ${pid}: total ${now.total} of ${now.profiles_count} views (balance below 0)`);
    if (then && now.total - then.total !== now.views - then.views) problems.push(`member ${pid}: total went up ${now.total - then.total}, views rows ${now.views - then.views}`);
  }
  const since = `'${loadStart}'`;
  const newMessages = `outbox WHERE id > ${before.lastOutboxId}`;
  // Each approval during the load told its requester once; each request whose owner was told during the load, once.
  const approvedMismatch = query(
    `SELECT i.from_pid AS pid, COUNT(*) AS approved, (SELECT COUNT(*) FROM ${newMessages} AND kind = 'interest_approved' AND member_pid = i.from_pid) AS messages
       FROM interests i WHERE i.approved_at >= ${since} GROUP BY i.from_pid HAVING approved <> messages`,
  );
  const noticeMismatch = query(
    `SELECT i.to_pid AS pid, COUNT(*) AS notified, (SELECT COUNT(*) FROM ${newMessages} AND kind = 'interest_received' AND member_pid = i.to_pid) AS messages
       FROM interests i WHERE i.notified_at >= ${since} GROUP BY i.to_pid HAVING notified <> messages`,
  );
  const [{ approvedMessages, receivedMessages }] = query(
    `SELECT SUM(kind = 'interest_approved') AS approvedMessages, SUM(kind = 'interest_received') AS receivedMessages FROM ${newMessages}`,
  );
  const sent = stats.kinds.get("send interest")?.byStatus.get("ok") ?? 0;
  for (const row of approvedMismatch) problems.push(`member ${row.pid}: ${row.approved} requests approved, ${row.messages} "approved" messages`);
  for (const row of noticeMismatch) problems.push(`member ${row.pid}: told of ${row.notified} requests, ${row.messages} "interest received" messages`);
  if ((approvedMessages ?? 0) !== stats.approvals) problems.push(`${stats.approvals} approvals answered 200, ${approvedMessages ?? 0} "approved" messages written`);
  if ((receivedMessages ?? 0) > sent) problems.push(`${sent} requests answered 200, ${receivedMessages} "interest received" messages written`);

  console.log(
    `\nconsistency: ${after.members.size} members' balances and charged views; ${stats.approvals} approvals, ${approvedMessages ?? 0} approval messages; ${sent} requests sent, ${receivedMessages ?? 0} request messages`,
  );
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  if (problems.length === 0) console.log("  ✓ balances never below 0, total = charged views, one message per approval and per request told");
  return problems.length === 0;
}
