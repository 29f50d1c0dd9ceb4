// The reference lists as the generator sees them. The seeder reads them from
// the database at run time (load-reference-lists.ts), so ids are never
// hard-coded here, except the few the product fixes: profession type 5 is
// "Not Working", country 1 is India, states 1 and 2 are Andhra Pradesh and
// Telangana.
import { PADHAMS_PER_STAR, RAASI_COUNT, STAR_COUNT } from "#shared/astro/raasi.ts";
import { PROFESSION_TYPE_NOT_WORKING } from "#shared/constants.ts";
import { ANDHRA_PRADESH, INDIA, TELANGANA } from "./place-lists.ts";

export interface ListItem {
  id: number;
  name: string;
}
export interface HeightItem extends ListItem {
  cm: number;
}
export interface QualificationItem extends ListItem {
  basicEducationId: number | null;
}
export interface PlaceItem extends ListItem {
  stateId: number | null;
}

export interface ReferenceLists {
  stars: readonly ListItem[];
  padhams: readonly ListItem[];
  raasis: readonly ListItem[];
  heights: readonly HeightItem[];
  subcastes: readonly ListItem[];
  religions: readonly ListItem[];
  basicEducations: readonly ListItem[];
  qualifications: readonly QualificationItem[];
  professionTypes: readonly ListItem[];
  countries: readonly ListItem[];
  states: readonly ListItem[];
  districts: readonly PlaceItem[];
  cities: readonly PlaceItem[];
  visas: readonly ListItem[];
  annualIncomes: readonly ListItem[];
  familyBackgrounds: readonly ListItem[];
}

/** Everything that would make the generated members break a foreign key or a rule; empty when usable. */
export function referenceListProblems(lists: ReferenceLists): string[] {
  const problems: string[] = [];
  const exact = (name: string, items: readonly ListItem[], count: number) => {
    if (items.length !== count) problems.push(`${name}: expected ${count} rows, found ${items.length}`);
  };
  exact("stars", lists.stars, STAR_COUNT);
  exact("padhams", lists.padhams, PADHAMS_PER_STAR);
  exact("raasis", lists.raasis, RAASI_COUNT);
  const required: [string, readonly ListItem[]][] = [
    ["heights", lists.heights],
    ["subcastes", lists.subcastes],
    ["religions", lists.religions],
    ["qualifications", lists.qualifications],
    ["cities", lists.cities],
    ["visas", lists.visas],
    ["annual_incomes", lists.annualIncomes],
  ];
  for (const [name, items] of required) if (items.length === 0) problems.push(`${name}: empty`);
  const has = (items: readonly ListItem[], id: number) => items.some((item) => item.id === id);
  if (!has(lists.countries, INDIA)) problems.push(`countries: no India (id ${INDIA})`);
  if (!lists.countries.some((country) => country.id !== INDIA)) problems.push("countries: nothing abroad");
  if (!has(lists.states, ANDHRA_PRADESH) || !has(lists.states, TELANGANA)) problems.push("states: Andhra Pradesh (1) or Telangana (2) missing");
  if (!has(lists.professionTypes, PROFESSION_TYPE_NOT_WORKING)) problems.push(`profession_types: no id ${PROFESSION_TYPE_NOT_WORKING} (Not Working)`);
  if (!lists.professionTypes.some((type) => type.id !== PROFESSION_TYPE_NOT_WORKING)) problems.push("profession_types: no working type");
  return problems;
}

/** Sorted by id, so that "the n-th star" is the n-th in the traditional order. */
export function byId<T extends ListItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

/** The part of a name before any bracket: "Nellore (Sri Potti Sriramulu Nellore)" reads as "Nellore" in an address. */
export function shortName(name: string): string {
  return name.replace(/\s*\(.*$/, "").trim();
}
