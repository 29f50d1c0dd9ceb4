import type { MiddlewareHandler } from "hono";
import { latestMigration } from "../db/schema-version.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { etagMatches, strongEtag } from "../lib/etag.ts";
import { randomId } from "../lib/session-token.ts";
import { readAtPrimary } from "./d1-session.ts";

// Data that is the same for every caller (reference lists, the published
// public lists) answered without D1 and without JSON (ADR 0029): from this
// isolate's memory, else from the data centre's cache (the Workers Cache API,
// caches.default), else from the route, whose 200 answer is then kept in
// both with a strong ETag. Applied per route, after the rate limits and the
// proxy of worker/app.ts: cached answers are counted, and in proxy mode the
// backend answers before any of this runs. Never put it on a route whose
// answer depends on who asks.

export interface CachePolicy {
  /** Keeps one kind of data apart from the others in the keys. */
  namespace: string;
  /** The Cache-Control browsers get. */
  browser: string;
  /** How long the data centre's cache keeps an answer. */
  edgeSeconds: number;
  /** How long this isolate answers from memory without asking the data centre's cache again. */
  isolateSeconds: number;
  /** The query parameters the answer depends on. A request with any other, or with one twice, is answered uncached. */
  query: readonly string[];
  /** Part of every key: an answer stored under another generation is never served. Null: answer uncached. */
  generation: (c: AppContext) => Promise<string | null>;
}

interface Stored {
  body: ArrayBuffer;
  etag: string;
  contentType: string;
  storedAt: number;
}

/** Bounds the memory a stream of distinct addresses (?stateId=1, 2, 3, ...) can take. */
const MEMORY_ENTRIES = 256;
const memory = new Map<string, Stored>();

/** The clock of the memory entries and generations; tests move it instead of waiting. */
export const edgeCacheClock = { now: (): number => Date.now() };

export function edgeCache(policy: CachePolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // What is kept for everyone is read at the primary: a replica's lag
    // would be kept for the answer's whole life (ADR 0032).
    readAtPrimary(c);
    const path = c.req.method === "GET" ? canonicalPath(new URL(c.req.url), policy.query) : null;
    const generation = path === null ? null : await policy.generation(c);
    if (path === null || generation === null) {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", policy.browser);
      return;
    }
    const key = `${policy.namespace}/${encodeURIComponent(generation)}${path}`;
    const stored = fromMemory(key, policy) ?? (await fromEdge(siteOf(c), key)) ?? (await fromRoute(c, next, policy, key));
    // The route's own answer (an error, a 404) stays as it is, uncached.
    if (stored) c.res = answer(c.req.header("If-None-Match"), stored, policy.browser);
  };
}

/** The path with the policy's query parameters in a fixed order, or null when the request carries others. */
function canonicalPath(url: URL, names: readonly string[]): string | null {
  const params: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (!names.includes(name) || params.some(([seen]) => seen === name)) return null;
    params.push([name, value]);
  }
  params.sort(([a], [b]) => (a < b ? -1 : 1));
  return params.length === 0 ? url.pathname : `${url.pathname}?${new URLSearchParams(params)}`;
}

function fromMemory(key: string, policy: CachePolicy): Stored | null {
  const stored = memory.get(key);
  if (!stored) return null;
  if (edgeCacheClock.now() - stored.storedAt >= policy.isolateSeconds * 1000) {
    memory.delete(key);
    return null;
  }
  return stored;
}

function remember(key: string, stored: Stored): Stored {
  memory.delete(key);
  if (memory.size >= MEMORY_ENTRIES) memory.delete(memory.keys().next().value ?? "");
  memory.set(key, stored);
  return stored;
}

/**
 * Where the cache is read and written from: the database the schema's
 * generation is read in, an address of the site (the request's own, or
 * SITE_URL's for the cron, which has no request), and the request, for the log.
 */
export interface CacheSite {
  env: Pick<Env, "DB">;
  url: string;
  requestId?: string | undefined;
}

const siteOf = (c: AppContext): CacheSite => ({ env: c.env, url: c.req.url, requestId: c.var.requestId });

/** The data centre's cache is keyed by URLs of the site's own origin, on a path no route serves. */
function edgeKey(site: CacheSite, key: string): Request {
  return new Request(new URL(`/__edge-cache/${key}`, site.url));
}

