import app from "./app.ts";
import { pruneBookkeeping } from "./db/bookkeeping.ts";
import { eraseDueMembers } from "./lib/erasure.ts";
import { sendRetentionNotices } from "./lib/retention.ts";
import { closeStaleMessages, deliverDueMessages } from "./lib/whatsapp/deliver-outbox.ts";

export default {
  fetch: app.fetch,
  // The cron trigger of wrangler.toml (every 5 minutes): closes codes that
  // expired unsent, then retries the outbox messages whose back-off has
  // passed, and any a request could not send.
  async scheduled(_controller, env) {
    const closed = await closeStaleMessages(env);
    const report = await deliverDueMessages(env);
    if (report.claimed + report.held + closed.expired + closed.cleaned > 0) console.log(JSON.stringify({ kind: "outbox_cron", ...report, ...closed }));
    // ADR 0034: unused profiles are told 48 hours ahead (the next run sends
    // the notices), and the erasures that are due are done, a few a run.
    const now = new Date();
    const privacy = { told: await sendRetentionNotices(env, now), ...(await eraseDueMembers(env, now)) };
    if (privacy.told + privacy.erased + privacy.failed > 0) console.log(JSON.stringify({ kind: "erasure_cron", ...privacy }));
    // ADR 0033: the access log after 400 days, spent links and sign-in back-off after 30.
    const pruned = await pruneBookkeeping(env.DB, now);
    if (Object.values(pruned).some((count) => count > 0)) console.log(JSON.stringify({ kind: "pruning_cron", ...pruned }));
  },
} satisfies ExportedHandler<Env>;
