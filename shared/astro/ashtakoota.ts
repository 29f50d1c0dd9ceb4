// Ashtakoota guna milan: the "matching points" out of 36 that Telugu families
// read between a groom and a bride, from each one's birth star and padham.
// Pure and total over its 27 x 4 x 27 x 4 inputs; the tables and their
// sources are in ashtakoota-tables.ts and docs/decisions/0016.
import {
  GANA_OF_STAR,
  GANA_POINTS,
  GRAHA_MAITRI_POINTS,
  LORD_OF_RAASI,
  NADI_OF_STAR,
  VARNA_OF_RAASI,
  VASHYA_GROUPS,
  VASHYA_OF_RAASI,
  VASHYA_POINTS,
  YONI_OF_STAR,
  YONI_POINTS,
  type VashyaGroup,
} from "./ashtakoota-tables.ts";
import type { Gender } from "../constants.ts";
import { PADHAMS_PER_STAR, STAR_COUNT, raasiOf } from "./raasi.ts";

/** A birth star, 1 (Ashwini) to 27 (Revati), and its padham (quarter), 1 to 4. */
export interface BirthStar {
  star: number;
  padham: number;
}

export type KootaKey = "varna" | "vashya" | "tara" | "yoni" | "grahaMaitri" | "gana" | "bhakoot" | "nadi";

/** Points of each koota (halves where a table has them), their sum, and the two doshas families ask about. */
export type AshtakootaScore = Record<KootaKey, number> & {
  total: number;
  doshas: { nadi: boolean; bhakoot: boolean };
};

/** The eight kootas in the traditional order, with their maximums and names (Telugu beside English). */
export const KOOTAS: readonly { key: KootaKey; max: number; name: string; nameTe: string }[] = [
  { key: "varna", max: 1, name: "Varna", nameTe: "వర్ణం" },
  { key: "vashya", max: 2, name: "Vashya", nameTe: "వశ్యం" },
  { key: "tara", max: 3, name: "Tara", nameTe: "తార" },
  { key: "yoni", max: 4, name: "Yoni", nameTe: "యోని" },
  { key: "grahaMaitri", max: 5, name: "Graha Maitri", nameTe: "గ్రహ మైత్రి" },
  { key: "gana", max: 6, name: "Gana", nameTe: "గణం" },
  { key: "bhakoot", max: 7, name: "Bhakoot", nameTe: "భకూటం" },
  { key: "nadi", max: 8, name: "Nadi", nameTe: "నాడి" },
];

export const MAX_POINTS = 36;

/** What members read: "Matching Points" with the Telugu families' word beside it, and the two doshas. */
export const MATCHING_POINTS_NAME = { name: "Matching Points", nameTe: "పొంతన గుణాలు" } as const;
export const DOSHA_NAMES = {
  nadi: { name: "Nadi dosha", nameTe: "నాడీ దోషం" },
  bhakoot: { name: "Bhakoot dosha", nameTe: "భకూట దోషం" },
} as const;

/** The 108 padhams in zodiac order, 1 (Ashwini padham 1) to 108 (Revati padham 4). */
export const PADHAM_COUNT = STAR_COUNT * PADHAMS_PER_STAR;

export function padhamIndex({ star, padham }: BirthStar): number {
  return (star - 1) * PADHAMS_PER_STAR + padham;
}

/** The inverse of padhamIndex. */
export function birthStarOfPadham(index: number): BirthStar {
  return { star: Math.ceil(index / PADHAMS_PER_STAR), padham: ((index - 1) % PADHAMS_PER_STAR) + 1 };
}

function check(side: "groom" | "bride", value: unknown): BirthStar {
  const { star, padham } = (typeof value === "object" && value !== null ? value : {}) as Partial<Record<keyof BirthStar, unknown>>;
  if (typeof star !== "number" || !Number.isInteger(star) || star < 1 || star > STAR_COUNT) {
    throw new RangeError(`The ${side}'s star must be a whole number from 1 (Ashwini) to ${STAR_COUNT} (Revati), got ${String(star)}`);
  }
  if (typeof padham !== "number" || !Number.isInteger(padham) || padham < 1 || padham > PADHAMS_PER_STAR) {
    throw new RangeError(`The ${side}'s padham must be a whole number from 1 to ${PADHAMS_PER_STAR}, got ${String(padham)}`);
  }
  return { star, padham };
}

/** Dhanu and Makara change vashya group at 15 degrees: padhams starting before it (the first five of nine) take the first. */
function vashyaGroup(birth: BirthStar, raasi: number): VashyaGroup {
  const group = VASHYA_OF_RAASI[raasi - 1]!;
  if (typeof group === "string") return group;
  const padhamInRaasi = (padhamIndex(birth) - 1) % 9;
  return padhamInRaasi < 5 ? group[0] : group[1];
}

