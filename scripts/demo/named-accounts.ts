// The fixed demo accounts that open the member list (pids 10001-10020): every
// tier for both genders and every membership state, so that each screen and
// each membership dialog can be tried by signing in as one of them.
import type { Gender, ProfileType } from "#shared/constants.ts";

/** What the account demonstrates; printed with the logins. */
export type MembershipState = "free" | "active" | "expires-today" | "expired" | "zero-balance";

export interface NamedAccount {
  gender: Gender;
  profileType: ProfileType;
  state: MembershipState;
}

export const FIRST_PID = 10001;

export const NAMED_ACCOUNTS: readonly NamedAccount[] = [
  { gender: "F", profileType: "FREE", state: "free" },
  { gender: "F", profileType: "MEMBER", state: "active" },
  { gender: "F", profileType: "DONOR", state: "active" },
  { gender: "F", profileType: "PREMIUM", state: "active" },
  { gender: "F", profileType: "LIFE", state: "active" },
  { gender: "F", profileType: "MEMBER", state: "expired" },
  { gender: "F", profileType: "DONOR", state: "zero-balance" },
  { gender: "F", profileType: "PREMIUM", state: "expired" },
  { gender: "F", profileType: "LIFE", state: "zero-balance" },
  { gender: "F", profileType: "DONOR", state: "expires-today" },
  { gender: "M", profileType: "FREE", state: "free" },
  { gender: "M", profileType: "MEMBER", state: "active" },
  { gender: "M", profileType: "DONOR", state: "active" },
  { gender: "M", profileType: "PREMIUM", state: "active" },
  { gender: "M", profileType: "LIFE", state: "active" },
  { gender: "M", profileType: "MEMBER", state: "zero-balance" },
  { gender: "M", profileType: "DONOR", state: "expired" },
  { gender: "M", profileType: "PREMIUM", state: "zero-balance" },
  { gender: "M", profileType: "LIFE", state: "expired" },
  { gender: "M", profileType: "MEMBER", state: "expires-today" },
];
