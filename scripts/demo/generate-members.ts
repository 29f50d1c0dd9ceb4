// One demo member's profile, drawn from that member's own random stream.
import type { PublicProfile } from "#shared/api-types.ts";
import { raasiOf } from "#shared/astro/raasi.ts";
import { DEFAULT_NATIVE_COUNTRY, PROFESSION_TYPE_NOT_WORKING, type Gender } from "#shared/constants.ts";
import type { MARITAL_STATUSES, SIBLING_TYPES, WORKING } from "#shared/schemas/sibling.ts";
import { generatePassword } from "#worker/lib/password.ts";
import { timestampOn, yearsBefore } from "./iso-dates.ts";
import { membershipPlan, pickMembership, type MembershipPlan } from "./membership-plan.ts";
import type { NamedAccount } from "./named-accounts.ts";
import { CHRISTIAN_DENOMINATIONS, COMPLEXIONS, FATHER_JOBS, MOTHER_JOBS, NAME_LISTS, SIBLING_WORK, type Complexion, type Faith } from "./people-lists.ts";
import {
  ABROAD_CITIES,
  ABROAD_COMPANIES,
  ANDHRA_PRADESH,
  BIRTH_TOWNS,
  BUSINESSES,
  DEGREE_JOBS,
  GOVERNMENT_JOBS,
  INDIAN_COMPANIES,
  MEDICAL_COLLEGES,
  MEDICAL_DEGREES,
  PRIVATE_ROLES,
  PROFESSIONS,
  STREETS,
  TELANGANA,
  UNIVERSITIES,
} from "./place-lists.ts";
import { HEIGHT_CM, nearestHeight, visasFor, type PreparedLists, type WorkKind } from "./prepared-lists.ts";
import { Rng } from "./random.ts";
import { shortName } from "./reference-lists.ts";

export type SiblingType = keyof typeof SIBLING_TYPES;

export interface DemoSibling {
  memberPid: number;
  siblingType: SiblingType;
  name: string;
  married: keyof typeof MARITAL_STATUSES;
  working: keyof typeof WORKING;
  workDetails: string;
}

/** A member's password: their own (with a salt), or the one hash shared by bulk benchmark members. */
export type Credential = { kind: "own"; password: string; salt: Uint8Array<ArrayBuffer> } | { kind: "shared" };

interface Work {
  professionTypeId: number;
  workingIn: 1 | 2 | null;
  workingCityId: number | null;
  incomeId: number | null;
  workingCountryId: number | null;
  abroadWorkingCity: string | null;
  workVisaId: number | null;
  professionDetails: string;
  /** Where the member lives because of the job, or null when not working. */
  livesIn: string | null;
}

/** A member before the seeded views fix `total` (see generate-demo-data.ts). */
export interface DraftMember extends Omit<Work, "livesIn"> {
  pid: number;
  gender: Gender;
  name: string;
  surname: string;
  birthDate: string;
  birthTime: string;
  birthPlace: string;
  starId: number;
  padhamId: number;
  raasiId: number;
  heightId: number;
  subcasteId: number;
  religionId: number;
  marriageTurn: 1 | 2;
  complexion: Complexion;
  familyBackgroundId: number | null;
  basicEducationId: number | null;
  educationId: number;
  educationDetails: string;
  denomination: string | null;
  fatherName: string;
  fatherJob: string;
  motherName: string;
  motherJob: string;
  nativeCountryId: number;
  nativeStateId: number;
  nativeDistrictId: number | null;
  residingCity: string;
  mobile: string;
  alternateMobile: string | null;
  email: string | null;
  address: string;
  hasSiblings: 0 | 1 | 2;
  siblings: DemoSibling[];
  showPhoto: 1 | 2;
  publicProfile: PublicProfile;
  plan: MembershipPlan;
  credential: Credential;
}

/** The same password on every run for a given seed: it is printed as a demo login. */
export function memberPassword(seed: number, pid: number): string {
  const rng = Rng.stream(seed, pid, "password");
  return generatePassword((max) => rng.int(max));
}

