// The whole demo data set as plain values: pure and deterministic for a given
// seed, member count, day and reference lists. The seeder writes it; tests
// and the demo-logins script read it without a database.
import { createHash } from "node:crypto";
import type { Gender } from "#shared/constants.ts";
import { generatePassword } from "#worker/lib/password.ts";
import { BULK_THRESHOLD, MAX_MEMBER_COUNT, MIN_MEMBER_COUNT, PHOTO_POOL_SIZE, SHOWCASE_COUNT } from "./demo-settings.ts";
import { generateInteractions, type DemoHidden, type DemoInterest, type DemoRecommendation, type DemoView } from "./generate-interactions.ts";
import { generateMember, type DemoSibling, type DraftMember } from "./generate-members.ts";
import { generatePublicLists, type DemoPublicLists } from "./generate-public-lists.ts";
import { finalTotal } from "./membership-plan.ts";
import { FIRST_PID, NAMED_ACCOUNTS, type MembershipState } from "./named-accounts.ts";
import { COMPLEXIONS } from "./people-lists.ts";
import { portraitSpec, type PortraitSpec } from "./portrait.ts";
import { prepareLists } from "./prepared-lists.ts";
import { Rng } from "./random.ts";
import type { ReferenceLists } from "./reference-lists.ts";

export interface PhotoAsset {
  key: string;
  blurKey: string;
  spec: PortraitSpec;
}

export interface DemoMember extends DraftMember {
  photoKey: string;
  photoBlurKey: string;
  /** Final views used, after the seeded profile_views are charged. */
  total: number;
  note: MembershipState;
}

export interface DemoData {
  seed: number;
  today: string;
  members: DemoMember[];
  siblings: DemoSibling[];
  interests: DemoInterest[];
  views: DemoView[];
  hidden: DemoHidden[];
  recommendations: DemoRecommendation[];
  /** The public page's lists for the day and the week of seeding. */
  publicLists: DemoPublicLists;
  photos: PhotoAsset[];
  /** The password and salt shared by bulk members, or null when every member has their own. */
  shared: { password: string; salt: Uint8Array<ArrayBuffer> } | null;
}

export interface DemoDataOptions {
  seed: number;
  memberCount: number;
  /** ISO date in the agency's time zone; membership dates are relative to it. */
  today: string;
  lists: ReferenceLists;
}

/**
 * Named accounts have fixed genders; the rest come in pairs with one bride and
 * one groom in random order, so both genders stay balanced at any size.
 */
export function genderAt(seed: number, index: number): Gender {
  const named = NAMED_ACCOUNTS[index];
  if (named) return named.gender;
  const position = index - NAMED_ACCOUNTS.length;
  const brideFirst = Rng.stream(seed, Math.floor(position / 2), "gender").chance(0.5);
  return (position % 2 === 0) === brideFirst ? "F" : "M";
}

/**
 * R2 keys from the seeded stream (128 bits). The blurred photo's key is
 * handed to members who may not see the photo, so it is a one-way hash of
 * the full key's name rather than the same name: one cannot be turned into
 * the other. (Demo data follows from a seed in this repository; members'
 * own photos get two independent random names, worker/lib/photo-upload.ts.)
 */
function photoKeys(prefix: string, rng: Rng): { key: string; blurKey: string } {
  const name = rng.hex(32);
  const blurName = createHash("sha256").update(`blur:${name}`).digest("hex").slice(0, 32);
  return { key: `${prefix}/${name}.jpg`, blurKey: `${prefix}/${blurName}-blur.jpg` };
}

function photoPool(seed: number): Record<Gender, PhotoAsset[]> {
  const pool: Record<Gender, PhotoAsset[]> = { F: [], M: [] };
  for (let i = 0; i < PHOTO_POOL_SIZE; i++) {
    const rng = Rng.stream(seed, i, "photoPool");
    const gender: Gender = i % 2 === 0 ? "F" : "M";
    // Shared by many members, so no initials.
    pool[gender].push({ ...photoKeys("photos/pool", rng), spec: portraitSpec(rng, gender, rng.pick(COMPLEXIONS), null) });
  }
  return pool;
}

function initialsOf(member: DraftMember): string {
  return `${member.name.charAt(0)}${member.surname.charAt(0)}`;
}

export function generateDemoData(options: DemoDataOptions): DemoData {
  const { seed, memberCount, today } = options;
  if (!Number.isInteger(memberCount) || memberCount < MIN_MEMBER_COUNT || memberCount > MAX_MEMBER_COUNT) {
    throw new RangeError(`member count must be a whole number from ${MIN_MEMBER_COUNT} to ${MAX_MEMBER_COUNT}`);
  }
  const lists = prepareLists(options.lists);
  const bulk = memberCount > BULK_THRESHOLD;
  const drafts: DraftMember[] = [];
  for (let index = 0; index < memberCount; index++) {
    drafts.push(
      generateMember({
        seed,
        today,
        lists,
        index,
        pid: FIRST_PID + index,
        gender: genderAt(seed, index),
        named: NAMED_ACCOUNTS[index] ?? null,
        ownCredential: !bulk || index < SHOWCASE_COUNT,
      }),
    );
  }

  const interactions = generateInteractions({ seed, today, members: drafts, namedCount: NAMED_ACCOUNTS.length, showcaseCount: SHOWCASE_COUNT });
  const viewsBy = new Map<number, number>();
  for (const view of interactions.views) viewsBy.set(view.viewerPid, (viewsBy.get(view.viewerPid) ?? 0) + 1);

  const pool = bulk ? photoPool(seed) : null;
  const photos: PhotoAsset[] = pool ? [...pool.F, ...pool.M] : [];
  const members = drafts.map((draft, index): DemoMember => {
    const rng = Rng.stream(seed, draft.pid, "photo");
    let photo: PhotoAsset;
    if (pool && index >= SHOWCASE_COUNT) {
      photo = rng.pick(pool[draft.gender]);
    } else {
      photo = { ...photoKeys(`photos/${draft.pid}`, rng), spec: portraitSpec(rng, draft.gender, draft.complexion, initialsOf(draft)) };
      photos.push(photo);
    }
    const usage = Rng.stream(seed, draft.pid, "usage");
    const extra = NAMED_ACCOUNTS[index] ? 3 : usage.between(0, Math.floor(draft.plan.profilesCount / 2));
    return {
      ...draft,
      photoKey: photo.key,
      photoBlurKey: photo.blurKey,
      total: finalTotal(draft.plan, viewsBy.get(draft.pid) ?? 0, extra),
      note: draft.plan.state,
    };
  });

  let shared: DemoData["shared"] = null;
  if (bulk) {
    const rng = Rng.stream(seed, 0, "sharedPassword");
    shared = { password: generatePassword((max) => rng.int(max)), salt: rng.bytes(16) };
  }
  return {
    seed,
    today,
    members,
    siblings: members.flatMap((member) => member.siblings),
    ...interactions,
    // Members with a photo of their own, and not the named accounts, whose
    // profiles other screens' demos and tests rely on.
    publicLists: generatePublicLists({ seed, today, members: members.slice(NAMED_ACCOUNTS.length, SHOWCASE_COUNT) }),
    photos,
    shared,
  };
}
