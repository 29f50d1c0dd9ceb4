// Analytics of the WhatsApp flows (ADR 0026): a row per step a member takes
// (link_events), and the loads of the link pages counted per day
// (link_page_loads), since anyone can load a page as often as they like.

export type LinkName = "profile" | "interest" | "whatsapp" | "new_profiles" | "request" | "public";
export type LinkStep = "sign_in" | "interest";
export type PageStep = "opened" | "previewed";
export type Outcome = "success" | "failure";

export interface LinkEvent {
  link: LinkName;
  step: LinkStep;
  outcome: Outcome;
  pid?: number | null;
}

export interface PageLoads {
  /** yyyy-mm-dd, UTC. */
  day: string;
  link: LinkName;
  step: PageStep;
  outcome: Outcome;
  loads: number;
}

export async function recordLinkEvent(db: D1Database, event: LinkEvent): Promise<void> {
  await db
    .prepare("INSERT INTO link_events (link, step, outcome, pid) VALUES (?1, ?2, ?3, ?4)")
    .bind(event.link, event.step, event.outcome, event.pid ?? null)
    .run();
}

/** Adds counted page loads to the day's counts: one statement, however many kinds of load. */
export async function addPageLoads(db: D1Database, counts: readonly PageLoads[]): Promise<void> {
  await db
    .prepare(
      `INSERT INTO link_page_loads (day, link, step, outcome, loads)
       SELECT value ->> '$.day', value ->> '$.link', value ->> '$.step', value ->> '$.outcome', value ->> '$.loads' FROM json_each(?1) WHERE true
       ON CONFLICT (day, link, step, outcome) DO UPDATE SET loads = loads + excluded.loads`,
    )
    .bind(JSON.stringify(counts))
    .run();
}
