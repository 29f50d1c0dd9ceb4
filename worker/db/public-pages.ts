import type { PublicCard, PublicMessage, PublicTemplate } from "#shared/api-types.ts";
import { toStoredDisplayDate, toStoredDisplayTime, weekStart } from "#shared/dates.ts";
import { ageOn } from "#shared/schemas/profile-fields.ts";
import { hasConsented } from "./consents.ts";
import { cardPhotoUrls } from "./profiles.ts";

// The public page /link: published lists of profiles and the agency's
// messages between them. Only what a stranger may see: the photo stays
// blurred unless the owner shows it to all, and the phone number is given
// for profiles free to the public only (§ "6. Roles and permissions").
// A profile is shown only while its member consents to being listed here
// (ADR 0033), read on every request, so a withdrawal hides it at once.

/** The list of a day, or of the week a date falls in (week lists are dated by their Monday). */
export async function findPublicList(db: D1Database, date: string, isWeek: boolean): Promise<{ id: number; templateId: number | null } | null> {
  const row = await db
    .prepare("SELECT id, template_id FROM public_lists WHERE list_date = ?1 AND is_week = ?2")
    .bind(isWeek ? weekStart(date) : date, isWeek ? 1 : 0)
    .first<{ id: number; template_id: number | null }>();
  return row ? { id: row.id, templateId: row.template_id } : null;
}

interface PublicRow {
  pid: number;
  public_profile: PublicCard["publicProfile"];
  profile_type: string;
  show_photo: 1 | 2;
  photo_key: string | null;
  photo_blur_key: string | null;
  surname: string;
  name: string;
  birth_date: string;
  birth_time: string;
  birth_place: string;
  height_name: string | null;
  subcaste_name: string | null;
  religion_name: string | null;
  star_name: string | null;
  star_te: string | null;
  padham_name: string | null;
  education_details: string;
  profession_details: string;
  father_name: string;
  father_job: string;
  mother_name: string;
  mother_job: string;
  income_name: string | null;
  marriage_turn: 1 | 2;
  mobile: string;
}

export async function publicCards(db: D1Database, listId: number, today: string): Promise<PublicCard[]> {
  const { results } = await db
    .prepare(
      `SELECT m.pid, m.public_profile, m.profile_type, m.show_photo, m.photo_key, m.photo_blur_key, m.surname, m.name,
         m.birth_date, m.birth_time, m.birth_place, h.name AS height_name, sc.name AS subcaste_name, r.name AS religion_name,
         st.name AS star_name, st.name_te AS star_te, pd.name AS padham_name, m.education_details, m.profession_details,
         m.father_name, m.father_job, m.mother_name, m.mother_job, ai.name AS income_name, m.marriage_turn, m.mobile
       FROM public_list_profiles lp JOIN members m ON m.pid = lp.pid
       LEFT JOIN heights h ON h.id = m.height_id
       LEFT JOIN subcastes sc ON sc.id = m.subcaste_id
       LEFT JOIN religions r ON r.id = m.religion_id
       LEFT JOIN stars st ON st.id = m.star_id
       LEFT JOIN padhams pd ON pd.id = m.padham_id
       LEFT JOIN annual_incomes ai ON ai.id = m.income_id
       WHERE lp.list_id = ?1 AND m.active = 1 AND m.public_profile IS NOT NULL AND ${hasConsented("publicList", "m.pid")}
       ORDER BY lp.position, m.pid DESC`,
    )
    .bind(listId)
    .all<PublicRow>();
  return results.map((row) => ({
    pid: row.pid,
    publicProfile: row.public_profile,
    paid: row.profile_type !== "FREE",
    ...cardPhotoUrls(row.show_photo === 2, row),
    photoVisible: row.show_photo === 2 && row.photo_key !== null,
    surname: row.surname,
    name: row.name,
    age: ageOn(row.birth_date, today),
    birthDate: toStoredDisplayDate(row.birth_date),
    birthTime: toStoredDisplayTime(row.birth_time),
    birthPlace: row.birth_place,
    height: row.height_name,
    caste: row.subcaste_name,
    religion: row.religion_name,
    star: row.star_name,
    starTe: row.star_te,
    padham: row.padham_name,
    education: row.education_details,
    profession: row.profession_details,
    fatherName: row.father_name,
    fatherProfession: row.father_job,
    motherName: row.mother_name,
    motherProfession: row.mother_job,
    annualIncome: row.income_name,
    marriageTurn: row.marriage_turn,
    phone: row.public_profile === "PUBLIC" ? row.mobile : null,
  }));
}

export async function publicMessages(db: D1Database, templateId: number): Promise<PublicMessage[]> {
  const { results } = await db
    .prepare("SELECT id, message_content FROM public_messages WHERE template_id = ?1 ORDER BY position, id")
    .bind(templateId)
    .all<{ id: number; message_content: string }>();
  return results.map((row) => ({ id: row.id, messageContent: row.message_content }));
}

/** Every template with its messages (GET templates/public). */
export async function listTemplates(db: D1Database): Promise<PublicTemplate[]> {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.name, COALESCE(json_group_array(json_object('id', pm.id, 'messageContent', pm.message_content)) FILTER (WHERE pm.id IS NOT NULL), '[]') AS messages
       FROM public_templates t LEFT JOIN public_messages pm ON pm.template_id = t.id
       GROUP BY t.id ORDER BY t.id`,
    )
    .all<{ id: number; name: string; messages: string }>();
  // The messages arrive as JSON text and are parsed into a list (§ "3. Entities and their fields").
  return results.map((row) => ({ id: row.id, name: row.name, messages: JSON.parse(row.messages) as PublicMessage[] }));
}
