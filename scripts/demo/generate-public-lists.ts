// The public page's demo data (/link, § "2. Screens and routes"): a list published for the
// day of seeding and one for its week, each with a template of the agency's
// messages. Drawn from a stream of its own after the members exist, so the
// members (and the logins other tests rely on) come out exactly as before.
import type { PublicProfile } from "#shared/api-types.ts";
import { weekStart } from "#shared/dates.ts";
import { demoConsents } from "./demo-consents.ts";
import { Rng } from "./random.ts";

export interface DemoPublicTemplate {
  id: number;
  name: string;
  /** WhatsApp markup: *bold*, _italic_, ~strike~, line breaks. */
  messages: string[];
}

export interface DemoPublicList {
  id: number;
  /** yyyy-MM-dd: the day, or the Monday of the week. */
  date: string;
  isWeek: boolean;
  templateId: number;
  /** In the order the page lists them. */
  pids: number[];
}

export interface DemoPublicLists {
  templates: DemoPublicTemplate[];
  lists: DemoPublicList[];
}

/** What the generator needs of a member. */
export interface PublishableMember {
  pid: number;
  publicProfile: PublicProfile;
  marriageTurn: 1 | 2;
  showPhoto: 1 | 2;
}

/** The seeded templates' ids: the end-to-end tests find the seeded lists by them. */
export const DAY_TEMPLATE_ID = 1;
export const WEEK_TEMPLATE_ID = 2;

const DAY_TEMPLATE: DemoPublicTemplate = {
  id: DAY_TEMPLATE_ID,
  name: "Profiles of the day",
  messages: [
    "*శుభమస్తు!* Today's brides and grooms from our bureau.\n_Tap the button under a profile to see or ask for the phone number._",
    "Paid membership this month: ~₹3,000~ *₹2,500*\nSee every photo and phone number, and send interest to any profile.",
    "Registration is *free* and takes five minutes.\nమీ జీవిత భాగస్వామిని ఇక్కడ కనుగొనండి.",
  ],
};

const WEEK_TEMPLATE: DemoPublicTemplate = {
  id: WEEK_TEMPLATE_ID,
  name: "Profiles of the week",
  messages: [
    "*This week's profiles*: new brides and grooms every day.\n_Share this page with your family on WhatsApp._",
    "వివాహ పరిచయ వేదిక: *ప్రతి ఆదివారం* ఉదయం 10 గంటలకు.\nCall the bureau to book your place.",
    "Paid membership: ~₹3,000~ *₹2,500* for three months.\nPhotos and phone numbers of every profile.",
    "Already a member? _Login_ with your Profile ID and your password. Forgot it? A code comes on WhatsApp.",
  ],
};

export const DAY_LIST_SIZE = 8;
export const WEEK_LIST_SIZE = 14;

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * A list that shows every state of a public card: two of each label, a
 * second marriage and a photo shown to all (when the members have them),
 * then random published members up to the size.
 */
function pickList(members: readonly PublishableMember[], size: number, rng: Rng): number[] {
  const pool = shuffled(members, rng);
  const picked = new Set<PublishableMember>();
  const take = (wanted: (member: PublishableMember) => boolean, count: number) => {
    for (const member of pool.filter((m) => !picked.has(m) && wanted(m)).slice(0, count)) picked.add(member);
  };
  for (const label of ["PAID", "PUBLIC", "MEMBERS"] as const) take((m) => m.publicProfile === label, 2);
  if (![...picked].some((m) => m.marriageTurn === 2)) take((m) => m.marriageTurn === 2, 1);
  if (![...picked].some((m) => m.showPhoto === 2)) take((m) => m.showPhoto === 2, 1);
  take(() => true, Math.max(0, size - picked.size));
  return shuffled([...picked], rng).map((member) => member.pid);
}

export function generatePublicLists(options: { seed: number; today: string; members: readonly PublishableMember[] }): DemoPublicLists {
  // Only members who consented to being listed (ADR 0033): /link would leave out the others.
  const published = options.members.filter((member) => member.publicProfile !== null && demoConsents(member.pid).publicList);
  const rng = Rng.stream(options.seed, 0, "publicLists");
  return {
    templates: [DAY_TEMPLATE, WEEK_TEMPLATE],
    lists: [
      { id: 1, date: options.today, isWeek: false, templateId: DAY_TEMPLATE.id, pids: pickList(published, DAY_LIST_SIZE, rng) },
      { id: 2, date: weekStart(options.today), isWeek: true, templateId: WEEK_TEMPLATE.id, pids: pickList(published, WEEK_LIST_SIZE, rng) },
    ],
  };
}
