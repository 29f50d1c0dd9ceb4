// Membership figures for demo members: how many full profiles a tier buys,
// until when, and how many are used. Dates are relative to the day the seed
// runs, so "active" stays active and "expired" stays expired on that day.
import type { ProfileType } from "#shared/constants.ts";
import { addDays } from "#shared/data-request-due.ts";
import type { MembershipState } from "./named-accounts.ts";
import type { Rng } from "./random.ts";

export const PROFILES_COUNT_BY_TIER: Readonly<Record<ProfileType, number>> = {
  FREE: 0,
  MEMBER: 30,
  DONOR: 60,
  PREMIUM: 100,
  LIFE: 250,
};

export interface MembershipPlan {
  profileType: ProfileType;
  state: MembershipState;
  profilesCount: number;
  lastViewDate: string | null;
}

/** Days from today to lastViewDate for each state; named accounts use the middle of each range. */
const DAYS_LEFT: Readonly<Record<MembershipState, readonly [number, number]>> = {
  free: [0, 0],
  active: [30, 365],
  "expires-today": [0, 0],
  expired: [-240, -1],
  "zero-balance": [20, 200],
};

export function membershipPlan(profileType: ProfileType, state: MembershipState, today: string, rng: Rng | null): MembershipPlan {
  if (state === "free") return { profileType, state, profilesCount: 0, lastViewDate: null };
  const [min, max] = DAYS_LEFT[state];
  const days = rng ? rng.between(min, max) : Math.round((min + max) / 2);
  return { profileType, state, profilesCount: PROFILES_COUNT_BY_TIER[profileType], lastViewDate: addDays(today, days) };
}

/** Tier and state of a member who is not a named account: a third free, most paid ones active. */
export function pickMembership(rng: Rng): { profileType: ProfileType; state: MembershipState } {
  const profileType = rng.weighted<ProfileType>([
    { value: "FREE", weight: 35 },
    { value: "MEMBER", weight: 28 },
    { value: "DONOR", weight: 16 },
    { value: "PREMIUM", weight: 13 },
    { value: "LIFE", weight: 8 },
  ]);
  if (profileType === "FREE") return { profileType, state: "free" };
  const state = rng.weighted<MembershipState>([
    { value: "active", weight: 70 },
    { value: "expired", weight: 20 },
    { value: "zero-balance", weight: 10 },
  ]);
  return { profileType, state };
}

/** How many charged views a member may have: an active member keeps at least one profile of balance. */
export function viewCapacity(plan: MembershipPlan): number {
  switch (plan.state) {
    case "free":
      return 0;
    case "active":
    case "expires-today":
      return Math.max(0, plan.profilesCount - 1);
    case "expired":
    case "zero-balance":
      return plan.profilesCount;
  }
}

/**
 * The final `total`: never below the views actually charged, equal to
 * profilesCount for zero-balance, below it for active ones (balance > 0).
 * `extra` is the usage beyond the seeded views (profiles viewed earlier).
 */
export function finalTotal(plan: MembershipPlan, views: number, extra: number): number {
  switch (plan.state) {
    case "free":
      return 0;
    case "zero-balance":
      return plan.profilesCount;
    case "active":
    case "expires-today":
      return Math.min(plan.profilesCount - 1, views + extra);
    case "expired":
      return Math.min(plan.profilesCount, views + extra);
  }
}
