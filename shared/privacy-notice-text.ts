// The privacy notice shown before registration (DPDP Rules 2025, Rule 3;
// ADR 0033): every item of personal data the agency collects, what it is
// used for and who sees it, how long it is kept, the member's rights and
// whom to ask. English and Telugu, each readable on its own. The contact and
// the two periods the agency configures come from GET /api/privacy and are
// filled in where the notice is shown. Its version is NOTICE_VERSION
// (privacy-notice.ts): change that with any change of substance here.
import type { ConsentPurpose } from "./schemas/privacy.ts";
import { CONSENT_TEXTS, type NoticeConsentText, type NoticeLanguage } from "./privacy-notice.ts";

/** The periods the agency configures (GET /api/privacy). */
export interface NoticeTerms {
  erasureAfterDays: number;
  retentionYears: number;
}

/** One line of the itemised list: what is collected, why, and who sees it. */
export interface NoticeItem {
  what: string;
  use: string;
  seenBy: string;
}

export type NoticeItemId =
  | "name"
  | "gender"
  | "birth"
  | "astro"
  | "religion"
  | "marriage"
  | "education"
  | "profession"
  | "appearance"
  | "family"
  | "phone"
  | "photo"
  | "address"
  | "account"
  | "whatsapp"
  | "activity";

/** The order of the itemised list. */
export const NOTICE_ITEM_IDS: readonly NoticeItemId[] = [
  "name",
  "gender",
  "birth",
  "astro",
  "religion",
  "marriage",
  "education",
  "profession",
  "appearance",
  "family",
  "phone",
  "photo",
  "address",
  "account",
  "whatsapp",
  "activity",
];

export interface NoticeText {
  title: string;
  intro: string;
  itemsHeading: string;
  columns: NoticeItem;
  items: Record<NoticeItemId, NoticeItem>;
  staffHeading: string;
  staff: string;
  consentsHeading: string;
  consentsIntro: string;
  consents: Record<ConsentPurpose, NoticeConsentText>;
  keepingHeading: string;
  keeping: (terms: NoticeTerms) => string[];
  rightsHeading: string;
  rights: string[];
  contactHeading: string;
  contactIntro: string;
  /** The line naming the version, e.g. "Version of 24 November 2026". */
  version: string;
}

