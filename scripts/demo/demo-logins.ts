// The named demo accounts' logins, computed from the seed alone: the same
// list the seeder prints, without a database.
import type { Gender, ProfileType } from "#shared/constants.ts";
import { DEFAULT_SEED } from "./demo-settings.ts";
import { memberPassword } from "./generate-members.ts";
import { FIRST_PID, NAMED_ACCOUNTS, type MembershipState } from "./named-accounts.ts";

export interface DemoLogin {
  pid: number;
  password: string;
  profileType: ProfileType;
  gender: Gender;
  note: MembershipState;
}

export function demoLogins(seed: number = DEFAULT_SEED): DemoLogin[] {
  return NAMED_ACCOUNTS.map((account, index) => {
    const pid = FIRST_PID + index;
    return { pid, password: memberPassword(seed, pid), profileType: account.profileType, gender: account.gender, note: account.state };
  });
}
