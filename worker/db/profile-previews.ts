// What link previews may show of a profile (ADR 0017): only members who are
// active and whom the agency published (public_profile set). The same rule
// is applied to cards in worker/lib/profile-preview.ts.

/** The blurred photo's key of a profile a preview may show; null for anyone else, and for a member without a photo. */
export async function previewPhotoKey(db: D1Database, pid: number): Promise<string | null> {
  const row = await db
    .prepare("SELECT photo_blur_key FROM members WHERE pid = ?1 AND active = 1 AND public_profile IS NOT NULL")
    .bind(pid)
    .first<{ photo_blur_key: string | null }>();
  return row?.photo_blur_key ?? null;
}
