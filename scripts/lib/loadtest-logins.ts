// Prints the logins of the first N demo members as JSON, computed from the
// seed alone (every member of a demo database this small has a password of
// their own, scripts/demo/generate-demo-data.ts), for `npm run loadtest`:
//
//   npx tsx scripts/lib/loadtest-logins.ts --members N
import { parseArgs } from "node:util";
import { DEFAULT_SEED } from "../demo/demo-settings.ts";
import { memberPassword } from "../demo/generate-members.ts";
import { FIRST_PID } from "../demo/named-accounts.ts";

const { values } = parseArgs({ args: process.argv.slice(2), options: { members: { type: "string" } } });
const count = Number(values.members ?? "0");
const logins = Array.from({ length: count }, (_, index) => ({ pid: FIRST_PID + index, password: memberPassword(DEFAULT_SEED, FIRST_PID + index) }));
console.log(JSON.stringify(logins));
