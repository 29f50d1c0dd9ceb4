// Set-up steps shared by `npm start`, `npm test` and the e2e server, so that
// both commands work on a fresh clone. Plain Node (no dependencies): it runs
// before node_modules exists.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("../..", import.meta.url).pathname;
// wrangler asks no questions and sends nothing from these scripts.
// CLOUDFLARE_CF_FETCH_ENABLED=false: Miniflare would fetch the Request.cf
// object from workers.cloudflare.com, which is out of reach here and in CI;
// it waits 3 s for it and then falls back to the same placeholder.
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false",
};

export function log(message) {
  console.log(`\x1b[36m›\x1b[0m ${message}`);
}

/** Runs a command in the repository, inheriting output; exits on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: quietEnv, ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/**
 * Runs a command without blocking this process, which may be serving
 * meanwhile (the end-to-end server's WhatsApp stand-in); exits on failure.
 */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: quietEnv, ...options });
    child.on("exit", (code, signal) => {
      if (code === 0) return resolve(undefined);
      console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${code ?? signal})`);
      process.exit(code ?? 1);
    });
  });
}

/** Runs a command and returns its standard output. */
export function capture(command, args) {
  const result = spawnSync(command, args, { cwd: root, env: quietEnv, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  }
  return result.stdout;
}

/** A long-running child that is stopped with this process. */
export function runForever(command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...quietEnv, ...env } });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
  return child;
}

/** npm ci when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const marker = join(root, "node_modules/.package-lock.json");
  const lock = join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log("Installing npm packages (npm ci)");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
}

/**
 * Local secrets for wrangler dev: .dev.vars with fresh random values, made
 * once per clone from .dev.vars.example. The seed reads the same pepper.
 */
export function ensureDevVars() {
  const path = join(root, ".dev.vars");
  if (existsSync(path)) return;
  const example = readFileSync(join(root, ".dev.vars.example"), "utf8");
  const filled = example.replace(/^(\w+)=.*$/gm, (_line, name) => `${name}=${randomBytes(32).toString("base64url")}`);
  writeFileSync(path, filled, { mode: 0o600 });
  log("Created .dev.vars with random local secrets");
}

/** Debian's Chromium for the end-to-end tests (Playwright cannot download its own here). */
export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  log("Installing Debian's chromium (apt-get)");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) => run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, { env: { ...quietEnv, DEBIAN_FRONTEND: "noninteractive" } });
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "chromium", "fonts-noto-core"]);
}

/** Applies the D1 migrations to the local database in `persistTo` (wrangler's default when undefined). */
export function migrateLocal(persistTo) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])]);
}

/** Resolves once `base`/api/health answers, or throws after `timeoutMs`. */
export async function waitForHealth(base, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${base} did not answer within ${timeoutMs / 1000} s`);
}
