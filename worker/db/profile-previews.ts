import { hasConsented } from "./consents.ts";

// What link previews may show of a profile (ADR 0017): only members who are
// active, whom the agency published (public_profile set) and who agreed to
// be on the public lists (ADR 0033), as the /link lists show them. The same
// rule is applied to cards in worker/lib/profile-preview.ts.

/** The blurred photo's key of a profile a preview may show; null for anyone else, and for a member without a photo. */
export async function previewPhotoKey(db: D1Database, pid: number): Promise<string | null> {
  const row = await db
    .prepare(`SELECT m.photo_blur_key FROM members m WHERE m.pid = ?1 AND m.active = 1 AND m.public_profile IS NOT NULL AND ${hasConsented("publicList", "m.pid")}`)
    .bind(pid)
    .first<{ photo_blur_key: string | null }>();
  return row?.photo_blur_key ?? null;
}
