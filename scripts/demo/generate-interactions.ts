// Interests, charged views, hidden profiles and agency recommendations
// between demo members. The named accounts get every interest state both
// sent and received, so each list screen has something to show.
import type { Gender } from "#shared/constants.ts";
import { addDays } from "#shared/data-request-due.ts";
import { timestampOn } from "./iso-dates.ts";
import { viewCapacity, type MembershipPlan } from "./membership-plan.ts";
import { Rng } from "./random.ts";

export const INTEREST_STATES = ["pending", "approved", "denied", "withdrawn"] as const;
export type InterestState = (typeof INTEREST_STATES)[number];

export interface DemoInterest {
  fromPid: number;
  toPid: number;
  state: InterestState;
  interestedAt: string;
  approvedAt: string | null;
  deniedAt: string | null;
  deletedAt: string | null;
}

export interface DemoView {
  viewerPid: number;
  viewedPid: number;
  viewedAt: string;
}

export interface DemoHidden {
  memberPid: number;
  hiddenPid: number;
  hiddenAt: string;
}

export interface DemoRecommendation {
  memberPid: number;
  recommendedPid: number;
  createdAt: string;
  dismissedAt: string | null;
}

export interface Interactions {
  interests: DemoInterest[];
  views: DemoView[];
  hidden: DemoHidden[];
  recommendations: DemoRecommendation[];
}

export interface InteractingMember {
  pid: number;
  gender: Gender;
  plan: MembershipPlan;
}

export interface InteractionInput {
  seed: number;
  today: string;
  members: readonly InteractingMember[];
  namedCount: number;
  /** Named accounts meet members from this first part of the list, the same at 300 or 100,000 members. */
  showcaseCount: number;
}

/** An interest to create; `view` asks for the sender to have opened the approved profile. */
interface Planned {
  state: InterestState;
  view: boolean;
}

// Two approved requests sent: one already viewed (free to reopen), one not
// yet viewed (the next view charges the balance, or meets the expiry dialog).
const NAMED_SENT: readonly Planned[] = [
  { state: "pending", view: false },
  { state: "approved", view: true },
  { state: "approved", view: false },
  { state: "denied", view: false },
  { state: "withdrawn", view: false },
];
const NAMED_RECEIVED: readonly Planned[] = [
  { state: "pending", view: false },
  { state: "pending", view: false },
  { state: "approved", view: true },
  { state: "denied", view: false },
  { state: "withdrawn", view: false },
];
const RECOMMENDATIONS_PER_NAMED = 12;

class PairBook {
  readonly #pairs = new Set<string>();
  #key(a: number, b: number): string {
    return a < b ? `${a}:${b}` : `${b}:${a}`;
  }
  has(a: number, b: number): boolean {
    return this.#pairs.has(this.#key(a, b));
  }
  add(a: number, b: number): void {
    this.#pairs.add(this.#key(a, b));
  }
}

/** Timestamps of an interest: asked 4-90 days ago, answered at least a day later and a day ago. */
function timeline(rng: Rng, today: string, state: InterestState): Omit<DemoInterest, "fromPid" | "toPid" | "state"> {
  const askedDaysAgo = rng.between(4, 90);
  const answeredDaysAgo = rng.between(2, askedDaysAgo - 1);
  const interestedAt = timestampOn(addDays(today, -askedDaysAgo), rng.int(86_400));
  const answeredAt = timestampOn(addDays(today, -answeredDaysAgo), rng.int(86_400));
  return {
    interestedAt,
    approvedAt: state === "approved" ? answeredAt : null,
    deniedAt: state === "denied" ? answeredAt : null,
    deletedAt: state === "withdrawn" ? answeredAt : null,
  };
}

/** Picks a member of `candidates` not yet paired with `pid`; null when a few tries find none. */
function pickPartner(rng: Rng, pid: number, candidates: readonly number[], pairs: PairBook, taken: ReadonlySet<number> = new Set()): number | null {
  for (let attempt = 0; attempt < 24; attempt++) {
    const other = rng.pick(candidates);
    if (other !== pid && !pairs.has(pid, other) && !taken.has(other)) return other;
  }
  return null;
}

