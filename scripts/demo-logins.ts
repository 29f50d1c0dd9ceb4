// Prints the demo logins as JSON, computed from the seed alone (no database):
//
//   npx tsx scripts/demo-logins.ts [--seed S]
import { parseArgs } from "node:util";
import { demoLogins } from "./demo/demo-logins.ts";
import { DEFAULT_SEED } from "./demo/demo-settings.ts";
import { parseSeed } from "./demo/random.ts";

const { values } = parseArgs({ args: process.argv.slice(2), options: { seed: { type: "string" } } });
const logins = demoLogins(values.seed === undefined ? DEFAULT_SEED : parseSeed(values.seed));
// One account per line: still JSON, and readable in a terminal.
console.log(`[\n${logins.map((login) => `  ${JSON.stringify(login)}`).join(",\n")}\n]`);