const en: NoticeText = {
  title: "Privacy notice",
  intro:
    "Before you register, please read what we collect about the bride or groom, why, and who sees it. " +
    "We use it only to find a match and to run your membership. We never sell it.",
  itemsHeading: "What we collect and why",
  columns: { what: "What", use: "Why we need it", seenBy: "Who sees it" },
  items: {
    name: {
      what: "Name and surname",
      use: "To show your profile to families looking for a match.",
      seenBy: "Signed-in members; visitors of our public list only if you agree to be listed.",
    },
    gender: {
      what: "Bride or groom",
      use: "To show your profile to the other side only.",
      seenBy: "Signed-in members.",
    },
    birth: {
      what: "Date, time and place of birth",
      use: "To show your age and to match horoscopes.",
      seenBy: "Signed-in members see the age and place; paid members see the date and time.",
    },
    astro: {
      what: "Star, padham and raasi",
      use: "To calculate horoscope matching points with other profiles.",
      seenBy: "Signed-in members.",
    },
    religion: {
      what: "Religion and subcaste",
      use: "To recommend and search profiles of your community.",
      seenBy: "Signed-in members.",
    },
    marriage: {
      what: "First or second marriage",
      use: "To recommend suitable profiles.",
      seenBy: "Signed-in members.",
    },
    education: {
      what: "Education",
      use: "To describe the bride or groom to families.",
      seenBy: "Signed-in members.",
    },
    profession: {
      what: "Profession, income, working city or country and visa",
      use: "To describe the bride or groom and to search by these details.",
      seenBy: "Signed-in members; income and working place in the full details of paid members.",
    },
    appearance: {
      what: "Height and complexion",
      use: "To describe the bride or groom and to search by height.",
      seenBy: "Signed-in members.",
    },
    family: {
      what: "Parents' names and professions, brothers and sisters",
      use: "Families want to know the family before they call.",
      seenBy: "Paid members, in the full details.",
    },
    phone: {
      what: "WhatsApp number, other phone number and email",
      use: "To sign you in with a code, to send you WhatsApp messages about your profile and to let families call you.",
      seenBy: "Paid members with an active membership, only after you approve their request; visitors of our public list only if you ask us to show it there.",
    },
    photo: {
      what: "Photo",
      use: "To show the bride or groom to families.",
      seenBy: "Shown blurred to everyone until you approve a request; clear only to members you approve, or to all if you ask us to show it.",
    },
    address: {
      what: "Address, native place and the city you live in",
      use: "To recommend profiles nearby and so families know where you are from.",
      seenBy: "Paid members, in the full details; the full address is not on any list.",
    },
    account: {
      what: "Profile ID and password",
      use: "To sign you in. We store the password only in a scrambled form that nobody can read back.",
      seenBy: "Only you. Agency staff can set a new password when you ask.",
    },
    whatsapp: {
      what: "WhatsApp messages we send you",
      use: "Sign-in codes, interest requests, approvals, membership reminders and, only if you agree, the weekly list of new profiles.",
      seenBy: "You. Agency staff can read a message only to help you, and each reading is recorded.",
    },
    activity: {
      what: "Interests sent and received, profiles you viewed",
      use: "To show you who is interested in you, to count the views of your membership and to recommend profiles.",
      seenBy: "You; a member sees your interest in them; agency staff.",
    },
  },
  staffHeading: "Agency staff",
  staff:
    "Our staff can open your profile to help you, to check it before it is listed and to record payments. " +
    "Every time staff open a member's record or read a message, we record who, whose and when, and keep that record for at least one year.",
  consentsHeading: "Your choices (optional)",
  consentsIntro: "These two are separate from registration. Say yes or no to each; you can change your mind at any time in Edit profile, as easily as you said yes.",
  consents: CONSENT_TEXTS.en,
  keepingHeading: "How long we keep it",
  keeping: ({ erasureAfterDays, retentionYears }) => [
    "While your profile is active, we keep what you gave us so families can find you.",
    `When you delete your profile, it disappears from every list at once and your data is erased within ${erasureAfterDays} days: photos, messages, interests, sign-in links and sessions.`,
    `If nobody signs in to a profile for ${retentionYears} years and it has no active membership, we send a WhatsApp message 48 hours before we erase it.`,
    "The record of memberships you bought (Profile ID, membership and dates) and the record of what staff did stay as the agency's accounts and the law need them, without your name, phone or photo.",
  ],
  rightsHeading: "Your rights",
  rights: [
    'See and download everything we store about you: "Download my data" in your menu.',
    "Correct it: Edit profile, or ask us.",
    "Withdraw a consent: Edit profile, one tap.",
    'Delete your profile: "Delete my profile" in your menu, or ask us.',
    "Complain to us (a grievance); we answer within the period the law sets. If you are not satisfied, you may complain to the Data Protection Board of India.",
  ],
  contactHeading: "Questions and requests",
  contactIntro: "For any question about your data, or to make a request, contact:",
  version: "Version of 24 November 2026",
};

