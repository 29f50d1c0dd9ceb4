// The Telugu catalogue (ADR 0040): the same ids as en.ts, written as Telugu
// families read and speak them, not word for word, in the terms Telugu
// matrimony and panchangam use (పొంతన, గుణాలు, నక్షత్రం, పాదం, రాశి,
// జాతకం). Placeholders keep en.ts's names. The type makes a missing or an
// unknown id a type error; the unit test says which.
import type { MessageId } from "./en.ts";

export const te = {
  // ── language switch ──
  "language.switchTo": "{language}లో చదవండి",
  "language.saveFailed": "మీ భాషను మీ ప్రొఫైల్‌లో సేవ్ చేయలేకపోయాం. ఈ పరికరం దాన్ని గుర్తుంచుకుంటుంది.",

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
} as const satisfies Record<MessageId, string>;
