import type { MyDataSection, MyDataValue } from "#shared/api-types.ts";
import { SIBLING_TYPES } from "#shared/schemas/sibling.ts";
import { withoutSecrets } from "./outbox.ts";
import type { OutboxKind } from "#shared/whatsapp-messages.ts";

// "Download my data" (DPDP Act s. 11; ADR 0033): every row that holds
// something of the member, read in one batch and laid out as sections of
// labelled columns, which the JSON keeps and the HTML prints. Secrets never
// leave: no password hash, no hash of a code or a link, and message texts
// lose any code or sign-in link they still hold (withoutSecrets).
//
// EXPORT_COVERAGE says, for every table of worker/db/member-data-map.ts that
// references a member, which sections show it or why it is left out:
// tests/worker/privacy-my-data.test.ts fails for a table it does not name.

type Row = Record<string, MyDataValue>;
type Column = { key: string; label: string };

/** A profile field: its column, and the lookup list that names its id (English and Telugu). */
interface ProfileField {
  key: string;
  label: string;
  column: string;
  list?: string;
  /** Coded values in words. */
  words?: Record<string, string>;
}

const PROFILE_FIELDS: readonly ProfileField[] = [
  { key: "pid", label: "Profile ID", column: "pid" },
  { key: "gender", label: "Gender", column: "gender", words: { F: "Bride", M: "Groom" } },
  { key: "name", label: "Name", column: "name" },
  { key: "surname", label: "Surname", column: "surname" },
  { key: "birthDate", label: "Date of birth", column: "birth_date" },
  { key: "birthTime", label: "Time of birth", column: "birth_time" },
  { key: "birthPlace", label: "Place of birth", column: "birth_place" },
  { key: "star", label: "Star", column: "star_id", list: "stars" },
  { key: "padham", label: "Padham", column: "padham_id", list: "padhams" },
  { key: "raasi", label: "Raasi", column: "raasi_id", list: "raasis" },
  { key: "height", label: "Height", column: "height_id", list: "heights" },
  { key: "complexion", label: "Complexion", column: "complexion" },
  { key: "subcaste", label: "Caste", column: "subcaste_id", list: "subcastes" },
  { key: "religion", label: "Religion", column: "religion_id", list: "religions" },
  { key: "denomination", label: "Denomination", column: "denomination" },
  { key: "marriageTurn", label: "Marriage", column: "marriage_turn", words: { 1: "First marriage", 2: "Second marriage" } },
  { key: "familyBackground", label: "Family background", column: "family_background_id", list: "family_backgrounds" },
  { key: "basicEducation", label: "Education level", column: "basic_education_id", list: "basic_educations" },
  { key: "education", label: "Qualification", column: "education_id", list: "qualifications" },
  { key: "educationDetails", label: "Education details", column: "education_details" },
  { key: "professionType", label: "Profession type", column: "profession_type_id", list: "profession_types" },
  { key: "workingIn", label: "Working in", column: "working_in", words: { 1: "India", 2: "Abroad" } },
  { key: "workingCity", label: "Working city", column: "working_city_id", list: "cities" },
  { key: "income", label: "Annual income", column: "income_id", list: "annual_incomes" },
  { key: "workingCountry", label: "Working country", column: "working_country_id", list: "countries" },
  { key: "abroadWorkingCity", label: "Working city abroad", column: "abroad_working_city" },
  { key: "workVisa", label: "Work visa", column: "work_visa_id", list: "visas" },
  { key: "professionDetails", label: "Profession details", column: "profession_details" },
  { key: "fatherName", label: "Father's name", column: "father_name" },
  { key: "fatherJob", label: "Father's profession", column: "father_job" },
  { key: "motherName", label: "Mother's name", column: "mother_name" },
  { key: "motherJob", label: "Mother's profession", column: "mother_job" },
  { key: "nativeCountry", label: "Native country", column: "native_country_id", list: "countries" },
  { key: "nativeState", label: "Native state", column: "native_state_id", list: "states" },
  { key: "nativeDistrict", label: "Native district", column: "native_district_id", list: "districts" },
  { key: "residingCity", label: "Living in", column: "residing_city" },
  { key: "mobile", label: "WhatsApp number", column: "mobile" },
  { key: "alternateMobile", label: "Other phone number", column: "alternate_mobile" },
  { key: "email", label: "Email", column: "email" },
  { key: "address", label: "Address", column: "address" },
  { key: "photo", label: "Photo (stored file)", column: "photo_key" },
  { key: "photoBlurred", label: "Blurred photo (stored file)", column: "photo_blur_key" },
  { key: "showPhoto", label: "Photo shown to", column: "show_photo", words: { 1: "Members you approved", 2: "All members" } },
  { key: "hasSiblings", label: "Siblings", column: "has_siblings", words: { 0: "Not said", 1: "Has siblings", 2: "No siblings" } },
  {
    key: "publicProfile",
    label: "Public pages (set by the agency)",
    column: "public_profile",
    words: { PAID: "Shown, phone for paid members", PUBLIC: "Shown with phone", MEMBERS: "Shown, phone for members" },
  },
  { key: "profileType", label: "Membership", column: "profile_type" },
  { key: "profilesCount", label: "Full profiles bought", column: "profiles_count" },
  { key: "viewsUsed", label: "Full profiles viewed", column: "total" },
  { key: "lastViewDate", label: "Membership valid until", column: "last_view_date" },
  { key: "active", label: "Profile active", column: "active", words: { 0: "No", 1: "Yes" } },
  { key: "language", label: "Language of messages", column: "language", words: { en: "English", te: "Telugu" } },
  { key: "createdAt", label: "Registered", column: "created_at" },
  { key: "updatedAt", label: "Last changed", column: "updated_at" },
];