const te: NoticeText = {
  title: "గోప్యతా ప్రకటన",
  intro: "నమోదు చేసే ముందు, వధువు లేదా వరుడి గురించి మేము ఏ వివరాలు తీసుకుంటాము, ఎందుకు, ఎవరు చూస్తారు అన్నది దయచేసి చదవండి. " + "ఈ వివరాలను సంబంధం కుదర్చడానికి, మీ సభ్యత్వం నడపడానికి మాత్రమే వాడతాము. ఎవరికీ అమ్మము.",
  itemsHeading: "మేము తీసుకునే వివరాలు, ఎందుకు",
  columns: { what: "వివరం", use: "ఎందుకు", seenBy: "ఎవరు చూస్తారు" },
  items: {
    name: {
      what: "పేరు, ఇంటి పేరు",
      use: "సంబంధం కోసం చూస్తున్న కుటుంబాలకు మీ ప్రొఫైల్ చూపించడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు; మీరు సమ్మతిస్తేనే మా పబ్లిక్ జాబితా చూసేవారు.",
    },
    gender: {
      what: "వధువు లేదా వరుడు",
      use: "మీ ప్రొఫైల్‌ను ఎదుటి వైపు వారికి మాత్రమే చూపించడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    birth: {
      what: "పుట్టిన తేదీ, సమయం, స్థలం",
      use: "వయస్సు చూపించడానికి, జాతకం కలపడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు వయస్సు, స్థలం చూస్తారు; తేదీ, సమయం పెయిడ్ సభ్యులు మాత్రమే.",
    },
    astro: {
      what: "నక్షత్రం, పాదం, రాశి",
      use: "ఇతర ప్రొఫైళ్లతో జాతక పొంతన పాయింట్లు లెక్కించడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    religion: {
      what: "మతం, ఉపకులం",
      use: "మీ సమాజంలోని ప్రొఫైళ్లు సూచించడానికి, వెతకడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    marriage: {
      what: "మొదటి వివాహమా, రెండవ వివాహమా",
      use: "తగిన ప్రొఫైళ్లు సూచించడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    education: {
      what: "చదువు",
      use: "వధువు లేదా వరుడి గురించి కుటుంబాలకు తెలియజేయడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    profession: {
      what: "ఉద్యోగం, ఆదాయం, పనిచేసే ఊరు లేదా దేశం, వీసా",
      use: "వధువు లేదా వరుడి గురించి తెలియజేయడానికి, ఈ వివరాలతో వెతకడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు; ఆదాయం, పనిచేసే చోటు పెయిడ్ సభ్యులకు పూర్తి వివరాల్లో.",
    },
    appearance: {
      what: "ఎత్తు, రంగు (ఛాయ)",
      use: "వధువు లేదా వరుడి గురించి తెలియజేయడానికి, ఎత్తుతో వెతకడానికి.",
      seenBy: "లాగిన్ అయిన సభ్యులు.",
    },
    family: {
      what: "తల్లిదండ్రుల పేర్లు, వృత్తులు; అన్నదమ్ములు, అక్కచెల్లెళ్లు",
      use: "ఫోన్ చేసే ముందు కుటుంబం గురించి తెలుసుకోవాలని కుటుంబాలు కోరుకుంటాయి.",
      seenBy: "పెయిడ్ సభ్యులు, పూర్తి వివరాల్లో.",
    },
    phone: {
      what: "వాట్సాప్ నంబర్, మరో ఫోన్ నంబర్, ఈమెయిల్",
      use: "కోడ్‌తో లాగిన్ చేయడానికి, మీ ప్రొఫైల్ గురించి వాట్సాప్ సందేశాలు పంపడానికి, కుటుంబాలు మీకు ఫోన్ చేయడానికి.",
      seenBy: "సభ్యత్వం అమలులో ఉన్న పెయిడ్ సభ్యులు, వారి అభ్యర్థనను మీరు ఆమోదించిన తర్వాతే; పబ్లిక్ జాబితాలో నంబర్ చూపమని మీరు కోరితేనే అక్కడ చూసేవారు.",
    },
    photo: {
      what: "ఫోటో",
      use: "వధువు లేదా వరుడిని కుటుంబాలకు చూపించడానికి.",
      seenBy: "మీరు అభ్యర్థన ఆమోదించే వరకు అందరికీ మసకగా కనిపిస్తుంది; మీరు ఆమోదించిన సభ్యులకు, లేదా అందరికీ చూపమని మీరు కోరితే అందరికీ స్పష్టంగా.",
    },
    address: {
      what: "చిరునామా, స్వస్థలం, మీరు ఉంటున్న ఊరు",
      use: "దగ్గరలోని ప్రొఫైళ్లు సూచించడానికి, మీరు ఎక్కడివారో కుటుంబాలకు తెలియడానికి.",
      seenBy: "పెయిడ్ సభ్యులు, పూర్తి వివరాల్లో; పూర్తి చిరునామా ఏ జాబితాలోనూ ఉండదు.",
    },
    account: {
      what: "ప్రొఫైల్ ID, పాస్‌వర్డ్",
      use: "మిమ్మల్ని లాగిన్ చేయడానికి. పాస్‌వర్డ్‌ను ఎవరూ తిరిగి చదవలేని మార్చిన రూపంలోనే దాచుతాము.",
      seenBy: "మీరు మాత్రమే. మీరు అడిగితే ఏజెన్సీ సిబ్బంది కొత్త పాస్‌వర్డ్ పెట్టగలరు.",
    },
    whatsapp: {
      what: "మేము మీకు పంపే వాట్సాప్ సందేశాలు",
      use: "లాగిన్ కోడ్‌లు, ఆసక్తి అభ్యర్థనలు, ఆమోదాలు, సభ్యత్వ గుర్తింపులు; మీరు సమ్మతిస్తేనే వారానికోసారి కొత్త ప్రొఫైళ్ల జాబితా.",
      seenBy: "మీరు. మీకు సహాయం చేయడానికి మాత్రమే సిబ్బంది సందేశం చదవగలరు, ప్రతిసారీ అది నమోదవుతుంది.",
    },
    activity: {
      what: "పంపిన, వచ్చిన ఆసక్తులు; మీరు చూసిన ప్రొఫైళ్లు",
      use: "మీ మీద ఎవరు ఆసక్తి చూపారో చూపించడానికి, మీ సభ్యత్వంలో చూసినవి లెక్కించడానికి, ప్రొఫైళ్లు సూచించడానికి.",
      seenBy: "మీరు; మీరు ఆసక్తి చూపిన సభ్యులు; ఏజెన్సీ సిబ్బంది.",
    },
  },
  staffHeading: "ఏజెన్సీ సిబ్బంది",
  staff:
    "మీకు సహాయం చేయడానికి, జాబితాలో పెట్టే ముందు ప్రొఫైల్ సరిచూడడానికి, చెల్లింపులు నమోదు చేయడానికి మా సిబ్బంది మీ ప్రొఫైల్ తెరవగలరు. " +
    "సిబ్బంది ఒక సభ్యుని వివరాలు తెరిచిన లేదా సందేశం చదివిన ప్రతిసారీ ఎవరు, ఎవరివి, ఎప్పుడు అన్నది నమోదు చేసి, కనీసం ఒక సంవత్సరం దాచుతాము.",
  consentsHeading: "మీ ఇష్టం (తప్పనిసరి కాదు)",
  consentsIntro: "ఈ రెండూ నమోదుకు సంబంధం లేనివి. ఒక్కోదానికి అవును లేదా కాదు చెప్పండి; ఎప్పుడైనా ప్రొఫైల్ సవరణలో, అవును అన్నంత సులువుగానే మార్చుకోవచ్చు.",
  consents: CONSENT_TEXTS.te,
  keepingHeading: "ఎంత కాలం దాచుతాము",
  keeping: ({ erasureAfterDays, retentionYears }) => [
    "మీ ప్రొఫైల్ అమలులో ఉన్నంత కాలం, కుటుంబాలు మిమ్మల్ని కనుగొనేందుకు మీరు ఇచ్చిన వివరాలు దాచుతాము.",
    `మీరు ప్రొఫైల్ తొలగిస్తే, అది వెంటనే అన్ని జాబితాల నుండి మాయమవుతుంది; ${erasureAfterDays} రోజుల్లోగా మీ వివరాలు పూర్తిగా చెరిపివేస్తాము: ఫోటోలు, సందేశాలు, ఆసక్తులు, లాగిన్ లింకులు, సెషన్‌లు.`,
    `${retentionYears} సంవత్సరాలు ఎవరూ లాగిన్ కాకుండా, సభ్యత్వం కూడా లేని ప్రొఫైల్ వివరాలు చెరిపివేసే 48 గంటల ముందు వాట్సాప్‌లో తెలియజేస్తాము.`,
    "మీరు కొన్న సభ్యత్వాల రికార్డు (ప్రొఫైల్ ID, సభ్యత్వం, తేదీలు), సిబ్బంది చేసిన పనుల రికార్డు ఏజెన్సీ లెక్కలకు, చట్టానికి అవసరమైనంత వరకు ఉంటాయి; వాటిలో మీ పేరు, ఫోన్, ఫోటో ఉండవు.",
  ],
  rightsHeading: "మీ హక్కులు",
  rights: [
    'మా దగ్గర ఉన్న మీ వివరాలన్నీ చూడవచ్చు, డౌన్‌లోడ్ చేసుకోవచ్చు: మీ మెనూలో "Download my data".',
    "సరిచేయవచ్చు: ప్రొఫైల్ సవరణలో, లేదా మమ్మల్ని అడగండి.",
    "సమ్మతి వెనక్కి తీసుకోవచ్చు: ప్రొఫైల్ సవరణలో, ఒక్క నొక్కుతో.",
    'ప్రొఫైల్ తొలగించవచ్చు: మీ మెనూలో "Delete my profile", లేదా మమ్మల్ని అడగండి.',
    "మాకు ఫిర్యాదు చేయవచ్చు; చట్టం నిర్ణయించిన గడువులోగా జవాబిస్తాము. సంతృప్తి లేకపోతే డేటా ప్రొటెక్షన్ బోర్డ్ ఆఫ్ ఇండియాకు ఫిర్యాదు చేయవచ్చు.",
  ],
  contactHeading: "ప్రశ్నలు, అభ్యర్థనలు",
  contactIntro: "మీ వివరాల గురించి ఏ ప్రశ్న ఉన్నా, అభ్యర్థన చేయాలన్నా సంప్రదించండి:",
  version: "24 నవంబర్ 2026 నాటి ప్రకటన",
};

export const PRIVACY_NOTICE: Record<NoticeLanguage, NoticeText> = { en, te };
