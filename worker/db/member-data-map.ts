// Where a member's personal data lives in D1, and what erasure does with it
// (ADR 0034; DPDP Rules 2025, Rule 8). Every table of the schema is listed,
// those that hold nothing of a member with no columns, so that a new table
// is a decision: tests/worker/erasure-map.test.ts fails for a table missing
// here, and the export (ADR 0033) reads the same list.

/** What a column holds of the member. */
export type MemberReference =
  /** The member's Profile ID (or another member's, in a row between two members). */
  | "pid"
  /** A WhatsApp or phone number. */
  | "phone"
  /** A name, of the member or of their family. */
  | "name"
  /** An R2 key of the member's photo or its derivative. */
  | "photo_key"
  /** A message's text, or its parameters. */
  | "message"
  /** Anything else personal: birth details, address, free text, a secret's hash. */
  | "personal";

/**
 * What erasure does with the member's rows of a table:
 * - delete: the rows go;
 * - reduce: the rows stay, stripped to what their purpose needs (`why` says which purpose);
 * - keep: the rows stay as they are (`why` says why that holds nothing of the member);
 * - none: the table holds nothing of any member.
 */
export type ErasureAction = "delete" | "reduce" | "keep" | "none";

export interface MemberTable {
  columns: Readonly<Record<string, MemberReference>>;
  erasure: ErasureAction;
  why: string;
}

const REFERENCE_LIST: MemberTable = { columns: {}, erasure: "none", why: "A lookup list (spec section 3): ids and names of things, no person." };