export function memberSalt(seed: number, pid: number): Uint8Array<ArrayBuffer> {
  return Rng.stream(seed, pid, "salt").bytes(16);
}

/**
 * Clearly fake but unique Indian numbers: +91 90000 00000 upwards by member
 * position, so that WhatsApp links in a demo never reach a real person by design.
 */
export function demoMobile(index: number): string {
  return `+91${9_000_000_000 + index}`;
}

function pickFaith(rng: Rng): Faith {
  return rng.weighted<Faith>([
    { value: "hindu", weight: 90 },
    { value: "christian", weight: 6 },
    { value: "muslim", weight: 4 },
  ]);
}

function pickBirth(rng: Rng, gender: Gender, today: string) {
  const age = gender === "F" ? rng.between(21, 33) : rng.between(24, 38);
  // Up to 364 days before the last birthday keeps the age exactly `age` today.
  const birthDate = yearsBefore(today, age, rng.int(365));
  const birthTime = timestampOn(today, rng.int(24 * 60) * 60).slice(11, 16);
  return { birthDate, birthTime };
}

function pickAstrology(rng: Rng, lists: PreparedLists) {
  const star = rng.int(lists.stars.length);
  const padham = rng.int(lists.padhams.length);
  const raasi = raasiOf(star + 1, padham + 1) - 1;
  const id = (items: readonly { id: number }[], index: number) => {
    const item = items[index];
    if (!item) throw new Error(`reference list too short for index ${index}`);
    return item.id;
  };
  return { starId: id(lists.stars, star), padhamId: id(lists.padhams, padham), raasiId: id(lists.raasis, raasi) };
}

function pickEducation(rng: Rng, lists: PreparedLists) {
  const qualification = rng.weighted(lists.qualifications);
  const branch = /Tech|B\.E\.|M\.E\./.test(qualification.name) ? ` (${rng.pick(["CSE", "ECE", "EEE", "IT", "Mechanical", "Civil"])})` : "";
  const basic = qualification.basicEducationId ?? (lists.basicEducations.length > 0 ? rng.pick(lists.basicEducations).id : null);
  return {
    educationId: qualification.id,
    basicEducationId: basic,
    educationDetails: `${qualification.name}${branch}, ${rng.pick(MEDICAL_DEGREES.includes(qualification.name) ? MEDICAL_COLLEGES : UNIVERSITIES)}`,
    degree: qualification.name,
  };
}

function jobDetails(rng: Rng, kind: WorkKind, abroad: boolean, degree: string): string {
  const degreeJobs = DEGREE_JOBS[degree];
  if (degreeJobs) return rng.pick(degreeJobs);
  switch (kind) {
    case "government":
      return rng.pick(GOVERNMENT_JOBS);
    case "business":
      return rng.pick(BUSINESSES);
    case "self":
      return rng.pick(PROFESSIONS);
    case "private":
      return `${rng.pick(PRIVATE_ROLES)} at ${rng.pick(abroad ? ABROAD_COMPANIES : INDIAN_COMPANIES)}`;
  }
}

/** Income band index (into the sorted list) by kind of work; bands are in lakhs per year. */
function incomeIndex(rng: Rng, kind: WorkKind, bands: number): number {
  const range: Record<WorkKind, readonly [number, number]> = {
    private: [3, 11],
    government: [3, 8],
    business: [3, 13],
    self: [4, 13],
  };
  const [low, high] = range[kind];
  return Math.min(bands - 1, rng.between(low, high));
}

function notWorking(): Work {
  return {
    professionTypeId: PROFESSION_TYPE_NOT_WORKING,
    workingIn: null,
    workingCityId: null,
    incomeId: null,
    workingCountryId: null,
    abroadWorkingCity: null,
    workVisaId: null,
    professionDetails: "",
    livesIn: null,
  };
}

