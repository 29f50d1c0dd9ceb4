// Reference lists reshaped once for the generator: sorted, split by state,
// gender or faith, and weighted by how common each choice is among Telugu
// families. Choices are found by name, so the lists stay the database's.
import { PROFESSION_TYPE_NOT_WORKING, type Gender } from "#shared/constants.ts";
import type { Faith } from "./people-lists.ts";
import { ABROAD_WEIGHTS, ANDHRA_PRADESH, INDIA, TELANGANA, VISAS_ELSEWHERE, VISAS_FOR_USA } from "./place-lists.ts";
import type { WeightedChoice } from "./random.ts";
import { byId, referenceListProblems, type HeightItem, type ListItem, type PlaceItem, type QualificationItem, type ReferenceLists } from "./reference-lists.ts";

export type WorkKind = "private" | "government" | "business" | "self";

export interface PreparedLists {
  stars: readonly ListItem[];
  padhams: readonly ListItem[];
  raasis: readonly ListItem[];
  heights: readonly HeightItem[];
  subcastesByFaith: Readonly<Record<Faith, readonly ListItem[]>>;
  religionByFaith: Readonly<Record<Faith, ListItem>>;
  basicEducations: readonly ListItem[];
  qualifications: readonly WeightedChoice<QualificationItem>[];
  workTypes: readonly WeightedChoice<{ id: number; kind: WorkKind }>[];
  homeCities: readonly PlaceItem[];
  otherCities: readonly PlaceItem[];
  abroadCountries: readonly WeightedChoice<ListItem>[];
  visas: readonly ListItem[];
  incomes: readonly ListItem[];
  familyBackgrounds: readonly ListItem[];
  districtsByState: ReadonlyMap<number, readonly PlaceItem[]>;
  stateNames: ReadonlyMap<number, string>;
}

const QUALIFICATION_WEIGHTS: Readonly<Record<string, number>> = {
  "B.Tech": 30,
  "M.Tech": 9,
  MBA: 9,
  MCA: 6,
  "B.Sc": 7,
  "B.Com": 7,
  "M.Sc": 5,
  MBBS: 4,
  "B.E.": 4,
  BBA: 3,
  "B.Pharm": 3,
  "M.Pharm": 2,
  "B.A.": 3,
  "M.Com": 2,
  CA: 2,
  MD: 1,
  PhD: 1,
  "Diploma (Polytechnic)": 2,
};

const WORK_KIND_WEIGHTS: Readonly<Record<WorkKind, number>> = { private: 55, government: 18, business: 14, self: 13 };

function workKind(name: string): WorkKind {
  if (/gov/i.test(name)) return "government";
  if (/business/i.test(name)) return "business";
  if (/self|professional/i.test(name)) return "self";
  return "private";
}

function faithOf(name: string): Faith | null {
  if (/christian/i.test(name)) return "christian";
  if (/muslim/i.test(name)) return "muslim";
  if (/hindu/i.test(name)) return "hindu";
  return null;
}

function religionsByFaith(religions: readonly ListItem[]): Record<Faith, ListItem> {
  const sorted = byId(religions);
  const first = sorted[0];
  if (!first) throw new Error("religions: empty");
  const find = (faith: Faith) => sorted.find((religion) => faithOf(religion.name) === faith);
  const hindu = find("hindu") ?? first;
  return { hindu, christian: find("christian") ?? hindu, muslim: find("muslim") ?? hindu };
}

function subcastesByFaith(subcastes: readonly ListItem[]): Record<Faith, ListItem[]> {
  const sorted = byId(subcastes);
  const hindu = sorted.filter((subcaste) => faithOf(subcaste.name) === null);
  const ofFaith = (faith: Faith) => {
    const matching = sorted.filter((subcaste) => faithOf(subcaste.name) === faith);
    return matching.length > 0 ? matching : sorted;
  };
  return { hindu: hindu.length > 0 ? hindu : sorted, christian: ofFaith("christian"), muslim: ofFaith("muslim") };
}

function groupByState(places: readonly PlaceItem[]): Map<number, PlaceItem[]> {
  const groups = new Map<number, PlaceItem[]>();
  for (const place of byId(places)) {
    if (place.stateId === null) continue;
    const group = groups.get(place.stateId) ?? [];
    group.push(place);
    groups.set(place.stateId, group);
  }
  return groups;
}

/** Visas that fit a country: names from place-lists when the list has them, otherwise any. */
export function visasFor(countryName: string, visas: readonly ListItem[]): readonly ListItem[] {
  const wanted = countryName === "USA" ? VISAS_FOR_USA : VISAS_ELSEWHERE;
  const matching = visas.filter((visa) => wanted.includes(visa.name));
  return matching.length > 0 ? matching : visas;
}

export function prepareLists(lists: ReferenceLists): PreparedLists {
  const problems = referenceListProblems(lists);
  if (problems.length > 0) throw new Error(`The reference lists cannot carry demo members:\n  ${problems.join("\n  ")}`);
  const cities = byId(lists.cities);
  const isHome = (city: PlaceItem) => city.stateId === ANDHRA_PRADESH || city.stateId === TELANGANA;
  const abroad = byId(lists.countries).filter((country) => country.id !== INDIA);
  return {
    stars: byId(lists.stars),
    padhams: byId(lists.padhams),
    raasis: byId(lists.raasis),
    heights: [...lists.heights].sort((a, b) => a.cm - b.cm),
    subcastesByFaith: subcastesByFaith(lists.subcastes),
    religionByFaith: religionsByFaith(lists.religions),
    basicEducations: byId(lists.basicEducations),
    qualifications: byId(lists.qualifications).map((item) => ({ value: item, weight: QUALIFICATION_WEIGHTS[item.name] ?? 1 })),
    workTypes: byId(lists.professionTypes)
      .filter((type) => type.id !== PROFESSION_TYPE_NOT_WORKING)
      .map((type) => ({ value: { id: type.id, kind: workKind(type.name) }, weight: WORK_KIND_WEIGHTS[workKind(type.name)] })),
    homeCities: cities.filter(isHome),
    otherCities: cities.filter((city) => !isHome(city) && city.stateId !== null),
    abroadCountries: abroad.map((country) => ({ value: country, weight: ABROAD_WEIGHTS[country.name] ?? 0.3 })),
    visas: byId(lists.visas),
    incomes: byId(lists.annualIncomes),
    familyBackgrounds: byId(lists.familyBackgrounds),
    districtsByState: groupByState(lists.districts),
    stateNames: new Map(lists.states.map((state) => [state.id, state.name])),
  };
}

/** The height row nearest a height in cm, among the plausible range of each gender. */
export function nearestHeight(heights: readonly HeightItem[], cm: number): HeightItem {
  let best = heights[0];
  if (!best) throw new Error("heights: empty");
  for (const height of heights) if (Math.abs(height.cm - cm) < Math.abs(best.cm - cm)) best = height;
  return best;
}

export const HEIGHT_CM: Readonly<Record<Gender, { mean: number; spread: number }>> = {
  F: { mean: 158, spread: 10 },
  M: { mean: 172, spread: 11 },
};
