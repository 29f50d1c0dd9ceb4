// Analytics of the WhatsApp flows (issue 6): one row per step.

export type LinkName = "profile" | "interest" | "whatsapp" | "new_profiles" | "request" | "public";
export type LinkStep = "opened" | "previewed" | "sign_in" | "interest";

export interface LinkEvent {
  link: LinkName;
  step: LinkStep;
  outcome: "success" | "failure";
  pid?: number | null;
}

export async function recordLinkEvent(db: D1Database, event: LinkEvent): Promise<void> {
  await db
    .prepare("INSERT INTO link_events (link, step, outcome, pid) VALUES (?1, ?2, ?3, ?4)")
    .bind(event.link, event.step, event.outcome, event.pid ?? null)
    .run();
}
