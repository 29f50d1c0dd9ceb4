import { recordLinkEvent, type LinkEvent } from "../db/link-events.ts";
import type { AppContext } from "../env.ts";

/**
 * Records a step of a WhatsApp flow after the response, so analytics never
 * slow a member down or fail their request.
 */
export function trackLink(c: AppContext, event: LinkEvent): void {
  const write = recordLinkEvent(c.env.DB, event).catch((error: unknown) => {
    console.error(JSON.stringify({ kind: "link_event_failed", requestId: c.var.requestId, message: String(error) }));
  });
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // No execution context (a test calling the app directly): the write still runs.
  }
}

/** Link previews are fetched by WhatsApp's crawler; members' taps are counted apart. */
export function isLinkPreviewCrawler(userAgent: string | undefined): boolean {
  return /WhatsApp|facebookexternalhit|Facebot|TelegramBot|Twitterbot|Slackbot|LinkedInBot|Discordbot/i.test(userAgent ?? "");
}