function pickWork(rng: Rng, gender: Gender, lists: PreparedLists, degree: string): Work {
  if (rng.chance(gender === "F" ? 0.22 : 0.04)) return notWorking();
  const type = rng.weighted(lists.workTypes);
  // Specialist degrees keep Indian jobs: their job lists name Indian hospitals and courts.
  const canGoAbroad = (type.kind === "private" || type.kind === "self") && !DEGREE_JOBS[degree] && lists.abroadCountries.length > 0;
  if (canGoAbroad && rng.chance(0.2)) {
    const country = rng.weighted(lists.abroadCountries);
    const city = rng.pick(ABROAD_CITIES[country.name] ?? [country.name]);
    return {
      professionTypeId: type.id,
      workingIn: 2,
      workingCityId: null,
      incomeId: null,
      workingCountryId: country.id,
      abroadWorkingCity: city,
      workVisaId: rng.pick(visasFor(country.name, lists.visas)).id,
      professionDetails: jobDetails(rng, type.kind, true, degree),
      livesIn: city === country.name ? city : `${city}, ${country.name}`,
    };
  }
  const cities = lists.otherCities.length > 0 && rng.chance(0.25) ? lists.otherCities : lists.homeCities.length > 0 ? lists.homeCities : lists.otherCities;
  const city = rng.pick(cities);
  const income = lists.incomes[incomeIndex(rng, type.kind, lists.incomes.length)];
  return {
    professionTypeId: type.id,
    workingIn: 1,
    workingCityId: city.id,
    incomeId: income?.id ?? null,
    workingCountryId: null,
    abroadWorkingCity: null,
    workVisaId: null,
    professionDetails: jobDetails(rng, type.kind, false, degree),
    livesIn: city.name,
  };
}

function pickNative(rng: Rng, lists: PreparedLists) {
  const nativeStateId = rng.chance(0.55) ? ANDHRA_PRADESH : TELANGANA;
  const districts = lists.districtsByState.get(nativeStateId) ?? [];
  const district = districts.length > 0 ? rng.pick(districts) : null;
  const towns = BIRTH_TOWNS[rng.chance(0.85) ? nativeStateId : nativeStateId === ANDHRA_PRADESH ? TELANGANA : ANDHRA_PRADESH] ?? [];
  const birthPlace = rng.pick(towns);
  const place = district ? shortName(district.name) : birthPlace;
  // PIN codes: Telangana's start with 50, Andhra Pradesh's with 51-53.
  const pin = nativeStateId === TELANGANA ? rng.between(500_001, 509_412) : rng.between(515_001, 535_594);
  const stateName = lists.stateNames.get(nativeStateId) ?? "";
  const houseNumber = `${rng.between(1, 28)}-${rng.between(1, 12)}-${rng.between(1, 240)}`;
  const address = `H.No ${houseNumber}, ${rng.pick(STREETS)}, ${place}, ${stateName} - ${pin}`;
  return { nativeStateId, nativeDistrictId: district?.id ?? null, birthPlace, homePlace: place, address };
}

const SIBLING_GENDER: Readonly<Record<SiblingType, Gender>> = { EB: "M", YB: "M", ES: "F", YS: "F" };

function pickSiblings(rng: Rng, pid: number, faith: Faith): { hasSiblings: 0 | 1 | 2; siblings: DemoSibling[] } {
  const hasSiblings = rng.weighted<0 | 1 | 2>([
    { value: 1, weight: 62 },
    { value: 2, weight: 28 },
    { value: 0, weight: 10 },
  ]);
  if (hasSiblings !== 1) return { hasSiblings, siblings: [] };
  const count = rng.between(1, 3);
  const siblings: DemoSibling[] = [];
  for (let i = 0; i < count; i++) {
    const siblingType = rng.pick<SiblingType>(["EB", "ES", "YB", "YS"]);
    const elder = siblingType === "EB" || siblingType === "ES";
    const working = rng.chance(elder ? 0.8 : 0.5);
    const names = NAME_LISTS[faith];
    siblings.push({
      memberPid: pid,
      siblingType,
      name: rng.pick(SIBLING_GENDER[siblingType] === "F" ? names.female : names.male),
      married: rng.chance(elder ? 0.7 : 0.2) ? "M" : "U",
      working: working ? "Y" : "N",
      workDetails: rng.pick(working ? SIBLING_WORK.working : SIBLING_WORK.studying),
    });
  }
  return { hasSiblings, siblings };
}

