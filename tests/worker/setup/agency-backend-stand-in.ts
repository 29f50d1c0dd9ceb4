// A stand-in for an external agency backend (proxy mode): a real HTTP server
// in Node (vitest globalSetup) that echoes what reached it, so the worker
// tests see exactly what the proxy forwards. The proxy forwards only the
// contract's paths, so the stand-in's behaviours are asked for in the query:
//   ?slow           never answers (the proxy's timeout)
//   ?slow_body=MS   sends its headers and half its JSON body at once, the
//                   rest MS milliseconds later
//   ?status=NNN     answers that status
//   ?redirect       answers 302 to an address of its own
//   ?html_error=NNN answers that status with an HTML stack trace
//   ?cache=VALUE    answers with that Cache-Control (else none)
//   otherwise       200 with the request echoed as JSON, plus a cookie and
//                   hop-by-hop headers the proxy must not pass back.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    agencyBackendUrl: string;
  }
}

export interface EchoedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      if (url.searchParams.has("slow")) return;
      if (url.searchParams.has("redirect")) {
        response.writeHead(302, { Location: "https://backend.internal.example/api/elsewhere" });
        response.end();
        return;
      }
      const htmlError = url.searchParams.get("html_error");
      if (htmlError) {
        response.writeHead(Number(htmlError), { "Content-Type": "text/html" });
        response.end("<h1>Traceback</h1><pre>at Members.signIn (/srv/agency/app.js:42)</pre>");
        return;
      }
      const bodyAfter = Number(url.searchParams.get("slow_body"));
      if (bodyAfter > 0) {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"data":{"first":"half",');
        setTimeout(() => response.end('"second":"half"}}'), bodyAfter);
        return;
      }
      const status = /^\d{3}$/.exec(url.searchParams.get("status") ?? "");
      const echoed: EchoedRequest = { method: request.method ?? "", path: url.pathname, query: url.search, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      response.writeHead(status ? Number(status[0]) : 200, {
        "Content-Type": "application/json",
        "Set-Cookie": "backend_session=secret; HttpOnly",
        Connection: "keep-alive, X-Hop",
        "X-Hop": "hop-by-hop",
        "X-Backend": "stand-in",
        ...(url.searchParams.has("cache") ? { "Cache-Control": url.searchParams.get("cache") ?? "" } : {}),
      });
      response.end(JSON.stringify({ data: echoed }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  project.provide("agencyBackendUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
