import { Hono } from "hono";
import type { LookupItem } from "#shared/api-types.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { AFTER_PAINT_TEMPLATE_ID } from "#shared/page-placeholders.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import referenceLists from "../routes/reference-lists.ts";

// Pages that carry API answers (ADR 0031: /link's list, /search's reference
// lists): the answers are the routes' own, asked at their /api paths so
// that the edge cache's keys are the API's (ADR 0029), and sent in a JSON
// data block, which the CSP (script-src 'self') does not run.

/** Whether `page` is an HTML page served as it should be (a page the Worker may add to). */
export function isHtml(page: Response): boolean {
  return page.ok && (page.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/** `routes` alone at /api; a failure leaves the page without the answer (`kind` is logged), and the screen asks the API, which says why. */
export function pageApi(routes: Hono<AppEnv>, kind: string): Hono<AppEnv> {
  const api = new Hono<AppEnv>().route("/api", routes);
  api.onError((error) => {
    if (!(error instanceof ApiError)) console.error(JSON.stringify({ kind, message: String(error) }));
    return new Response(null, { status: error instanceof ApiError ? error.status : 500 });
  });
  return api;
}

/** What `api` answers the member whose bearer token is `token` at `path` (a visitor without one): the data of a 200, else the status. */
export async function memberAnswer<Data>(api: Hono<AppEnv>, c: AppContext, path: string, token?: string): Promise<{ data: Data } | { status: number }> {
  const headers: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  const response = await api.request(new URL(path, c.req.url), { headers }, c.env, executionContext(c));
  return response.ok ? ((await response.json()) as { data: Data }) : { status: response.status };
}

/** The data `api` answers a visitor at `path`, or undefined for anything but 200. */
export async function visitorAnswer<Data>(api: Hono<AppEnv>, c: AppContext, path: string): Promise<Data | undefined> {
  const answer = await memberAnswer<Data>(api, c, path);
  return "data" in answer ? answer.data : undefined;
}

const referenceListsApi = pageApi(referenceLists, "reference_lists_data_failed");

/** The reference lists `names`, each as `GET /api/<name>` answers a visitor; undefined unless every one answered 200. */
export async function referenceListAnswers<Name extends string>(c: AppContext, names: readonly Name[]): Promise<Record<Name, LookupItem[]> | undefined> {
  const answers = await Promise.all(names.map((name) => visitorAnswer<LookupItem[]>(referenceListsApi, c, `/api/${name}`)));
  if (answers.some((answer) => answer === undefined)) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, answers[index]])) as Record<Name, LookupItem[]>;
}

/** The request's ExecutionContext; Hono throws for a request made without one (app.request in tests), which the routes do without. */
function executionContext(c: AppContext): AppContext["executionCtx"] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/**
 * A page that shows its screen before its code runs holds the code's preloads
 * in the `after-paint` template, as the pages prerendered at build time do
 * (ADR 0031): fetched at once, the application's code would share a slow
 * network with the styles the first paint waits for; web/main.tsx adds them
 * once the page has painted.
 */
export function holdPreloadsUntilPainted(rewriter: HTMLRewriter): void {
  const held: string[] = [];
  rewriter.on('link[rel="modulepreload"]', {
    element: (link) => {
      held.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(link.getAttribute("href") ?? "")}">`);
      link.remove();
    },
  });
  rewriter.on("head", {
    element: (head) => head.onEndTag((end) => void end.before(`<template id="${AFTER_PAINT_TEMPLATE_ID}">${held.join("")}</template>`, { html: true })),
  });
}

/**
 * JSON in a script element ends at the first `</script`, and `<!--` changes
 * how the parser reads it: every `<` is written as its JSON escape, which
 * JSON.parse reads back as `<`, so no name or message can end the element.
 */
export function jsonDataElement(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${id}">${json}</script>`;
}
