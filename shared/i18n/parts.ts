import type { MessageId } from "./en.ts";

// The catalogues in parts, so a page loads only its screens' messages (ADR
// 0040, "the catalogue split by screen"): the sources stay one catalogue per
// language, and `npm run i18n:write` compiles each part of the SPA into
// compiled/<language>/<part>.json. A part is a list of id prefixes ("search"
// for every "search.*") and of whole ids, which win over their prefix. The
// shell is in every page's first load, in the page's language, and every
// screen shows it, so it holds only what the application shows around the
// screens; the others load with the screens that name them
// (web/app/screen-messages.ts).
// tests/unit/i18n-parts.test.ts fails on a prefix no part names and on a
// screen that shows a message its parts do not hold.

export const MESSAGE_PARTS = {
  shell: ["language", "common", "nav", "title", "error", "auth", "lists", "notice"],
  // A screen's title (title.*) is in its screen's part; the shell keeps the error page's.
  signIn: ["login", "signIn", "registerPrompt", "title.login"],
  password: ["forgot", "setPassword", "code", "title.forgotPassword", "title.setPassword"],
  registration: ["registration", "registered", "title.newRegistration", "title.registered"],
  // With the date and time pickers' texts, which only the profile forms show, and the copy
  // button's, which the form's last step (/registered) and the console show.
  fields: [
    "field",
    "photo",
    "common.copy",
    "common.copied",
    "common.copyFailed",
    "common.datePlaceholder",
    "common.timePlaceholder",
    "common.previousMonth",
    "common.nextMonth",
    "common.month",
    "common.year",
    "common.time",
    "common.chooseDate",
    "common.chooseTime",
    "common.chooseDay",
    "common.dayNotAvailable",
  ],
  // What the cards and the profile forms share and the shell does not show: the words a profile's
  // values are shown in (order of birth, country, bride or groom, income), the lookup lists'
  // failure and the confirmation dialog's answers.
  values: [
    "common.first",
    "common.second",
    "common.india",
    "common.abroad",
    "common.bride",
    "common.groom",
    "common.lakhsPerAnnum",
    "common.listFailed",
    "common.areYouSure",
    "common.no",
  ],
  validation: ["validation"],
  phoneRequest: ["phoneRequest"],
  // The two server texts the auto-login screens show themselves (shared/messages.ts MESSAGES).
  autoLogin: [
    "autoLogin",
    "newProfilesLink",
    "server.invalidLink",
    "server.invalidAutoLoginLink",
    "title.newProfilesLink",
    "title.linkFailed",
    "title.linkNotValid",
    "title.switchProfile",
    "title.signingIn",
  ],
  public: ["public", "title.publicProfiles"],
  privacy: ["privacy", "title.privacy", "title.myData", "title.deleteProfile", "title.profileDeleted", "common.sending"],
  search: ["search"],
  // With the membership texts and the common ones only the screens with cards show (pages of
  // results, the upsell): out of the shell, which is in every page's first load.
  card: [
    "card",
    "common.profileIdNumber",
    "common.years",
    "common.upsell",
    // A member's phone number (phone-number.tsx), on /whatsapp_profile and /link.
    "common.call",
    "common.phoneNumber",
    // The agency's WhatsApp button (agency-contact-buttons.tsx), which the password screens show too.
    "common.chatOnWhatsapp",
    "common.opensWhatsappWith",
    "common.opensWhatsappWithAgency",
    "common.pleaseWait",
    "common.loadingProfiles",
    "common.loadingProfile",
    "common.pageOf",
    "common.pagePrevious",
    "common.pageNext",
    "common.pagePreviousName",
    "common.pageNextName",
    "common.pageNumber",
    "common.pagination",
    "common.search",
    "common.any",
    "common.profileId",
    "common.viewConfirm",
    "common.paidOnly",
    "common.noBalance",
    "common.membershipEndedTitle",
    "membership",
  ],
  fullProfile: ["fullProfile", "matchingPoints", "siblings"],
  interests: ["interests"],
  recommended: ["recommended", "common.back"],
  editProfile: ["editProfile"],
  whatsappProfile: ["whatsappProfile"],
  // The Worker's own: error responses and link previews. Never in the SPA.
  worker: ["server", "og"],
} as const satisfies Record<string, readonly string[]>;

export type MessagePart = keyof typeof MESSAGE_PARTS;

/** The parts the SPA loads: all but the Worker's. */
export type WebPart = Exclude<MessagePart, "worker">;

export const WEB_PARTS = (Object.keys(MESSAGE_PARTS) as MessagePart[]).filter((part): part is WebPart => part !== "worker");

/** The part that holds `id`: the one naming the id itself, else its prefix; undefined for a prefix no part names. */
export function partOf(id: MessageId | string): MessagePart | undefined {
  const prefix = id.slice(0, id.indexOf("."));
  let byPrefix: MessagePart | undefined;
  for (const part of Object.keys(MESSAGE_PARTS) as MessagePart[]) {
    const entries: readonly string[] = MESSAGE_PARTS[part];
    if (entries.includes(id)) return part;
    if (entries.includes(prefix)) byPrefix = part;
  }
  return byPrefix;
}