async function fromEdge(site: CacheSite, key: string): Promise<Stored | null> {
  const hit = await caches.default.match(edgeKey(site, key)).catch(() => undefined);
  const etag = hit?.headers.get("ETag");
  if (!hit || !etag) return null;
  return remember(key, { body: await hit.arrayBuffer(), etag, contentType: hit.headers.get("Content-Type") ?? "application/json", storedAt: edgeCacheClock.now() });
}

async function fromRoute(c: AppContext, next: () => Promise<void>, policy: CachePolicy, key: string): Promise<Stored | null> {
  await next();
  if (c.res.status !== 200) return null;
  const body = await c.res.arrayBuffer();
  const stored = remember(key, { body, etag: await strongEtag(body), contentType: c.res.headers.get("Content-Type") ?? "application/json", storedAt: edgeCacheClock.now() });
  const headers = { "Content-Type": stored.contentType, ETag: stored.etag, "Cache-Control": `public, s-maxage=${policy.edgeSeconds}` };
  // A put that fails costs the next request a D1 read, nothing more.
  const site = siteOf(c);
  await caches.default.put(edgeKey(site, key), new Response(body, { headers })).catch(logPutFailure(site, key));
  return stored;
}

function logPutFailure(site: CacheSite, key: string) {
  return (error: unknown) => console.error(JSON.stringify({ kind: "edge_cache_put_failed", requestId: site.requestId, key, message: String(error) }));
}

function answer(ifNoneMatch: string | undefined, stored: Stored, browser: string): Response {
  const headers = { ETag: stored.etag, "Cache-Control": browser };
  if (etagMatches(ifNoneMatch, stored.etag)) return new Response(null, { status: 304, headers });
  return new Response(stored.body, { status: 200, headers: { ...headers, "Content-Type": stored.contentType } });
}

/**
 * The generation of data that changes only with a migration (reference
 * lists, ADR 0010): the last migration applied, read once per isolate. A
 * deployment that brings a migration therefore never meets the lists cached
 * before it.
 */
let schema: Promise<string | null> | null = null;

export function schemaGeneration(c: { env: Pick<Env, "DB"> }): Promise<string | null> {
  schema ??= latestMigration(c.env.DB).catch(() => {
    // Answered uncached; the next request reads it again.
    schema = null;
    return null;
  });
  return schema;
}

/**
 * A generation staff renew whenever they change the data (the public lists).
 * It lives in the data centre's cache, so every isolate there sees a renewal
 * within `isolateSeconds`, the isolate that renewed it at once; it is a
 * random value, so a generation the cache lost cannot come back with old
 * answers. It starts with the schema generation.
 */
export class RenewableGeneration {
  private value: string | null = null;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly name: string,
    private readonly isolateSeconds: number,
  ) {}

  readonly current = async (c: AppContext): Promise<string | null> => {
    const now = edgeCacheClock.now();
    if (this.value !== null && now - this.readAt < this.isolateSeconds * 1000) return this.value;
    const site = siteOf(c);
    const schemaVersion = await schemaGeneration(site);
    if (schemaVersion === null) return null;
    const hit = await caches.default.match(this.key(site)).catch(() => undefined);
    const stored = hit ? await hit.text() : "";
    this.value = stored.startsWith(`${schemaVersion}:`) ? stored : await this.write(site, schemaVersion);
    this.readAt = now;
    return this.value;
  };

  /** After staff's change: this isolate at once, the others in the data centre within `isolateSeconds`. */
  async renew(c: AppContext): Promise<void> {
    await this.renewAt(siteOf(c));
  }

  /** The same from where no request is: the cron, with the site's address (SITE_URL). */
  async renewAt(site: CacheSite): Promise<void> {
    const schemaVersion = await schemaGeneration(site);
    this.value = schemaVersion === null ? null : await this.write(site, schemaVersion);
    this.readAt = edgeCacheClock.now();
  }

  private key(site: CacheSite): Request {
    return edgeKey(site, `generation/${this.name}`);
  }

  /** A new generation; if the data centre's cache refuses it, this isolate still uses it, the others keep theirs until their answers expire. */
  private async write(site: CacheSite, schemaVersion: string): Promise<string> {
    const value = `${schemaVersion}:${randomId()}`;
    await caches.default.put(this.key(site), new Response(value, { headers: { "Cache-Control": "public, s-maxage=86400" } })).catch(logPutFailure(site, this.name));
    return value;
  }
}
