import type { ProfileCard } from "#shared/api-types.ts";
import { todayIn } from "#shared/dates.ts";
import { consentGiven } from "../db/consents.ts";
import { getCard } from "../db/profiles.ts";
import { config } from "../env.ts";

/**
 * A profile as a stranger may see it in a link preview: the /request page's
 * Open Graph tags and its teaser (ADR 0017). Only members who are active,
 * whom the agency published (public_profile set) and who agreed to be on the
 * public lists (ADR 0033): what /link would show of them. For anyone else
 * null, the same as for a Profile ID nobody has, so a preview never tells
 * which IDs exist. worker/db/profile-previews.ts applies the same rule to the image.
 */
export async function previewCard(env: Env, pid: number): Promise<ProfileCard | null> {
  const [card, listed] = await Promise.all([
    getCard(env.DB, { pid: 0, paid: false, today: todayIn(config(env).agencyTimeZone), astro: null }, pid),
    consentGiven(env.DB, pid, "publicList"),
  ]);
  return card?.publicProfile && listed ? card : null;
}
