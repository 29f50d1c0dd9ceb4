// The pages prerendered at build time (ADR 0031) cannot know the agency's
// name and phone, which are the Worker's configuration: the build writes
// these placeholders and the Worker puts the configured values in their place
// before the page leaves it, so the page matches what the browser renders.
// The phone's placeholder has spaces so that its tel: form (digits and +) and
// its wa.me form (digits) differ from it and can be found on their own.

export const AGENCY_NAME_PLACEHOLDER = "__AGENCY_NAME__";
export const AGENCY_PHONE_PLACEHOLDER = "+00 00000 00001";

/**
 * The template a prerendered page holds its application's preloads in until
 * web/main.tsx adds them after the first paint (vite.config.ts, ADR 0031).
 */
export const AFTER_PAINT_TEMPLATE_ID = "after-paint";

/**
 * The template an auto-login page holds its application in, the entry script
 * and its preloads: web/features/auto-login/lib/early-sign-in.ts starts it
 * unless the link's sign-in opens the page the Worker renders (vite.config.ts, ADR 0042).
 */
export const APPLICATION_TEMPLATE_ID = "application";
