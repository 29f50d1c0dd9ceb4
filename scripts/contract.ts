import { readFileSync, writeFileSync } from "node:fs";
import jpeg from "jpeg-js";
import { parseArgs } from "node:util";
import { openApiText } from "#shared/contract/openapi.ts";
import { formatReport, runConformance, type OpenApiDocument } from "#shared/contract/conformance.ts";

// The API contract (ADR 0035).
//   npm run contract:write
//     writes docs/api/openapi.json from shared/contract.
//   npm run contract -- --base https://backend.example/api [--pid N --password P]
//                       [--staff-user U --staff-password P] [--writes [--register-mobile M]]
//     checks an agency backend against docs/api/openapi.json: a visitor's
//     calls always, a member's and staff's with their credentials; --writes
//     also views a profile (which may use one from the member's balance),
//     hides and restores it, and sends interest (withdrawn again if new);
//     with --register-mobile (the tester's own WhatsApp number: a code goes
//     to it) it also registers a member, who stays.
//     Exits 1 when any answer differs from the contract.

const DOCUMENT = new URL("../docs/api/openapi.json", import.meta.url);

const { values } = parseArgs({
  options: {
    write: { type: "boolean", default: false },
    base: { type: "string" },
    pid: { type: "string" },
    password: { type: "string" },
    "staff-user": { type: "string" },
    "staff-password": { type: "string" },
    writes: { type: "boolean", default: false },
    "register-mobile": { type: "string" },
  },
});

function registration(): { registration?: { mobile: string; photo: Uint8Array } } {
  const mobile = values["register-mobile"];
  return mobile ? { registration: { mobile, photo: samplePhoto() } } : {};
}

function credentials(): { member?: { pid: number; password: string }; staff?: { username: string; password: string } } {
  const member = values.pid && values.password ? { pid: Number(values.pid), password: values.password } : undefined;
  const staffUser = values["staff-user"];
  const staffPassword = values["staff-password"];
  const staff = staffUser && staffPassword ? { username: staffUser, password: staffPassword } : undefined;
  if (member && !Number.isInteger(member.pid)) throw new Error("--pid must be a Profile ID (a number)");
  return { ...(member ? { member } : {}), ...(staff ? { staff } : {}) };
}

/** A plain 60x80 JPEG: a photo the registration accepts. */
function samplePhoto(): Uint8Array {
  const [width, height] = [60, 80];
  return new Uint8Array(jpeg.encode({ data: new Uint8Array(width * height * 4).fill(180), width, height }, 80).data);
}

async function check(base: string): Promise<number> {
  const document = JSON.parse(readFileSync(DOCUMENT, "utf8")) as OpenApiDocument;
  const results = await runConformance({
    base: base.replace(/\/$/, ""),
    document,
    fetch: (url, init) => fetch(url, init),
    writes: values.writes,
    ...credentials(),
    ...registration(),
  });
  console.log(formatReport(document, results));
  return results.some((result) => result.problem !== null) ? 1 : 0;
}

if (values.write) {
  writeFileSync(DOCUMENT, openApiText());
  console.log(`wrote ${DOCUMENT.pathname}`);
} else if (values.base) {
  process.exitCode = await check(values.base);
} else {
  console.error("Usage: npm run contract:write | npm run contract -- --base <api base> [--pid N --password P] [--staff-user U --staff-password P] [--writes]");
  process.exitCode = 2;
}
