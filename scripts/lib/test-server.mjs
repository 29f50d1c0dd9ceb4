// The server that is tested or measured (the end-to-end tests, the
// benchmarks, the load test; ADR 0019): the Worker as `wrangler deploy`
// bundles it, run by Miniflare, the local runtime under `wrangler dev`, with
// the bindings wrangler.toml declares as wrangler itself reads them, D1 and R2
// persisted in the run's state folder, and the built web app served as
// [assets] says (the Worker first, the SPA's index.html for unknown paths).
// - It cannot restart while in use: nothing watches a file, the bundle and
//   the web app are copies in the state folder, made once.
// - No proxy that can lose a request: `wrangler dev` puts a Worker of its own
//   in front, which lost requests (ADR 0019). The tests' port is a plain Node
//   HTTP server that never closes an idle connection (startKeepAliveFront).
// - Its rate limits are out of the way: the tests call the API from one
//   address far faster than any member (the limits are tested in tests/worker).
// Needs node_modules (miniflare, wrangler): import it after ensureDependencies().
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { root, run } from "./setup.mjs";

const RELAXED_LIMIT = 1_000_000;

/**
 * Bundles the Worker and copies the built web app (E2E_ASSETS_DIR, or
 * dist/client) into `stateDir`, then serves them on 127.0.0.1:`port` with
 * the state in `stateDir` (as `wrangler --persist-to` keeps it). `vars` are
 * added to or replace wrangler.toml's [vars] and .dev.vars. `quiet`: the
 * runtime's output, the Worker's logs included, is dropped (the bench and the
 * load test print figures). Resolves once the server listens; `runtimeUrl`
 * is workerd's own address behind the front; `dispose()` stops it.
 */
export async function startTestServer({ stateDir, port, vars = {}, quiet = false }) {
  const scriptPath = bundleWorker(join(root, stateDir, "worker"));
  const assetsDir = copyWebApp(join(root, stateDir, "assets"));
  const runtime = new Miniflare(testServerOptions({ scriptPath, assetsDir, persistRoot: join(root, stateDir, "v3"), vars, quiet }));
  const runtimeUrl = await runtime.ready;
  const front = await startKeepAliveFront(port, runtimeUrl);
  return {
    runtimeUrl,
    async dispose() {
      front.closeAllConnections();
      front.close();
      await runtime.dispose();
    },
  };
}

/**
 * A plain Node HTTP server on 127.0.0.1:`port` that hands every request to
 * the runtime at `runtimeUrl` and never closes an idle connection itself.
 * workerd closes a kept-alive connection after 5 s idle and says so in no
 * Keep-Alive header, while Playwright's request contexts keep an idle socket
 * forever (an http.Agent without a timeout): a test that waited about 5 s
 * sent its request on a socket closing at that instant and got ECONNRESET
 * (ADR 0019). A browser sends such a request again by itself; Node's clients
 * do not. Each request reaches the runtime on a connection of its own, closed
 * after the answer, so this hop cannot meet the same race.
 */
export function startKeepAliveFront(port, runtimeUrl) {
  const server = http.createServer((request, response) => {
    const toRuntime = http.request(
      { host: runtimeUrl.hostname, port: runtimeUrl.port, method: request.method, path: request.url, headers: withoutHopByHop(request.rawHeaders), agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.rawHeaders));
        answer.pipe(response);
      },
    );
    toRuntime.on("error", (error) => {
      // Shown to the test that made the request, never silently retried.
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain" }).end(`test server: the runtime failed: ${error.message}`);
      else if (!response.writableFinished) response.destroy(error);
    });
    // A client gone before its answer (a page that navigated away) ends the runtime's request too.
    response.on("close", () => {
      if (!response.writableFinished) toRuntime.destroy();
    });
    request.pipe(toRuntime);
  });
  server.keepAliveTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * Headers less those of one connection (RFC 9110 section 7.6.1), which each
 * hop sets for itself: Node closes the connection to the runtime after the
 * answer (`agent: false`) and keeps the client's.
 */
function withoutHopByHop(rawHeaders) {
  const headers = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) headers.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return headers;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding"]);

