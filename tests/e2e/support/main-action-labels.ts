import { en } from "#shared/i18n/en.ts";
import { MAIN_ACTION_IDS, type MainAction } from "#web/components/profile-card/main-action.ts";

/**
 * A card's main button in English, the specification's words
 * (§ "4. States and transitions"), by which the tests find it. Read from the English
 * source catalogue here, in the tests: the web bundle carries only the
 * compiled catalogue of the active language (ADR 0040).
 */
export const MAIN_ACTION_LABELS: Record<MainAction, string> = {
  paidService: en[MAIN_ACTION_IDS.paidService],
  request: en[MAIN_ACTION_IDS.request],
  waiting: en[MAIN_ACTION_IDS.waiting],
  view: en[MAIN_ACTION_IDS.view],
  declined: en[MAIN_ACTION_IDS.declined],
  renew: en[MAIN_ACTION_IDS.renew],
};
