import app from "./app.ts";
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
  },
} satisfies ExportedHandler<Env>;