/** The profile with each lookup id's English and Telugu names (column names are constants above, never input). */
const PROFILE_SQL = `SELECT ${PROFILE_FIELDS.map((field) =>
  field.list
    ? `(SELECT name FROM ${field.list} WHERE id = m.${field.column}) AS ${field.key}, (SELECT name_te FROM ${field.list} WHERE id = m.${field.column}) AS ${field.key}_te`
    : `m.${field.column} AS ${field.key}`,
).join(", ")} FROM members m WHERE m.pid = ?1`;

function profileSection(row: Row | undefined): MyDataSection {
  const rows = row
    ? PROFILE_FIELDS.map((field) => {
        const value = row[field.key] ?? null;
        const words = value === null ? undefined : field.words?.[String(value)];
        return { field: field.label, value: words ?? value, telugu: field.list ? (row[`${field.key}_te`] ?? null) : null };
      })
    : [];
  return section("profile", "Your profile", null, [col("field", "Field"), col("value", "Value"), col("telugu", "In Telugu")], rows);
}

const col = (key: string, label: string): Column => ({ key, label });

function section(id: string, title: string, note: string | null, columns: Column[], rows: Row[]): MyDataSection {
  return { id, title, note, columns, rows };
}

/** One query of the export: its SQL (bound to the member's pid as ?1) and how its rows become a section. */
interface Part {
  sql: string;
  build: (rows: Row[]) => MyDataSection;
}

const interestStatus = `CASE WHEN deleted_at IS NOT NULL THEN 'Withdrawn' WHEN approved_at IS NOT NULL THEN 'Approved'
  WHEN denied_at IS NOT NULL THEN 'Declined' ELSE 'Waiting' END`;

