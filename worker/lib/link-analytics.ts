import { addPageLoads, recordLinkEvent, type LinkEvent, type LinkName, type Outcome, type PageLoads, type PageStep } from "../db/link-events.ts";
import type { AppContext } from "../env.ts";

// Analytics of the WhatsApp links (ADR 0026), written after the response so
// they never slow a member down or fail their request.

/** Records a step a member took (sign-in, interest): a row each; these come through the API's rate limits. */
export function trackLink(c: AppContext, event: LinkEvent): void {
  afterResponse(c, recordLinkEvent(c.env.DB, event), "link_event_failed");
}

/**
 * How often an isolate writes the page loads it counted. Anyone can load a
 * link page, from many addresses: a row per load would let a flood take
 * D1's single writer from members. Counted here and added at most this often,
 * a flood costs D1 one statement per isolate per interval.
 */
export const PAGE_LOADS_INTERVAL_MS = 10_000;

/** Loads counted in this isolate and not written yet, by day, link, step and outcome. */
let unwritten = new Map<string, PageLoads>();
let lastWriteAt = Number.NEGATIVE_INFINITY;

function keep(counts: Iterable<PageLoads>): void {
  for (const count of counts) {
    const key = `${count.day} ${count.link} ${count.step} ${count.outcome}`;
    const kept = unwritten.get(key);
    unwritten.set(key, kept ? { ...kept, loads: kept.loads + count.loads } : count);
  }
}

/**
 * Counts a load of a link page, and writes the isolate's counts when the
 * last write is an interval old. Counts a quiet isolate is holding wait for
 * its next load: the totals are a lower bound, short by at most an
 * interval's loads for each isolate the platform retires.
 */
export function countPageLoad(c: AppContext, load: { link: LinkName; step: PageStep; outcome: Outcome }): void {
  const now = Date.now();
  keep([{ day: new Date(now).toISOString().slice(0, 10), ...load, loads: 1 }]);
  if (now - lastWriteAt < PAGE_LOADS_INTERVAL_MS) return;
  lastWriteAt = now;
  const counts = [...unwritten.values()];
  unwritten = new Map();
  const write = addPageLoads(c.env.DB, counts).catch((error: unknown) => {
    // A failed write gives its counts back to the next one.
    keep(counts);
    throw error;
  });
  afterResponse(c, write, "page_loads_failed");
}

/** Link previews are fetched by WhatsApp's crawler; members' taps are counted apart. */
export function isLinkPreviewCrawler(userAgent: string | undefined): boolean {
  return /WhatsApp|facebookexternalhit|Facebot|TelegramBot|Twitterbot|Slackbot|LinkedInBot|Discordbot/i.test(userAgent ?? "");
}

function afterResponse(c: AppContext, write: Promise<void>, failure: string): void {
  const logged = write.catch((error: unknown) => {
    console.error(JSON.stringify({ kind: failure, requestId: c.var.requestId, message: String(error) }));
  });
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a test calling the app directly): the write still runs.
  }
}
