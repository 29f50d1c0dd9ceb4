// The agency owner of the demo data: a console login that, like the members',
// follows from the seed alone.
import { generatePassword } from "#worker/lib/password.ts";
import { DEFAULT_SEED } from "./demo-settings.ts";
import { Rng } from "./random.ts";

export interface DemoStaff {
  username: string;
  name: string;
  role: "owner" | "staff";
  password: string;
}

export function demoOwner(seed: number = DEFAULT_SEED): DemoStaff {
  const rng = Rng.stream(seed, 0, "staff");
  return { username: "owner", name: "Agency Owner", role: "owner", password: generatePassword((max) => rng.int(max)) };
}