function emailFor(name: string, surname: string, pid: number): string {
  const slug = (text: string) => (text.split(" ")[0] ?? text).toLowerCase().replace(/[^a-z]/g, "");
  return `${slug(name)}.${slug(surname)}.${pid}@example.com`;
}

export interface MemberInput {
  seed: number;
  today: string;
  lists: PreparedLists;
  /** Position in the member list, from 0; pid = FIRST_PID + index. */
  index: number;
  pid: number;
  gender: Gender;
  named: NamedAccount | null;
  ownCredential: boolean;
}

export function generateMember(input: MemberInput): DraftMember {
  const { seed, today, lists, pid, gender } = input;
  const rng = Rng.stream(seed, pid, "profile");
  const membership = input.named ?? pickMembership(rng);
  const plan = membershipPlan(membership.profileType, membership.state, today, input.named ? null : rng);
  const faith = pickFaith(rng);
  const names = NAME_LISTS[faith];
  const name = rng.pick(gender === "F" ? names.female : names.male);
  const surname = rng.pick(names.surnames);
  const native = pickNative(rng, lists);
  const { degree, ...education } = pickEducation(rng, lists);
  const work = pickWork(rng, gender, lists, degree);
  const height = nearestHeight(lists.heights, rng.around(HEIGHT_CM[gender].mean, HEIGHT_CM[gender].spread));
  const siblings = pickSiblings(rng, pid, faith);
  const { livesIn, ...workFields } = work;
  return {
    pid,
    gender,
    name,
    surname,
    ...pickBirth(rng, gender, today),
    birthPlace: native.birthPlace,
    ...pickAstrology(rng, lists),
    heightId: height.id,
    subcasteId: rng.pick(lists.subcastesByFaith[faith]).id,
    religionId: lists.religionByFaith[faith].id,
    marriageTurn: rng.chance(0.07) ? 2 : 1,
    complexion: rng.weighted<Complexion>(COMPLEXIONS.map((value, i) => ({ value, weight: [10, 30, 35, 18, 7][i] ?? 1 }))),
    familyBackgroundId: lists.familyBackgrounds.length > 0 ? rng.pick(lists.familyBackgrounds).id : null,
    ...education,
    ...workFields,
    denomination: faith === "christian" ? rng.pick(CHRISTIAN_DENOMINATIONS) : null,
    fatherName: rng.pick(names.fathers),
    fatherJob: rng.pick(FATHER_JOBS),
    motherName: rng.pick(names.mothers),
    motherJob: rng.pick(MOTHER_JOBS),
    nativeCountryId: DEFAULT_NATIVE_COUNTRY,
    nativeStateId: native.nativeStateId,
    nativeDistrictId: native.nativeDistrictId,
    residingCity: livesIn ?? (rng.chance(0.4) ? "Hyderabad" : native.homePlace),
    mobile: demoMobile(input.index),
    alternateMobile: rng.chance(0.3) ? `+91${8_000_000_000 + input.index}` : null,
    email: rng.chance(0.85) ? emailFor(name, surname, pid) : null,
    address: native.address,
    ...siblings,
    showPhoto: rng.chance(0.15) ? 2 : 1,
    publicProfile: rng.weighted<PublicProfile>([
      { value: null, weight: 55 },
      { value: "PAID", weight: 18 },
      { value: "PUBLIC", weight: 15 },
      { value: "MEMBERS", weight: 12 },
    ]),
    plan,
    credential: input.ownCredential ? { kind: "own", password: memberPassword(seed, pid), salt: memberSalt(seed, pid) } : { kind: "shared" },
  };
}