const PARTS: readonly Part[] = [
  { sql: PROFILE_SQL, build: (rows) => profileSection(rows[0]) },
  {
    sql: "SELECT sibling_type AS relation, name, married, working, work_details AS details FROM siblings WHERE member_pid = ?1 ORDER BY id",
    build: (rows) =>
      section(
        "siblings",
        "Your brothers and sisters",
        null,
        [col("relation", "Relation"), col("name", "Name"), col("married", "Married"), col("working", "Working"), col("details", "Work details")],
        rows.map((row) => ({
          ...row,
          relation: SIBLING_TYPES[row.relation as keyof typeof SIBLING_TYPES] ?? row.relation ?? null,
          married: row.married === "M" ? "Yes" : "No",
          working: row.working === "Y" ? "Yes" : "No",
        })),
      ),
  },
  {
    sql: `SELECT CASE purpose WHEN 'public_list' THEN 'Listed on the public /link page' ELSE 'Promotional messages (lists of new profiles)' END AS purpose,
            CASE granted WHEN 1 THEN 'Yes' ELSE 'No' END AS granted, at, notice_version AS notice
          FROM (SELECT 'public_list' AS purpose, public_list AS granted, public_list_at AS at, notice_version FROM consents WHERE member_pid = ?1
                UNION ALL SELECT 'promotions', promotions, promotions_at, notice_version FROM consents WHERE member_pid = ?1)`,
    build: (rows) =>
      section(
        "consents",
        "Your consents now",
        rows.length === 0 ? "You have not given any consent." : null,
        [col("purpose", "For"), col("granted", "Given"), col("at", "Last changed"), col("notice", "Privacy notice version")],
        rows,
      ),
  },
  {
    sql: `SELECT CASE purpose WHEN 'notice' THEN 'Agreed to the privacy notice' WHEN 'public_list' THEN 'Listed on the public /link page'
            ELSE 'Promotional messages (lists of new profiles)' END AS purpose,
            CASE granted WHEN 1 THEN 'Yes' ELSE 'No' END AS granted, notice_version AS notice,
            CASE source WHEN 'registration' THEN 'When you registered' ELSE 'In Edit profile' END AS source, at
          FROM consent_changes WHERE member_pid = ?1 ORDER BY id`,
    build: (rows) =>
      section(
        "consentHistory",
        "Every consent you gave or withdrew",
        null,
        [col("at", "When"), col("purpose", "For"), col("granted", "Given"), col("notice", "Privacy notice version"), col("source", "Where")],
        rows,
      ),
  },
  {
    sql: `SELECT to_pid AS pid, interested_at AS sentAt, ${interestStatus} AS status, COALESCE(approved_at, denied_at, deleted_at) AS decidedAt,
            CASE by_agency WHEN 1 THEN 'The agency, for you' ELSE 'You' END AS sentBy
          FROM interests WHERE from_pid = ?1 ORDER BY interested_at`,
    build: (rows) =>
      section(
        "interestsSent",
        "Interest you sent",
        null,
        [col("pid", "To Profile ID"), col("sentAt", "Sent"), col("sentBy", "Sent by"), col("status", "Status"), col("decidedAt", "Decided or withdrawn")],
        rows,
      ),
  },
  {
    sql: `SELECT from_pid AS pid, interested_at AS receivedAt, ${interestStatus} AS status, COALESCE(approved_at, denied_at, deleted_at) AS decidedAt
          FROM interests WHERE to_pid = ?1 ORDER BY interested_at`,
    build: (rows) =>
      section(
        "interestsReceived",
        "Interest you received",
        null,
        [col("pid", "From Profile ID"), col("receivedAt", "Received"), col("status", "Status"), col("decidedAt", "Decided or withdrawn")],
        rows,
      ),
  },
  {
    sql: "SELECT viewed_pid AS pid, viewed_at AS viewedAt FROM profile_views WHERE viewer_pid = ?1 ORDER BY viewed_at",
    build: (rows) => section("viewsUsed", "Full profiles you viewed (views used)", null, [col("pid", "Profile ID"), col("viewedAt", "Viewed")], rows),
  },
  {
    sql: "SELECT hidden_pid AS pid, hidden_at AS hiddenAt FROM hidden_profiles WHERE member_pid = ?1 ORDER BY hidden_at",
    build: (rows) => section("removedProfiles", "Profiles you removed from your lists", null, [col("pid", "Profile ID"), col("hiddenAt", "Removed")], rows),
  },
  {
    sql: `SELECT recommended_pid AS pid, CASE source WHEN 'agency' THEN 'The agency' ELSE 'Matching' END AS source, created_at AS recommendedAt,
            dismissed_at AS dismissedAt FROM recommendations WHERE member_pid = ?1 ORDER BY created_at`,
    build: (rows) =>
      section(
        "recommendations",
        "Profiles recommended to you",
        null,
        [col("pid", "Profile ID"), col("source", "Recommended by"), col("recommendedAt", "Recommended"), col("dismissedAt", "Not interested")],
        rows,
      ),
  },
  {
    sql: `SELECT l.list_date AS date, CASE l.is_week WHEN 1 THEN 'Week' ELSE 'Day' END AS period
          FROM public_list_profiles lp JOIN public_lists l ON l.id = lp.list_id WHERE lp.pid = ?1 ORDER BY l.list_date`,
    build: (rows) => section("publicLists", "Public /link lists your profile was on", null, [col("date", "Date"), col("period", "List of a")], rows),
  },
  {
    sql: "SELECT kind, body, to_mobile AS toMobile, language, status, created_at AS createdAt, sent_at AS sentAt FROM outbox WHERE member_pid = ?1 ORDER BY id",
    build: (rows) =>
      section(
        "messages",
        "WhatsApp messages the agency sent you",
        "Codes and sign-in links are left out of the texts.",
        [col("createdAt", "Written"), col("sentAt", "Sent"), col("toMobile", "To"), col("status", "Status"), col("body", "Text")],
        rows.map((row) => ({ ...row, body: withoutSecrets({ kind: row.kind as OutboxKind, body: String(row.body ?? "") }) })),
      ),
  },
  {
    sql: "SELECT received_at AS receivedAt, from_digits AS fromNumber, type, text FROM whatsapp_inbound WHERE member_pid = ?1 ORDER BY received_at",
    build: (rows) =>
      section(
        "messagesFromYou",
        "WhatsApp messages you sent the agency",
        null,
        [col("receivedAt", "Received"), col("fromNumber", "From"), col("type", "Kind"), col("text", "Text")],
        rows,
      ),
  },
  {
    sql: "SELECT created_at AS signedInAt, method, expires_at AS expiresAt, ended_at AS endedAt FROM sessions WHERE member_pid = ?1 ORDER BY created_at",
    build: (rows) => section("sessions", "Sign-ins", null, [col("signedInAt", "Signed in"), col("method", "How"), col("expiresAt", "Expires"), col("endedAt", "Signed out")], rows),
  },
  {
    sql: `SELECT kind, target_pid AS targetPid, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt, revoked_at AS revokedAt,
            CASE WHEN issued_by IS NULL THEN 'A message' ELSE 'The agency' END AS issuedBy
          FROM link_tokens WHERE member_pid = ?1 ORDER BY created_at`,
    build: (rows) =>
      section(
        "signInLinks",
        "Sign-in links made for you",
        "The links themselves are not kept in readable form and are not shown.",
        [
          col("createdAt", "Made"),
          col("kind", "Kind"),
          col("targetPid", "Opens Profile ID"),
          col("issuedBy", "Made by"),
          col("expiresAt", "Expires"),
          col("usedAt", "Used"),
          col("revokedAt", "Revoked"),
        ],
        rows,
      ),
  },
  {
    sql: "SELECT reason, mobile, created_at AS createdAt, expires_at AS expiresAt, closed_at AS closedAt FROM one_time_codes WHERE member_pid = ?1 ORDER BY id",
    build: (rows) =>
      section(
        "codes",
        "One-time codes sent to you",
        "The codes themselves are never stored in readable form.",
        [col("createdAt", "Sent"), col("reason", "For"), col("mobile", "To"), col("expiresAt", "Expires"), col("closedAt", "Used or replaced")],
        rows,
      ),
  },
  {
    // A failed link sign-in names the Profile ID the link claimed, which anyone may type: it is not the member's own step (ADR 0033).
    sql: "SELECT at, link, step, outcome FROM link_events WHERE pid = ?1 AND NOT (step = 'sign_in' AND outcome = 'failure') ORDER BY id",
    build: (rows) => section("linkActivity", "Links from WhatsApp you used", null, [col("at", "When"), col("link", "Link"), col("step", "Step"), col("outcome", "Outcome")], rows),
  },
  {
    sql: "SELECT id, kind, details, received_at AS receivedAt, due_on AS dueOn, status, closed_at AS closedAt, outcome FROM data_requests WHERE pid = ?1 ORDER BY id",
    build: (rows) =>
      section(
        "dataRequests",
        "Your requests about your data",
        null,
        [col("receivedAt", "Received"), col("kind", "Kind"), col("details", "Details"), col("dueOn", "Answer due"), col("status", "Status"), col("outcome", "Outcome")],
        rows,
      ),
  },
  {
    sql: `SELECT at, CASE action WHEN 'open_member' THEN 'Opened your record' ELSE 'Read a message to you' END AS action
          FROM access_log WHERE pid = ?1 ORDER BY id`,
    build: (rows) => section("agencyAccess", "When the agency's staff read your data", null, [col("at", "When"), col("action", "What")], rows),
  },
];