/** The Miniflare options of the test server: wrangler.toml's bindings, relaxed limits, the finished bundle. */
export function testServerOptions({ scriptPath, assetsDir, persistRoot, vars, quiet = false }) {
  // wrangler's own reading of wrangler.toml and .dev.vars (the one the
  // worker tests' pool uses), so that a binding added there is served here.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"), undefined, {
    overrides: { assets: { directory: assetsDir } },
  });
  return {
    // A free port: the tests call startKeepAliveFront's.
    host: "127.0.0.1",
    port: 0,
    // Request.cf's placeholder: the real one is fetched from workers.cloudflare.com.
    cf: false,
    defaultPersistRoot: persistRoot,
    // /cdn-cgi/handler/scheduled runs the cron, as under `wrangler dev`.
    unsafeTriggerHandlers: true,
    log: new Log(LogLevel.WARN),
    handleRuntimeStdio: quiet ? dropRuntimeOutput : printRuntimeOutput,
    workers: [
      {
        ...workerOptions,
        // The bundle's modules, named: its JavaScript (the entry first) and the
        // photo pipeline's WebAssembly. Listed rather than found by reading the
        // entry's imports, which Miniflare refuses for an import of a computed
        // name (React Router's route modules, bundled with /link's render, ADR 0031).
        modules: bundleModules(scriptPath),
        // Module names relative to the bundle, wherever the process runs.
        modulesRoot: dirname(scriptPath),
        bindings: { ...workerOptions.bindings, ...vars },
        ratelimits: relaxedLimits(workerOptions.ratelimits ?? {}),
      },
    ],
  };
}

/** The bundle's files as Miniflare's modules, the entry first. */
function bundleModules(scriptPath) {
  const dir = dirname(scriptPath);
  const files = readdirSync(dir).filter((name) => name.endsWith(".js") || name.endsWith(".wasm"));
  const entry = basename(scriptPath);
  return [entry, ...files.filter((name) => name !== entry)].map((name) => ({ type: name.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: join(dir, name) }));
}

/**
 * The runtime's output, the Worker's logs included, less its report of each
 * client that closed a connection before the answer was written (a page that
 * navigated away from its images): `wrangler dev` never showed it, its own
 * proxy being the runtime's client, and it is no fault of the Worker.
 */
export function printRuntimeOutput(stdout, stderr) {
  for (const [stream, print] of [
    [stdout, console.log],
    [stderr, console.error],
  ]) {
    let afterClientGone = false;
    createInterface(stream).on("line", (line) => {
      const skip = CLIENT_GONE.test(line) || (afterClientGone && line.startsWith("stack: "));
      afterClientGone = CLIENT_GONE.test(line);
      if (!skip) print(line);
    });
  }
}

/** Reads the runtime's output to nowhere: a pipe nobody reads would stop the runtime once full. */
function dropRuntimeOutput(stdout, stderr) {
  stdout.resume();
  stderr.resume();
}

const CLIENT_GONE = /disconnected: ::write\(fd, buffer\.begin\(\), buffer\.size\(\)\): Broken pipe$/;

/** Every limit, so that one added to wrangler.toml is relaxed too; its period stays. */
export function relaxedLimits(ratelimits) {
  return Object.fromEntries(Object.entries(ratelimits).map(([name, { simple }]) => [name, { simple: { ...simple, limit: RELAXED_LIMIT } }]));
}

/** The Worker bundled by `wrangler deploy --dry-run` into `dir`, behind the test entry; returns the entry's path. */
function bundleWorker(dir) {
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", dir], { stdio: ["ignore", "ignore", "inherit"] });
  if (!existsSync(join(dir, "index.js"))) throw new Error(`wrangler deploy --dry-run wrote no ${dir}/index.js`);
  return writeTestEntry(dir);
}

/** Writes TEST_ENTRY beside the Worker `dir`/index.js; returns its path. */
export function writeTestEntry(dir) {
  const entry = join(dir, "test-entry.js");
  writeFileSync(entry, TEST_ENTRY);
  return entry;
}

/**
 * A copy of the built web app. E2E_ASSETS_DIR: a build of one's own
 * (`vite build --outDir ...`), so that a second suite on another E2E_PORT
 * never copies a build in progress.
 */
function copyWebApp(dir) {
  rmSync(dir, { recursive: true, force: true });
  cpSync(process.env.E2E_ASSETS_DIR ?? join(root, "dist/client"), dir, { recursive: true });
  return dir;
}

/**
 * What `wrangler dev` wraps around a Worker it bundles itself, and the test
 * server, serving a finished bundle, must add: a request body the Worker did
 * not read (a 401 or 429 before the body) is read to its end, so that the
 * local runtime does not cut the client's connection while it still sends.
 */
const TEST_ENTRY = `// Generated by scripts/lib/test-server.mjs: do not edit.
import worker from "./index.js";

export default {
  ...worker,
  async fetch(request, env, ctx) {
    try {
      return await worker.fetch(request, env, ctx);
    } finally {
      if (request.body !== null && !request.bodyUsed) {
        const reader = request.body.getReader();
        while (!(await reader.read()).done) {}
      }
    }
  },
};
`;