/** Counting from one star to the other (both included), remainders 3, 5 and 7 of nine are Vipat, Pratyak and Naidhana. */
function goodTara(from: number, to: number): boolean {
  const count = ((to - from + STAR_COUNT) % STAR_COUNT) + 1;
  return ![3, 5, 7].includes(count % 9);
}

/** Raasis 2/12, 5/9 or 6/8 apart (counted from either side) make bhakoot dosha. */
function bhakootDosha(groomRaasi: number, brideRaasi: number): boolean {
  const apart = ((brideRaasi - groomRaasi + 12) % 12) + 1;
  return [2, 12, 5, 9, 6, 8].includes(apart);
}

/** Ashtakoota points of a groom and a bride; throws a RangeError naming the bad value. */
export function scoreAshtakoota(boy: BirthStar, girl: BirthStar): AshtakootaScore {
  const groom = check("groom", boy);
  const bride = check("bride", girl);
  const [groomRaasi, brideRaasi] = [raasiOf(groom.star, groom.padham), raasiOf(bride.star, bride.padham)];
  const [gs, bs] = [groom.star - 1, bride.star - 1];

  const varna = VARNA_OF_RAASI[groomRaasi - 1]! >= VARNA_OF_RAASI[brideRaasi - 1]! ? 1 : 0;
  const vashya = VASHYA_POINTS[VASHYA_GROUPS.indexOf(vashyaGroup(groom, groomRaasi))]![VASHYA_GROUPS.indexOf(vashyaGroup(bride, brideRaasi))]!;
  const taraGood = Number(goodTara(bride.star, groom.star)) + Number(goodTara(groom.star, bride.star));
  const tara = taraGood * 1.5;
  const yoni = YONI_POINTS[YONI_OF_STAR[gs]!]![YONI_OF_STAR[bs]!]!;
  const grahaMaitri = GRAHA_MAITRI_POINTS[LORD_OF_RAASI[groomRaasi - 1]!]![LORD_OF_RAASI[brideRaasi - 1]!]!;
  const gana = GANA_POINTS[GANA_OF_STAR[gs]!]![GANA_OF_STAR[bs]!]!;
  const bhakootDoshaFound = bhakootDosha(groomRaasi, brideRaasi);
  const bhakoot = bhakootDoshaFound ? 0 : 7;
  const nadiDoshaFound = NADI_OF_STAR[gs] === NADI_OF_STAR[bs];
  const nadi = nadiDoshaFound ? 0 : 8;

  return {
    varna,
    vashya,
    tara,
    yoni,
    grahaMaitri,
    gana,
    bhakoot,
    nadi,
    total: varna + vashya + tara + yoni + grahaMaitri + gana + bhakoot + nadi,
    doshas: { nadi: nadiDoshaFound, bhakoot: bhakootDoshaFound },
  };
}

/** A member as matching sees them: star and padham may be missing in records from an earlier system. */
export interface AstroMember {
  gender: Gender;
  star: number | null;
  padham: number | null;
}

function birthOf(member: AstroMember): BirthStar | null {
  return member.star === null || member.padham === null ? null : { star: member.star, padham: member.padham };
}

/**
 * Matching points of two members, the groom and the bride taken from their
 * genders; null when they are of one gender or either lacks star or padham.
 */
export function scoreMembers(one: AstroMember, other: AstroMember): AshtakootaScore | null {
  const [a, b] = [birthOf(one), birthOf(other)];
  if (!a || !b || one.gender === other.gender) return null;
  return one.gender === "M" ? scoreAshtakoota(a, b) : scoreAshtakoota(b, a);
}

/**
 * Totals by gender and birth padham, at most 216 arrays of 108 numbers: every
 * search by points asks for the viewer's, and scoring the 108 padhams each
 * time was 4 % of the Worker's samples in a search (docs/scaling.md).
 */
const totalsOfBirth = new Map<string, readonly number[]>();

/**
 * A member's total against someone of the other gender born in each of the
 * 108 padhams (element 0 is padham 1): the search filters and sorts a whole
 * result set by it without scoring each candidate.
 */
export function totalsByPadham(member: AstroMember): readonly number[] | null {
  const birth = birthOf(member);
  if (!birth) return null;
  const key = `${member.gender}${birth.star}-${birth.padham}`;
  let totals = totalsOfBirth.get(key);
  if (!totals) {
    const other: Gender = member.gender === "M" ? "F" : "M";
    totals = Object.freeze(Array.from({ length: PADHAM_COUNT }, (_, index) => scoreMembers(member, { gender: other, ...birthStarOfPadham(index + 1) })!.total));
    totalsOfBirth.set(key, totals);
  }
  return totals;
}
