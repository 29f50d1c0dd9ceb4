// The message templates of the WhatsApp Business Platform (ADR 0020).
//
//   npm run whatsapp:templates -- --site https://your.site   submit the missing ones, report every status
//   npm run whatsapp:templates -- --check                     report only
//   npm run whatsapp:templates -- --docs                      write docs/whatsapp-templates.md
//
// Needs WHATSAPP_TOKEN and WHATSAPP_BUSINESS_ACCOUNT_ID in the environment
// (not for --docs). Template names, language codes and the Graph API address
// are the ones the Worker uses: wrangler.toml's [vars], overridden by the
// environment.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { DEFAULT_WHATSAPP_API_URL, templateNames, type WhatsAppEnv } from "#worker/lib/whatsapp/config.ts";
import { submitTemplates, templateSubmissions } from "#worker/lib/whatsapp/template-submission.ts";
import { renderTemplateDocs } from "./whatsapp/template-docs.ts";

const USAGE = "Usage: npm run whatsapp:templates -- [--site https://your.site] [--check] [--docs]";
const root = path.resolve(import.meta.dirname, "..");

const { values } = parseArgs({ options: { site: { type: "string" }, check: { type: "boolean", default: false }, docs: { type: "boolean", default: false } } });

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (values.docs) {
  const file = path.join(root, "docs/whatsapp-templates.md");
  writeFileSync(file, renderTemplateDocs());
  console.log(`Wrote ${path.relative(root, file)}`);
  process.exit(0);
}

const vars = (unstable_readConfig({ config: path.join(root, "wrangler.toml") }).vars ?? {}) as Record<string, unknown>;
const env: WhatsAppEnv & Record<string, string | undefined> = {
  ...Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, String(value)])),
  ...process.env,
};
const token = env.WHATSAPP_TOKEN?.trim();
const businessAccountId = env.WHATSAPP_BUSINESS_ACCOUNT_ID?.trim();
if (!token || !businessAccountId) fail("Set WHATSAPP_TOKEN and WHATSAPP_BUSINESS_ACCOUNT_ID in the environment.");
const site = values.site ?? env.SITE_URL;
if (!values.check && !site?.startsWith("https://")) fail("--site must be the product's https address: the templates' buttons open links under it.");

const apiUrl = (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
const submissions = templateSubmissions(templateNames(env), site ?? "https://unused.invalid");
const statuses = await submitTemplates({ apiUrl, token, businessAccountId }, submissions, { submit: !values.check });
const width = Math.max(...statuses.map((status) => `${status.name} (${status.language})`.length));
for (const status of statuses) console.log(`${`${status.name} (${status.language})`.padEnd(width)}  ${status.status.padEnd(9)} ${status.detail}`);
const errors = statuses.filter((status) => status.status === "ERROR" || status.status === "REJECTED");
if (errors.length > 0) {
  console.error(`\n${errors.length} template(s) refused or rejected: see above, fix, and run again.`);
  process.exit(1);
}
