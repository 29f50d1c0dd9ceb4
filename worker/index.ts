import app from "./app.ts";
import { pruneBookkeeping } from "./db/bookkeeping.ts";
import { inProxyMode } from "./env.ts";
import { eraseDueMembers } from "./lib/erasure.ts";
import { sendRetentionNotices } from "./lib/retention.ts";
import { closeStaleMessages, deliverDueMessages } from "./lib/whatsapp/deliver-outbox.ts";
import { renewPublicListsFromCron } from "./routes/public-pages.ts";

export default {
  fetch: app.fetch,
  // The cron trigger of wrangler.toml (every 5 minutes). Each job runs on its
  // own: one that throws (half a WhatsApp configuration does by design, ADR
  // 0009; so does any D1 error) is logged and the jobs after it still run, so
  // a delivery problem never holds back the erasures ADR 0034 owes members.
  // The run then fails with every error, so Cloudflare's cron status shows it.
  // In proxy mode the agency backend holds the members and their messages
  // (ADR 0026): D1 holds at most an earlier copy, which must not be sent,
  // told or erased, so the cron does nothing.
  async scheduled(_controller, env) {
    if (inProxyMode(env)) return;
    const failures: unknown[] = [];
    const run = async (job: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        console.error(JSON.stringify({ kind: "cron_job_failed", job, message: String(error) }));
        failures.push(error);
      }
    };
    // Closes codes that expired unsent, then retries the outbox messages
    // whose back-off has passed, and any a request could not send.
    await run("outbox_delivery", async () => {
      const closed = await closeStaleMessages(env);
      const report = await deliverDueMessages(env);
      if (report.claimed + report.held + closed.expired + closed.cleaned + closed.unmatchedReceipts > 0) console.log(JSON.stringify({ kind: "outbox_cron", ...report, ...closed }));
    });
    // ADR 0034: unused profiles are told 48 hours ahead (the next run sends
    // the notices), and the erasures that are due are done, a few a run.
    const now = new Date();
    const privacy = { told: 0, erased: 0, failed: 0 };
    await run("retention_notices", async () => {
      privacy.told = await sendRetentionNotices(env, now);
    });
    await run("erasure", async () => {
      // A profile erased, or left without its photo, leaves the cached public lists as after a request's change (ADR 0029).
      Object.assign(privacy, await eraseDueMembers(env, now, { profilesChanged: () => renewPublicListsFromCron(env) }));
    });
    if (privacy.told + privacy.erased + privacy.failed > 0) console.log(JSON.stringify({ kind: "erasure_cron", ...privacy }));
    // ADR 0033: the access log after 400 days, spent links and sign-in back-off after 30.
    await run("pruning", async () => {
      const pruned = await pruneBookkeeping(env.DB, now);
      if (Object.values(pruned).some((count) => count > 0)) console.log(JSON.stringify({ kind: "pruning_cron", ...pruned }));
    });
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of the cron's jobs failed`);
  },
} satisfies ExportedHandler<Env>;
