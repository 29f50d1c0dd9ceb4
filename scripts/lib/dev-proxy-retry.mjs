// A small HTTP proxy in front of the end-to-end tests' `wrangler dev`, for
// one flaw of wrangler's dev proxy (wrangler 4.86, ProxyWorker.ts): when its
// hop to the Worker fails (a kept-alive socket the runtime has just closed),
// it sends a GET again by itself but answers any other method 503 "Your
// worker restarted mid-request", even when nothing restarted: it compares
// the request's full URL with the Worker's bare origin, which never match.
// The Worker never saw such a request (its log has no trace of it), so this
// proxy sends it once more, as wrangler does for a GET. Every other answer,
// a real 503 included, passes through untouched.
import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

const DEV_PROXY_FAILURE = "Your worker restarted mid-request.";

/** Listens on `port` (127.0.0.1) and forwards every request to `target` (http://127.0.0.1:PORT). */
export function startRetryingProxy(port, target) {
  const upstream = new URL(target);
  const forward = (request, body) =>
    new Promise((resolve, reject) => {
      const outgoing = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers, agent: false }, resolve);
      outgoing.on("error", reject);
      outgoing.end(body);
    });

  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    try {
      let answer = await forward(request, body);
      if (answer.statusCode === 503 && request.method !== "GET" && request.method !== "HEAD") {
        const text = await readAll(answer);
        if (!decoded(text, answer.headers["content-encoding"]).startsWith(DEV_PROXY_FAILURE)) return send(response, answer, text);
        console.warn(`[e2e proxy] ${request.method} ${request.url}: wrangler's dev proxy lost the request; sent again`);
        answer = await forward(request, body);
      }
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    } catch {
      // wrangler dev is not listening yet: Playwright keeps waiting for /api/health.
      response.writeHead(502).end();
    }
  });
  // Node closes a kept-alive connection after 5 s idle by default. A test's
  // request context that waited about that long on the page then reuses a
  // socket the proxy is closing at that instant, and gets ECONNRESET. The
  // proxy lives only for one run of the tests: it keeps idle connections
  // until the client closes them.
  server.keepAliveTimeout = 0;
  server.listen(Number(port), "127.0.0.1");
  return server;
}

/**
 * The answer's text. wrangler compresses its own 503 for a browser that
 * accepts gzip, so the text is only recognisable once decoded.
 */
function decoded(body, encoding) {
  try {
    if (encoding === "gzip") return gunzipSync(body).toString("utf8");
    if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
    if (encoding === "deflate") return inflateSync(body).toString("utf8");
  } catch {
    // Not what it says it is: certainly not wrangler's text.
    return "";
  }
  return body.toString("utf8");
}

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function send(response, answer, body) {
  response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
  response.end(body);
}
