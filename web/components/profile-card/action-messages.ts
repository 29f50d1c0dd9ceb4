// The texts a card's buttons lead to (§ "6. Roles and permissions" and § "8. Error catalogue"), filled with the
// member's own values and the agency's contact details. One copy for every
// screen with cards, so that they all explain a membership the same way.
// Components pass useT()'s `t` and the active language, so the texts follow a
// switch; outside a component they are in the active language (ADR 0040).
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { toStoredDisplayDate } from "#shared/dates.ts";
import type { Language } from "#shared/i18n/language.ts";
import { INTL_LOCALES } from "#shared/i18n/language.ts";
import { membershipEndedText } from "#shared/membership.ts";
import type { Agency } from "#web/lib/agency.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { currentLanguage, translate, type MessageId, type MessageValues } from "#web/lib/i18n.ts";

/** `t` of useT(), or translate() outside a component (the active language). */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * A stored date as each language's readers write it: dd-MM-yyyy in English
 * (§ "9. Business constants and limits": display of stored dates), "24 నవంబర్ 2026" in Telugu.
 */
export function displayDate(iso: string, language: Language): string {
  if (language === "en") return toStoredDisplayDate(iso);
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** The day the membership runs to, or "-" without a date. */
export function expiryDate(user: Pick<CurrentUser, "profileLimits">, language: Language = currentLanguage()): string {
  const date = user.profileLimits.lastViewDate;
  return date ? displayDate(date, language) : "-";
}

export interface Notice {
  title: string;
  text: string;
}

/**
 * Why this member cannot see this profile's phone number now (§ "6. Roles and permissions"),
 * or null when they can: FREE, a membership that ended, or no balance left
 * for a profile not unlocked before, in that order.
 */
export function membershipNotice(
  user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">,
  agency: Agency,
  card?: Pick<ProfileCard, "viewed">,
  t: Translate = translate,
  language: Language = currentLanguage(),
): Notice | null {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) {
    return { title: t("common.paidOnly"), text: t("membership.freeMember", { ...contact, pid: user.pid }) };
  }
  if (!user.membership.active) return { title: t("common.membershipEndedTitle"), text: membershipEndedText(user.profileLimits, agency, t, language) };
  // A profile unlocked before stays open at any balance (ADR 0012).
  if (user.membership.balance <= 0 && !card?.viewed) {
    return { title: t("common.noBalance"), text: t("membership.zeroBalance", contact) };
  }
  return null;
}

/**
 * § "8. Error catalogue": "Your balance of profiles is {n}. Your membership will expire on
 * {dd-MM-yyyy}. ...", and what this view costs (ADR 0012).
 */
export function viewConfirmText(
  user: Pick<CurrentUser, "profileLimits" | "membership">,
  card: Pick<ProfileCard, "viewed">,
  t: Translate = translate,
  language: Language = currentLanguage(),
): string[] {
  return [
    t("common.viewConfirm", { n: user.membership.balance, date: expiryDate(user, language) }),
    card.viewed ? t("membership.viewCostsNothing") : t("membership.viewCostsOne", { n: user.membership.balance }),
  ];
}

/** The server's sentence, ending in a full stop (§ "8. Error catalogue") without doubling one it already has. */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * § "8. Error catalogue", interest failure: with status 300 or above, the server's text
 * followed by a full stop; otherwise (no answer at all, or one without a
 * text) "Something went wrong (101). Please contact {phone}".
 *
 * `notFoundIsMissingCall`: the search screens read a 404 as the interest call
 * itself not being found (an agency backend without it), which the member can
 * only take to the agency, so they give the default text; the other screens
 * show the server's text ("Profile not found."). Kept as it was when the
 * copies were merged; the two readings still wait for one decision.
 */
export function interestFailureText(error: unknown, phone: string, options: { notFoundIsMissingCall?: boolean } = {}, t: Translate = translate): string {
  if (isApiError(error) && error.fromServer && error.status >= 300 && !(options.notFoundIsMissingCall && error.status === 404)) {
    return withFullStop(error.error);
  }
  return t("card.interestFailedDefault", { phone });
}

/** § "8. Error catalogue", view request failure: the server's text, or "Something went wrong, Please try again later." */
export function viewFailureText(error: unknown, t: Translate = translate): string {
  return isApiError(error) && error.fromServer ? error.error : t("common.somethingWrongTryLater");
}
