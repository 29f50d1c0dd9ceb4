// The privacy notice's version and the two optional consents' texts (DPDP
// Rules 2025, Rule 3; ADR 0033), in English and Telugu: what registration
// and Edit profile need. The notice itself is in privacy-notice-text.ts, so
// that those forms do not load it; /privacy does.
import type { ConsentPurpose } from "./schemas/privacy.ts";

/**
 * The version a member agrees to: the day the notice was published. Change
 * it with any change of substance to the notice (privacy-notice-text.ts) or
 * the consents below: registration then asks for the new version (409
 * NOTICE_CHANGED) and Edit profile asks members who agreed to an older one.
 */
export const NOTICE_VERSION = "2026-11-24";

export type NoticeLanguage = "en" | "te";

export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = ["en", "te"];

export interface NoticeConsentText {
  label: string;
  /** One plain sentence: what saying yes means. */
  sentence: string;
}

/**
 * The two optional consents, each in one plain sentence (the notice repeats
 * them).
 */
export const CONSENT_TEXTS: Record<NoticeLanguage, Record<ConsentPurpose, NoticeConsentText>> = {
  en: {
    publicList: {
      label: "List my profile on the public page",
      sentence: "Your card, with the photo blurred, may appear on the profile lists we share openly on WhatsApp; your phone number only if you ask us.",
    },
    promotions: {
      label: "Send me the weekly list of new profiles",
      sentence: "A WhatsApp message once a week with the profiles that joined recently.",
    },
  },
  te: {
    publicList: {
      label: "నా ప్రొఫైల్‌ను పబ్లిక్ పేజీలో చూపించండి",
      sentence: "వాట్సాప్‌లో అందరికీ పంచే ప్రొఫైళ్ల జాబితాలో మీ కార్డ్ ఫోటో మసకగా కనిపించవచ్చు; మీరు కోరితేనే ఫోన్ నంబర్ కూడా.",
    },
    promotions: {
      label: "వారానికోసారి కొత్త ప్రొఫైళ్ల జాబితా పంపండి",
      sentence: "ఇటీవల చేరిన ప్రొఫైళ్లతో వారానికి ఒక వాట్సాప్ సందేశం.",
    },
  },
};