export function generateInteractions(input: InteractionInput): Interactions {
  const { seed, today, members, namedCount, showcaseCount } = input;
  const byGender = (gender: Gender, from: number, to: number) =>
    members
      .slice(from, to)
      .filter((member) => member.gender === gender)
      .map((member) => member.pid);
  const everyone: Record<Gender, number[]> = { F: byGender("F", 0, members.length), M: byGender("M", 0, members.length) };
  const showcase: Record<Gender, number[]> = { F: byGender("F", namedCount, showcaseCount), M: byGender("M", namedCount, showcaseCount) };
  const opposite = (gender: Gender): Gender => (gender === "F" ? "M" : "F");

  const pairs = new PairBook();
  const planned: { interest: DemoInterest; view: boolean }[] = [];
  const hidden: DemoHidden[] = [];
  const recommendations: DemoRecommendation[] = [];
  const add = (rng: Rng, fromPid: number, toPid: number, plan: Planned) => {
    pairs.add(fromPid, toPid);
    planned.push({ interest: { fromPid, toPid, state: plan.state, ...timeline(rng, today, plan.state) }, view: plan.view });
  };

  const named = members.slice(0, namedCount);
  for (const member of named) {
    const rng = Rng.stream(seed, member.pid, "interests");
    const pool = showcase[opposite(member.gender)];
    for (const plan of NAMED_SENT) {
      const other = pool.length > 0 ? pickPartner(rng, member.pid, pool, pairs) : null;
      if (other !== null) add(rng, member.pid, other, plan);
    }
    for (const plan of NAMED_RECEIVED) {
      const other = pool.length > 0 ? pickPartner(rng, member.pid, pool, pairs) : null;
      if (other !== null) add(rng, other, member.pid, plan);
    }
  }

  // Named brides and grooms also ask each other, so two demo logins can play both sides.
  const namedBrides = named.filter((member) => member.gender === "F");
  const namedGrooms = named.filter((member) => member.gender === "M");
  const rngNamed = Rng.stream(seed, 0, "interests");
  namedBrides.forEach((bride, k) => {
    const groom = namedGrooms[k];
    const nextBride = namedBrides[(k + 1) % namedBrides.length];
    if (groom && !pairs.has(bride.pid, groom.pid)) add(rngNamed, bride.pid, groom.pid, { state: INTEREST_STATES[(k + 1) % 4] ?? "pending", view: true });
    if (groom && nextBride && !pairs.has(groom.pid, nextBride.pid)) add(rngNamed, groom.pid, nextBride.pid, { state: INTEREST_STATES[k % 4] ?? "pending", view: true });
  });

  for (const member of members.slice(namedCount)) {
    const rng = Rng.stream(seed, member.pid, "interests");
    const candidates = everyone[opposite(member.gender)];
    if (candidates.length === 0) continue;
    const count = rng.weighted([
      { value: 0, weight: 30 },
      { value: 1, weight: 30 },
      { value: 2, weight: 25 },
      { value: 3, weight: 15 },
    ]);
    for (let i = 0; i < count; i++) {
      const other = pickPartner(rng, member.pid, candidates, pairs);
      const state = rng.weighted<InterestState>([
        { value: "pending", weight: 45 },
        { value: "approved", weight: 30 },
        { value: "denied", weight: 15 },
        { value: "withdrawn", weight: 10 },
      ]);
      if (other !== null) add(rng, member.pid, other, { state, view: rng.chance(0.6) });
    }
    if (rng.chance(0.08)) {
      const other = pickPartner(rng, member.pid, candidates, pairs);
      if (other !== null) hidden.push({ memberPid: member.pid, hiddenPid: other, hiddenAt: timestampOn(addDays(today, -rng.between(1, 60)), rng.int(86_400)) });
    }
  }

  for (const member of named) {
    // Its own stream, so that hidden and recommended profiles stay put when the interests change.
    const rng = Rng.stream(seed, member.pid, "showcase");
    const pool = showcase[opposite(member.gender)];
    if (pool.length === 0) continue;
    const hiddenPid = pickPartner(rng, member.pid, pool, pairs);
    if (hiddenPid !== null) hidden.push({ memberPid: member.pid, hiddenPid, hiddenAt: timestampOn(addDays(today, -rng.between(1, 30)), rng.int(86_400)) });
    const chosen = new Set<number>(hiddenPid === null ? [] : [hiddenPid]);
    for (let i = 0; i < RECOMMENDATIONS_PER_NAMED; i++) {
      const other = pickPartner(rng, member.pid, pool, new PairBook(), chosen);
      if (other === null) break;
      chosen.add(other);
      const createdDay = addDays(today, -rng.between(0, 20));
      recommendations.push({
        memberPid: member.pid,
        recommendedPid: other,
        createdAt: timestampOn(createdDay, rng.int(86_400)),
        // One dismissed recommendation per account shows that dismissing is kept.
        dismissedAt: i === RECOMMENDATIONS_PER_NAMED - 1 ? timestampOn(addDays(createdDay, 1), rng.int(86_400)) : null,
      });
    }
  }

  return { interests: planned.map((entry) => entry.interest), views: chargeViews(seed, members, planned), hidden, recommendations };
}

/**
 * Views of approved profiles, in creation order so the named accounts come
 * first, each within what the viewer's membership could have paid for.
 */
function chargeViews(seed: number, members: readonly InteractingMember[], planned: readonly { interest: DemoInterest; view: boolean }[]): DemoView[] {
  const left = new Map(members.map((member) => [member.pid, viewCapacity(member.plan)]));
  const views: DemoView[] = [];
  const rng = Rng.stream(seed, 0, "views");
  for (const { interest, view } of planned) {
    if (!view || interest.state !== "approved" || interest.approvedAt === null) continue;
    const capacity = left.get(interest.fromPid) ?? 0;
    if (capacity <= 0) continue;
    left.set(interest.fromPid, capacity - 1);
    const viewedAt = new Date(Date.parse(interest.approvedAt) + rng.int(20 * 3600) * 1000).toISOString();
    views.push({ viewerPid: interest.fromPid, viewedPid: interest.toPid, viewedAt });
  }
  return views;
}
