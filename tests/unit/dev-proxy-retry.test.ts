import http from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startRetryingProxy } from "#scripts/lib/dev-proxy-retry.mjs";

// The e2e server's proxy sends once more only what wrangler's dev proxy lost.

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A stand-in for wrangler dev that answers from a script, and records what reached it. */
async function upstream(answers: [number, string, "gzip"?][]): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = http.createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    seen.push(`${request.method} ${request.url} ${body}`);
    const [status, text, encoding] = answers.shift() ?? [200, "ok"];
    if (encoding) response.writeHead(status, { "Content-Type": "text/plain", "Content-Encoding": encoding }).end(gzipSync(text));
    else response.writeHead(status, { "Content-Type": "text/plain" }).end(text);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function proxyTo(target: string): Promise<string> {
  const proxy = startRetryingProxy(0, target);
  servers.push(proxy);
  await new Promise<void>((resolve) => proxy.once("listening", resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const LOST = "Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.";

describe("the e2e server's proxy", () => {
  it("sends a POST that wrangler's dev proxy lost once more, with its body", async () => {
    const dev = await upstream([[503, LOST]]);
    const response = await fetch(`${await proxyTo(dev.url)}/api/save`, { method: "POST", body: "pid=1" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(dev.seen).toEqual(["POST /api/save pid=1", "POST /api/save pid=1"]);
  });

  it("recognises wrangler's answer when it comes gzipped, as it does to a browser", async () => {
    const dev = await upstream([[503, LOST, "gzip"]]);
    const response = await fetch(`${await proxyTo(dev.url)}/api/admin/members/1/personal`, { method: "PUT", body: "photo" });
    expect(response.status).toBe(200);
    expect(dev.seen).toEqual(["PUT /api/admin/members/1/personal photo", "PUT /api/admin/members/1/personal photo"]);
  });

  it("passes a gzipped 503 of the Worker's own through", async () => {
    const dev = await upstream([[503, '{"error":"Service unavailable"}', "gzip"]]);
    const response = await fetch(`${await proxyTo(dev.url)}/api/save`, { method: "POST", body: "x" });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('{"error":"Service unavailable"}');
    expect(dev.seen).toHaveLength(1);
  });

  it("passes any other 503 through, and does not send twice", async () => {
    const dev = await upstream([[503, '{"error":"Service unavailable"}']]);
    const response = await fetch(`${await proxyTo(dev.url)}/api/save`, { method: "PUT", body: "x" });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('{"error":"Service unavailable"}');
    expect(dev.seen).toHaveLength(1);
  });
});
