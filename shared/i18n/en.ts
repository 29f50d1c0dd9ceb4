// The English catalogue (ADR 0040): every text a member, a visitor or a
// WhatsApp recipient reads, by id, in ICU MessageFormat ("{name}",
// "{count, plural, one {# view} other {# views}}", "<0>link</0>" for a
// component inside a sentence). te.ts has the same ids in Telugu.
// `npm run i18n:write` compiles both into compiled/*.json, which the SPA and
// the Worker load; a unit test fails when they drift, when an id is missing
// in either language or when the two disagree on a placeholder.
//
// Ids are "<screen or part>.<what>", in sections by screen; keep each
// section's ids together.

export const en = {
  // ── language switch ──
  "language.switchTo": "Read this in {language}",
  "language.saveFailed": "Your language could not be saved on your profile. This device remembers it.",

  // ── common ──

  // ── nav bar and app shell ──

  // ── auth: login, password, codes ──

  // ── registration ──

  // ── privacy ──

  // ── public profiles (/link) and auto-login pages ──

  // ── search ──

  // ── profile card ──

  // ── full profile and matching points ──

  // ── interests and phone requests ──

  // ── recommended ──

  // ── edit profile ──

  // ── whatsapp profile ──

  // ── validation (shared/schemas) ──

  // ── server messages (worker) ──

  // ── WhatsApp messages ──

  // ── Open Graph previews and page titles ──
} as const;

export type MessageId = keyof typeof en;
