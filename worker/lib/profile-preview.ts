import type { ProfileCard } from "#shared/api-types.ts";
import { todayIn } from "#shared/membership.ts";
import { getCard } from "../db/profiles.ts";
import { config } from "../env.ts";

/**
 * A profile as a stranger may see it in a link preview: the /request page's
 * Open Graph tags and its teaser (ADR 0017). Only members who are active and
 * whom the agency published (public_profile set); for anyone else null, the
 * same as for a Profile ID nobody has, so a preview never tells which IDs
 * exist. worker/db/profile-previews.ts applies the same rule to the image.
 */
export async function previewCard(env: Env, pid: number): Promise<ProfileCard | null> {
  const card = await getCard(env.DB, { pid: 0, paid: false, today: todayIn(config(env).agencyTimeZone), astro: null }, pid);
  return card?.publicProfile ? card : null;
}