/** Every section of the member's export, read in one batch. */
export async function readMyData(db: D1Database, pid: number): Promise<MyDataSection[]> {
  const results = await db.batch<Row>(PARTS.map((part) => db.prepare(part.sql).bind(pid)));
  return PARTS.map((part, index) => part.build(results[index]?.results ?? []));
}

/** Stored data about the member that is not in the export, and why. */
export const LEFT_OUT: readonly { what: string; why: string }[] = [
  { what: "Your password", why: "Only a one-way hash of it is stored; it cannot be read back, and the hash is kept from everyone." },
  { what: "Other members' actions about you (who viewed or removed your profile, to whom the agency recommended it)", why: "These are the other members' data." },
  { what: "The agency's audit log", why: "The agency's record of what its staff changed; ask the privacy contact for the entries about you." },
  {
    what: "Failed sign-ins on your Profile ID, with a password or a WhatsApp link",
    why: "Anyone may try your ID: security counters per network, deleted 30 days after the last try, and the agency's count of links that failed, kept 400 days.",
  },
  { what: "WhatsApp delivery receipts", why: "Each message's status above already says what they reported." },
];

/**
 * For every table that references a member (worker/db/member-data-map.ts):
 * the sections that show it, or why the export leaves it out.
 */
export const EXPORT_COVERAGE: Readonly<Record<string, { sections: readonly string[] } | { leftOut: string }>> = {
  members: { sections: ["profile"] },
  siblings: { sections: ["siblings"] },
  consents: { sections: ["consents"] },
  consent_changes: { sections: ["consentHistory"] },
  interests: { sections: ["interestsSent", "interestsReceived"] },
  profile_views: { sections: ["viewsUsed"] },
  hidden_profiles: { sections: ["removedProfiles"] },
  recommendations: { sections: ["recommendations"] },
  public_list_profiles: { sections: ["publicLists"] },
  outbox: { sections: ["messages"] },
  whatsapp_inbound: { sections: ["messagesFromYou"] },
  sessions: { sections: ["sessions"] },
  link_tokens: { sections: ["signInLinks"] },
  one_time_codes: { sections: ["codes"] },
  // Without failed link sign-ins, which anyone may cause on the member's ID (LEFT_OUT).
  link_events: { sections: ["linkActivity"] },
  data_requests: { sections: ["dataRequests"] },
  access_log: { sections: ["agencyAccess"] },
  audit_log: { leftOut: "The agency's record of its staff's changes, reduced on erasure (ADR 0034); on request the privacy contact reads out the entries about the member." },
  sign_in_failures: { leftOut: "Security counters per client network: not given by the member, possibly about whoever tried the ID, kept 30 days (ADR 0033)." },
  whatsapp_statuses: { leftOut: "Delivery receipts by message id; each message's status in the export is what they say." },
  erased_members: { leftOut: "The tombstone of an erased profile: such a member cannot sign in to export." },
};
