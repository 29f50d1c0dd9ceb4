// What the results of the detailed search say about themselves (ADR 0015):
// the applied filters as chips in the words of the form, with the names of the
// reference lists rather than ids, and how many profiles were found, as far as
// GET eloborate_profile tells (it answers one page and whether another
// follows, never a total: ADR 0010).
import type { LookupItem, ProfilePage } from "../../../../shared/api-types.ts";
import { MAX_POINTS } from "../../../../shared/astro/ashtakoota.ts";
import { MARRIAGE_CHOICES, WORKING_IN_CHOICES } from "../../../components/profile-fields/choices.ts";
import type { ReferenceListName } from "../../../lib/reference-lists.ts";
import { FILTER_KEYS, type FilterKey, type Filters } from "./search-query.ts";

/** The form's labels, which the chips repeat so that a member recognises each filter. */
export const FILTER_LABELS: Record<FilterKey, string> = {
  ageMin: "Age from",
  ageMax: "Age to",
  heightMin: "Height from",
  heightMax: "Height to",
  star: "Star",
  raasi: "Raasi",
  religion: "Religion",
  subcaste: "Subcaste",
  education: "Education",
  professionType: "Profession type",
  incomeMin: "Minimum income (Lakhs per annum)",
  workingIn: "Working in",
  state: "State",
  district: "District",
  marriage: "Marriage",
  minPoints: "Minimum matching points",
};

/** Shorter than the form's labels where a chip must fit a phone's width; the unit moves to the value. */
const CHIP_LABELS: Partial<Record<FilterKey, string>> = {
  incomeMin: "Minimum income",
  minPoints: "Matching points",
};

/** The reference list each id filter names its value from. */
const LISTS: Partial<Record<FilterKey, ReferenceListName>> = {
  heightMin: "heights",
  heightMax: "heights",
  star: "stars",
  raasi: "raasis",
  religion: "religions",
  subcaste: "subcastes",
  education: "basic_education",
  professionType: "profession_types",
  incomeMin: "annual_income",
  state: "states",
  district: "districts",
};

/** Stars and raasis are known by their Telugu names, so their chips carry them, as the form's selects do. */
const WITH_TELUGU: ReadonlySet<FilterKey> = new Set(["star", "raasi"]);

/** How the form words a minimum of matching points. */
export function minPointsLabel(points: number): string {
  return `${points} or more (of ${MAX_POINTS})`;
}

export interface FilterChip {
  key: FilterKey;
  label: string;
  /** Null while the name is not known (a state's districts still loading, an id no list has). */
  value: string | null;
  valueTe: string | null;
}

function choiceLabel(choices: readonly { value: string; label: string }[], value: number): string | null {
  return choices.find((choice) => choice.value === String(value))?.label ?? null;
}

/** One chip per applied filter, in the form's order. `lookup` finds an item of a reference list by id. */
export function filterChips(filters: Filters, lookup: (list: ReferenceListName, id: number) => LookupItem | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of FILTER_KEYS) {
    const id = filters[key];
    if (id === undefined) continue;
    const label = CHIP_LABELS[key] ?? FILTER_LABELS[key];
    const list = LISTS[key];
    if (list) {
      const item = lookup(list, id);
      const name = item ? (key === "incomeMin" ? `${item.name} Lakhs per annum` : item.name) : null;
      chips.push({ key, label, value: name, valueTe: WITH_TELUGU.has(key) ? (item?.nameTe ?? null) : null });
      continue;
    }
    const value =
      key === "workingIn" ? choiceLabel(WORKING_IN_CHOICES, id) : key === "marriage" ? choiceLabel(MARRIAGE_CHOICES, id) : key === "minPoints" ? minPointsLabel(id) : String(id);
    chips.push({ key, label, value, valueTe: null });
  }
  return chips;
}

/** What a screen reader says for a chip's remove button: English only, since a label cannot mark a Telugu part as Telugu. */
export function removeChipName(chip: FilterChip): string {
  return `Remove filter: ${chip.label}${chip.value ? ` ${chip.value}` : ""}`;
}

function profiles(count: number): string {
  return `${count} ${count === 1 ? "profile" : "profiles"}`;
}

/**
 * How many profiles the page found, saying only what is true: the detailed
 * search reads one row past the page to know whether another page follows
 * (ADR 0010), so on page 1 the count is exact when no page follows and
 * "more than" when one does; on later pages it speaks of that page.
 */
export function foundText(list: ProfilePage): { text: string; detail: string | null } {
  const count = list.profiles.length;
  const more = list.pageCount > list.page;
  if (list.page === 1) {
    if (count === 0) return { text: "No profiles found", detail: null };
    return more ? { text: `More than ${profiles(count)} found`, detail: `${count} are shown on each page.` } : { text: `${profiles(count)} found`, detail: null };
  }
  if (count === 0) return { text: `No profiles on page ${list.page}`, detail: null };
  return { text: `${profiles(count)} on page ${list.page}`, detail: more ? "More on the next page." : "This is the last page." };
}