export const MEMBER_DATA_MAP: Readonly<Record<string, MemberTable>> = {
  stars: REFERENCE_LIST,
  padhams: REFERENCE_LIST,
  raasis: REFERENCE_LIST,
  heights: REFERENCE_LIST,
  subcastes: REFERENCE_LIST,
  religions: REFERENCE_LIST,
  basic_educations: REFERENCE_LIST,
  qualifications: REFERENCE_LIST,
  profession_types: REFERENCE_LIST,
  countries: REFERENCE_LIST,
  states: REFERENCE_LIST,
  districts: REFERENCE_LIST,
  cities: REFERENCE_LIST,
  visas: REFERENCE_LIST,
  annual_incomes: REFERENCE_LIST,
  family_backgrounds: REFERENCE_LIST,

  members: {
    columns: {
      pid: "pid",
      name: "name",
      surname: "name",
      father_name: "name",
      mother_name: "name",
      mobile: "phone",
      alternate_mobile: "phone",
      photo_key: "photo_key",
      photo_blur_key: "photo_key",
      birth_date: "personal",
      birth_time: "personal",
      birth_place: "personal",
      email: "personal",
      address: "personal",
      residing_city: "personal",
      abroad_working_city: "personal",
      education_details: "personal",
      profession_details: "personal",
      father_job: "personal",
      mother_job: "personal",
      password_hash: "personal",
    },
    erasure: "delete",
    why: "The profile itself. Its pid moves to erased_members, the tombstone, so that it is never issued again.",
  },
  erased_members: {
    columns: { pid: "pid" },
    erasure: "keep",
    why: 'The tombstone: a bare Profile ID and dates (registered, deleted, erased), so the ID is never issued to someone else and lists can say "Profile removed" until erasure. No name, number or photo.',
  },
  siblings: {
    columns: { member_pid: "pid", name: "name", work_details: "personal" },
    erasure: "delete",
    why: "The member's family, part of the profile.",
  },
  interests: {
    columns: { from_pid: "pid", to_pid: "pid" },
    erasure: "delete",
    why: "Requests sent and received, both ways: the other member's lists stop showing the profile.",
  },
  hidden_profiles: {
    columns: { member_pid: "pid", hidden_pid: "pid" },
    erasure: "delete",
    why: "Whom the member removed from their lists, and who removed them, both ways.",
  },
  profile_views: {
    columns: { viewer_pid: "pid", viewed_pid: "pid" },
    erasure: "delete",
    why: "Full profiles viewed, both ways. The other member's balance keeps what it was charged (members.total).",
  },
  recommendations: {
    columns: { member_pid: "pid", recommended_pid: "pid" },
    erasure: "delete",
    why: "Recommendations to the member and of the member to others, both ways.",
  },
  public_templates: { columns: {}, erasure: "none", why: "The agency's promotional texts between public cards (ADR 0017)." },
  public_messages: { columns: {}, erasure: "none", why: "The agency's promotional texts between public cards (ADR 0017)." },
  public_lists: { columns: {}, erasure: "none", why: "A published list's date and template; its profiles are in public_list_profiles." },
  public_list_profiles: {
    columns: { pid: "pid" },
    erasure: "delete",
    why: "The member's places on published /link lists.",
  },
  outbox: {
    columns: { member_pid: "pid", to_mobile: "phone", body: "message", params: "message", provider_message_id: "personal", earlier_wamids: "personal" },
    erasure: "delete",
    why: "Every WhatsApp message to the member (by pid, or by number when it names no member: a row naming another member is theirs, ADR 0034): codes, links, interest alerts, membership receipts. The membership itself is kept reduced in the audit log.",
  },
  whatsapp_statuses: {
    columns: { wamid: "personal", error_title: "message" },
    erasure: "delete",
    why: "Delivery receipts of the member's messages (by wamid), deleted with them: those of every send, also of sends a re-send replaced (outbox.earlier_wamids, migration 0027). One that comes after the erasure is not kept; one kept unmatched while a send was under way goes within 15 minutes (migration 0029).",
  },
  whatsapp_inbound: {
    columns: { from_digits: "phone", member_pid: "pid", profile_name: "name", text: "message" },
    erasure: "delete",
    why: "Messages the member wrote to the agency's number, by pid, or by number when they name no member (a row naming another member is theirs, ADR 0034).",
  },
  sessions: {
    columns: { member_pid: "pid" },
    erasure: "delete",
    why: "Sign-in sessions; deletion already ended them.",
  },
  link_tokens: {
    columns: { member_pid: "pid", target_pid: "pid" },
    erasure: "delete",
    why: "Sign-in links of the member, and other members' links that open the member's profile.",
  },
  one_time_codes: {
    columns: { member_pid: "pid", mobile: "phone", code_hash: "personal" },
    erasure: "delete",
    why: "Codes sent to the member (ADR 0021).",
  },
  sign_in_failures: {
    columns: { pid: "pid", network: "personal" },
    erasure: "delete",
    why: "Sign-in back-off of the member's Profile ID, with client networks (ADR 0024). Rows keyed by a staff username (ADR 0004) hold no member.",
  },
  member_counts: { columns: {}, erasure: "none", why: "Counts of active members per gender, no person." },
  staff: { columns: {}, erasure: "none", why: "Agency staff accounts, not members." },
  staff_sessions: { columns: {}, erasure: "none", why: "Agency staff sessions, not members." },
  audit_log: {
    columns: { target: "pid", before_json: "personal", after_json: "personal" },
    erasure: "reduce",
    why: "Who in the agency did what, when (ADR 0018). Kept: staff, action, target pid, time. A membership change keeps its tier, views and valid-until date (the record of a paid membership); every other entry's before and after (which may hold names, numbers or photo keys) are emptied.",
  },
  link_events: {
    columns: { pid: "pid" },
    erasure: "reduce",
    why: "Counts of steps taken on WhatsApp links (ADR 0026): kept for the counts, the pid emptied.",
  },
  link_page_loads: { columns: {}, erasure: "none", why: "Page loads counted per day, no person (ADR 0026)." },
  consents: {
    columns: { member_pid: "pid" },
    erasure: "delete",
    why: "The member's consents as they stand (ADR 0033); with no profile there is nothing to consent to.",
  },
  consent_changes: {
    columns: { member_pid: "pid" },
    erasure: "delete",
    why: "The history of the member's consents (ADR 0033), deleted with the profile it was about.",
  },
  access_log: {
    columns: { pid: "pid" },
    erasure: "keep",
    why: "Staff access to personal data, kept at least a year (ADR 0033) and pruned by the cron: staff id, action, time and a bare Profile ID, which after erasure names only the tombstone.",
  },
  data_requests: {
    columns: { pid: "pid", details: "personal" },
    erasure: "reduce",
    why: "The agency's record of answering rights requests in time (ADR 0033): kind, dates, status and outcome stay; the member's own words (details) are emptied and the pid is cleared.",
  },
};

/** SQLite's and the platform's own tables, which hold no member data. */
export const SYSTEM_TABLE = /^(sqlite_|_cf_|d1_migrations$)/;
