// The WhatsApp messages the agency starts (ADR 0020). Each kind is an
// approved template when the Cloud API sends it; the same words go as text
// inside the member's 24-hour window, and as the click-to-chat text staff
// send by hand when the Cloud API is not connected. docs/whatsapp-templates.md
// is generated from TEMPLATES (scripts/whatsapp-templates.ts) and a test keeps
// the two the same.

export const MESSAGE_LANGUAGES = ["en", "te"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export type TemplateCategory = "AUTHENTICATION" | "UTILITY";

export interface TemplateDefinition {
  /** The name it is submitted under unless wrangler.toml names another (WHATSAPP_TEMPLATE_*). */
  defaultName: string;
  category: TemplateCategory;
  /** Why this category, by Meta's rules (ADR 0020). */
  why: string;
  /**
   * The body with its numbered parameters. An authentication template's body
   * is Meta's preset text in each language: it is not submitted, only shown.
   */
  body: Record<MessageLanguage, string>;
  /** Example values of the body's parameters, which Meta's review requires. */
  bodyExample: string[];
  /**
   * Authentication: the copy-code button, which repeats the code. Utility: a
   * URL button to `{site}/{{1}}`, its parameter the path to open.
   */
  button: { text: Record<MessageLanguage, string>; example: string };
}

// A template's body may neither start nor end with a parameter (Meta refuses
// it), hence the greeting before the agency's name.
export const TEMPLATES = {
  verificationCode: {
    defaultName: "verification_code",
    category: "AUTHENTICATION",
    why: "A one-time code that proves the member holds the WhatsApp number: only authentication templates may carry one.",
    // Meta's preset text; in Telugu, Meta's own translation of it.
    body: {
      en: "*{{1}}* is your verification code. For your security, do not share this code.",
      te: "*{{1}}* is your verification code. For your security, do not share this code.",
    },
    bodyExample: ["482913"],
    button: { text: { en: "Copy code", te: "కోడ్ కాపీ చేయండి" }, example: "482913" },
  },
  interestReceived: {
    defaultName: "interest_received",
    category: "UTILITY",
    why: "An alert about the member's own account: another member asked for their profile. It promotes nothing.",
    body: {
      en: "Namaste from {{1}}. The member with Profile ID {{2}} is interested in your profile (Profile ID {{3}}). Tap the button below to see their profile and accept or decline the request.",
      te: "నమస్కారం! {{1}} నుండి సమాచారం: ప్రొఫైల్ ID {{2}} గల సభ్యులు మీ ప్రొఫైల్ (ప్రొఫైల్ ID {{3}}) పై ఆసక్తి చూపారు. వారి ప్రొఫైల్ చూసి, అభ్యర్థనను అంగీకరించడానికి లేదా తిరస్కరించడానికి కింది బటన్ నొక్కండి.",
    },
    bodyExample: ["Sri Lakshmi Marriage Bureau", "10234", "10871"],
    button: { text: { en: "See the request", te: "అభ్యర్థన చూడండి" }, example: "interest_link?link=eyJwaWQiOjEwODcxfQ" },
  },
  interestApproved: {
    defaultName: "interest_approved",
    category: "UTILITY",
    why: "The answer to a request the member made themselves: a status update they asked for.",
    body: {
      en: "Namaste from {{1}}. The member with Profile ID {{2}} has accepted your request (your Profile ID {{3}}). Tap the button below to open their profile.",
      te: "నమస్కారం! {{1}} నుండి సమాచారం: ప్రొఫైల్ ID {{2}} గల సభ్యులు మీ అభ్యర్థనను అంగీకరించారు (మీ ప్రొఫైల్ ID {{3}}). వారి ప్రొఫైల్ చూడటానికి కింది బటన్ నొక్కండి.",
    },
    bodyExample: ["Sri Lakshmi Marriage Bureau", "10871", "10234"],
    button: { text: { en: "Open the profile", te: "ప్రొఫైల్ తెరవండి" }, example: "whatsapp_link?link=eyJwaWQiOjEwMjM0fQ" },
  },
  signInLink: {
    defaultName: "sign_in_link",
    category: "UTILITY",
    why: "A link the agency issues at the member's request to open their own account; specific to the member, no offer in it.",
    body: {
      en: "Namaste from {{1}}. Here is your link to open your profile (Profile ID {{2}}). It signs you in directly, so please do not forward it to anyone.",
      te: "నమస్కారం! {{1}} నుండి సమాచారం: మీ ప్రొఫైల్ (ప్రొఫైల్ ID {{2}}) తెరవడానికి లింక్ ఇదిగో. ఇది నేరుగా లాగిన్ చేస్తుంది, కాబట్టి దయచేసి దీన్ని ఎవరికీ ఫార్వర్డ్ చేయకండి.",
    },
    bodyExample: ["Sri Lakshmi Marriage Bureau", "10234"],
    button: { text: { en: "Open my profile", te: "నా ప్రొఫైల్ తెరవండి" }, example: "profile_link?link=eyJwaWQiOjEwMjM0fQ" },
  },
  membershipUpdated: {
    defaultName: "membership_updated",
    category: "UTILITY",
    why: "The receipt of a membership the member bought or renewed: a transaction update, with no upsell.",
    body: {
      en: "Namaste from {{1}}. Your {{2}} membership for Profile ID {{3}} is active until {{4}}, with {{5}} profile views remaining. Thank you.",
      te: "నమస్కారం! {{1}} నుండి సమాచారం: ప్రొఫైల్ ID {{3}} కు మీ {{2}} సభ్యత్వం {{4}} వరకు చెల్లుబాటులో ఉంటుంది; ఇంకా {{5}} ప్రొఫైళ్లు చూడవచ్చు. ధన్యవాదాలు.",
    },
    bodyExample: ["Sri Lakshmi Marriage Bureau", "GOLD", "10234", "31-05-2027", "25"],
    button: { text: { en: "Search profiles", te: "ప్రొఫైళ్లు వెతకండి" }, example: "search" },
  },
  dataErasureNotice: {
    defaultName: "data_erasure_notice",
    category: "UTILITY",
    why: "The notice the DPDP Rules 2025 require 48 hours before an unused profile's data is erased (ADR 0034): about the member's own account, no offer in it.",
    body: {
      en: "Namaste from {{1}}. Your profile (Profile ID {{2}}) has not been used for {{3}} years, so as our privacy notice says its data will be erased on {{4}}. To keep your profile, sign in before then. Tap the button below to sign in.",
      te: "నమస్కారం! {{1}} నుండి సమాచారం: మీ ప్రొఫైల్ (ప్రొఫైల్ ID {{2}}) {{3}} సంవత్సరాలుగా ఉపయోగంలో లేదు, కాబట్టి మా గోప్యతా నోటీసు ప్రకారం దాని వివరాలు {{4}} న తొలగించబడతాయి. ప్రొఫైల్‌ను ఉంచుకోవాలంటే ఆ లోపు లాగిన్ అవ్వండి. లాగిన్ అవ్వడానికి కింది బటన్ నొక్కండి.",
    },
    bodyExample: ["Sri Lakshmi Marriage Bureau", "10234", "3", "26-11-2029 10:30"],
    button: { text: { en: "Sign in", te: "లాగిన్ అవ్వండి" }, example: "login" },
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateKey = keyof typeof TEMPLATES;
export const TEMPLATE_KEYS = Object.keys(TEMPLATES) as TemplateKey[];

/** What the outbox holds of every kind of message (the `kind` column). */
export const OUTBOX_KINDS = [
  "registration_code",
  "staff_reset_code",
  "forgot_password_code",
  "mobile_code",
  "delete_profile_code",
  "interest_received",
  "interest_approved",
  "link",
  "membership",
  "data_erasure_notice",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const TEMPLATE_OF_KIND: Record<OutboxKind, TemplateKey> = {
  registration_code: "verificationCode",
  staff_reset_code: "verificationCode",
  forgot_password_code: "verificationCode",
  mobile_code: "verificationCode",
  delete_profile_code: "verificationCode",
  interest_received: "interestReceived",
  interest_approved: "interestApproved",
  link: "signInLink",
  membership: "membershipUpdated",
  data_erasure_notice: "dataErasureNotice",
};

/** Kinds that carry a one-time code: always the authentication template, never free text; their text is kept from staff. */
export function isCodeKind(kind: OutboxKind): boolean {
  return TEMPLATE_OF_KIND[kind] === "verificationCode";
}

/** A template's parameters, as the outbox keeps them until the message is sent. */
export interface TemplateParams {
  body: string[];
  /** The URL button's parameter (a path), or the code again for the copy-code button. */
  button: string;
}

export interface WhatsAppMessage {
  /** The text: free-form inside the window, and the click-to-chat text. */
  body: string;
  params: TemplateParams;
  /** The text lacks what the template's button carries: only the template may go through the Cloud API. */
  templateOnly?: boolean;
}

/** Controls, line breaks, tabs and every kind of space: one space each. */
const CONTROLS_AND_SPACES = /[\p{Cc}\p{Z}]/gu;
/**
 * Invisible characters (Unicode's format characters: direction controls and
 * isolates, zero-width space, word joiner, BOM, soft hyphen ...) and lone
 * surrogates. ZWNJ and ZWJ stay where Telugu spelling puts them: after a
 * virama (a mark) and before a letter.
 */
const INVISIBLE = /(?<!\p{M})[\u200c\u200d]|[\u200c\u200d](?!\p{L})|(?![\u200c\u200d])[\p{Cf}\p{Cs}]/gu;
/** WhatsApp's markup: bold, italic, strikethrough, monospace. */
const MARKUP = /[*_~`]/g;
/** A scheme's "://" (http://, https://, intent://). */
const SCHEME = /:\/\//g;
/** A full stop (or one of its look-alikes) between a letter or digit and a letter: "evil.com", "www.x". */
const DOMAIN_DOT = /(?<=[\p{L}\p{M}\p{N}])[.\u3002\uff0e\uff61](?=\p{L})/gu;
const JOINERS_AT_END = /[ \u200c\u200d]+$/u;

/**
 * A parameter as it may go into a message (ADR 0025): on one line, without
 * WhatsApp's markup, invisible characters or anything WhatsApp would turn
 * into a link, so that no value can fake a second paragraph, bold text or a
 * link ahead of the real content (Meta also refuses parameters with line
 * breaks or tabs). Links are broken, not removed, so staff still see what
 * was there: "http://evil.com" becomes "http: //evil. com". At most
 * `maxLength` UTF-16 units, cut with "…" at a whole character. Cleaning
 * twice changes nothing.
 */
export function cleanParameter(text: string, maxLength = 80): string {
  const cleaned = text
    .replace(CONTROLS_AND_SPACES, " ")
    .replace(INVISIBLE, "")
    .replace(MARKUP, "")
    .replace(SCHEME, ": //")
    .replace(DOMAIN_DOT, "$& ")
    .replace(/ {2,}/g, " ")
    .trim();
  return cleaned.length > maxLength ? shorten(cleaned, maxLength) : cleaned;
}

/** Whole characters up to `maxLength - 1` units, then "…"; no joiner or space is left hanging before it. */
function shorten(text: string, maxLength: number): string {
  let kept = "";
  for (const character of text) {
    if (kept.length + character.length > maxLength - 1) break;
    kept += character;
  }
  return `${kept.replace(JOINERS_AT_END, "")}…`;
}

function fill(template: string, values: readonly string[]): string {
  return template.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => values[Number(index) - 1] ?? whole);
}

/**
 * A utility message: the template's words with the button's link written
 * out, when the site's address is known. `origin` is empty in a message the
 * cron writes without SITE_URL: only the template's button carries the link
 * then, so the message never goes as free text, which has no button (ADR 0020).
 */
function utilityMessage(key: Exclude<TemplateKey, "verificationCode">, language: MessageLanguage, values: string[], link: { origin: string; path: string }): WhatsAppMessage {
  const template = TEMPLATES[key];
  const body = values.map((value) => cleanParameter(value));
  const text = fill(template.body[language], body);
  const params = { body, button: link.path };
  return link.origin ? { body: `${text}\n\n${template.button.text[language]}: ${link.origin}/${link.path}`, params } : { body: text, params, templateOnly: true };
}

export function interestReceivedMessage(language: MessageLanguage, m: { agency: string; fromPid: number; toPid: number; origin: string; path: string }): WhatsAppMessage {
  return utilityMessage("interestReceived", language, [m.agency, String(m.fromPid), String(m.toPid)], m);
}

export function interestApprovedMessage(
  language: MessageLanguage,
  m: { agency: string; approverPid: number; requesterPid: number; origin: string; path: string },
): WhatsAppMessage {
  return utilityMessage("interestApproved", language, [m.agency, String(m.approverPid), String(m.requesterPid)], m);
}

export function signInLinkMessage(language: MessageLanguage, m: { agency: string; pid: number; origin: string; path: string }): WhatsAppMessage {
  return utilityMessage("signInLink", language, [m.agency, String(m.pid)], m);
}

export function membershipMessage(language: MessageLanguage, m: { agency: string; tier: string; pid: number; until: string; views: number; origin: string }): WhatsAppMessage {
  return utilityMessage("membershipUpdated", language, [m.agency, m.tier, String(m.pid), m.until, String(m.views)], { origin: m.origin, path: "search" });
}

/** The retention notice (ADR 0034): `erasedAt` as the member reads it, in the agency's time zone; `origin` may be empty. */
export function dataErasureNoticeMessage(language: MessageLanguage, m: { agency: string; pid: number; years: number; erasedAt: string; origin: string }): WhatsAppMessage {
  return utilityMessage("dataErasureNotice", language, [m.agency, String(m.pid), String(m.years), m.erasedAt], { origin: m.origin, path: "login" });
}

/** How long a code stays valid, as its message says it. */
export type CodeValidity = { minutes: number } | { days: number };

function validityText(validity: CodeValidity, language: MessageLanguage): string {
  if ("minutes" in validity) return language === "te" ? `${validity.minutes} నిమిషాల` : `${validity.minutes} minutes`;
  return language === "te" ? `${validity.days} రోజుల` : `${validity.days} days`;
}

/** What a code is for: a password of the member's own, a new WhatsApp number, or deleting the profile (ADR 0034). */
export type CodePurpose = "password" | "mobile" | "delete";

const CODE_TEXTS: Record<CodePurpose, Record<MessageLanguage, string>> = {
  password: {
    en: "{agency}: {code} is your code to set a password for Profile ID {pid}. Enter it at {url} within {validity}. Do not share this code with anyone.",
    te: "{agency}: ప్రొఫైల్ ID {pid} కు పాస్‌వర్డ్ పెట్టుకోవడానికి మీ కోడ్ {code}. దీన్ని {validity} లోపు {url} లో నమోదు చేయండి. ఈ కోడ్‌ను ఎవరికీ చెప్పకండి.",
  },
  mobile: {
    en: "{agency}: {code} is your code to confirm this WhatsApp number for Profile ID {pid}. Enter it in Edit profile within {validity}. Do not share this code with anyone.",
    te: "{agency}: ప్రొఫైల్ ID {pid} కు ఈ వాట్సాప్ నంబర్‌ను నిర్ధారించడానికి మీ కోడ్ {code}. దీన్ని {validity} లోపు ప్రొఫైల్ సవరణ పేజీలో నమోదు చేయండి. ఈ కోడ్‌ను ఎవరికీ చెప్పకండి.",
  },
  delete: {
    en: "{agency}: {code} is your code to delete Profile ID {pid} and erase its data. Enter it on the Delete my profile page within {validity}. If you did not ask to delete your profile, do not share this code with anyone.",
    te: '{agency}: ప్రొఫైల్ ID {pid} ను తొలగించి దాని వివరాలు చెరిపివేయడానికి మీ కోడ్ {code}. దీన్ని {validity} లోపు "నా ప్రొఫైల్ తొలగించు" పేజీలో నమోదు చేయండి. మీరు ప్రొఫైల్ తొలగించమని అడగకపోతే, ఈ కోడ్‌ను ఎవరికీ చెప్పకండి.',
  },
};

/**
 * A one-time code. The Cloud API sends it as the authentication template,
 * whose text Meta fixes; the text here is what staff send by hand. `pid` may
 * be "{pid}", filled by the database when the member is created in the same
 * batch (worker/db/outbox.ts).
 */
export function codeMessage(
  language: MessageLanguage,
  m: { agency: string; code: string; pid: number | "{pid}"; purpose: CodePurpose; validity: CodeValidity; url: string },
): WhatsAppMessage {
  const values: Record<string, string> = { agency: cleanParameter(m.agency), code: m.code, pid: String(m.pid), url: m.url, validity: validityText(m.validity, language) };
  return {
    body: CODE_TEXTS[m.purpose][language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
    params: { body: [m.code], button: m.code },
  };
}
