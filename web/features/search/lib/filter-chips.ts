// What the results of the detailed search say about themselves (ADR 0015):
// the applied filters as chips in the words of the form, with the names of the
// reference lists rather than ids, and how many profiles were found, as far as
// GET eloborate_profile tells (it answers one page and whether another
// follows, never a total: ADR 0010). In the active language, or the `t` and
// language a component passes (ADR 0040).
import type { LookupItem, ProfilePage } from "#shared/api-types.ts";
import { MAX_POINTS } from "#shared/astro/ashtakoota.ts";
import type { Language } from "#shared/i18n/language.ts";
import type { Translate } from "#web/components/profile-card/action-messages.ts";
import { MARRIAGE_CHOICES, WORKING_IN_CHOICES } from "#web/components/profile-fields/choices.ts";
import { currentLanguage, translate, type MessageId } from "#web/lib/i18n.ts";
import type { ReferenceListName } from "#web/lib/reference-lists.ts";
import { FILTER_KEYS, type FilterKey, type Filters } from "./search-query.ts";

/** The form's labels, which the chips repeat so that a member recognises each filter. */
export const FILTER_LABELS: Record<FilterKey, MessageId> = {
  ageMin: "search.filterAgeMin",
  ageMax: "search.filterAgeMax",
  heightMin: "search.filterHeightMin",
  heightMax: "search.filterHeightMax",
  star: "search.filterStar",
  raasi: "search.filterRaasi",
  religion: "search.filterReligion",
  subcaste: "search.filterSubcaste",
  education: "search.filterEducation",
  professionType: "search.filterProfessionType",
  incomeMin: "search.filterIncomeMin",
  workingIn: "search.filterWorkingIn",
  state: "search.filterState",
  district: "search.filterDistrict",
  marriage: "search.filterMarriage",
  minPoints: "search.filterMinPoints",
};

/** Shorter than the form's labels where a chip must fit a phone's width; the unit moves to the value. */
const CHIP_LABELS: Partial<Record<FilterKey, MessageId>> = {
  incomeMin: "search.chipIncomeMin",
  minPoints: "search.chipMinPoints",
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
export function minPointsLabel(points: number, t: Translate = translate): string {
  return t("search.minPoints", { points, max: MAX_POINTS });
}

export interface FilterChip {
  key: FilterKey;
  label: string;
  /** Null while the name is not known (a state's districts still loading, an id no list has). */
  value: string | null;
  /** The Telugu name shown beside an English one (stars and raasis in English mode). */
  valueTe: string | null;
  /** The value is a reference list's name as the list has it (no Telugu name in Telugu mode): shown as it is (translate="no"). */
  asListed: boolean;
}

function choiceLabel(choices: readonly { value: string; labelId: MessageId }[], value: number, t: Translate): string | null {
  const choice = choices.find((candidate) => candidate.value === String(value));
  return choice ? t(choice.labelId) : null;
}

/** A reference list's item as the chip names it: its Telugu name in Telugu mode where it has one. */
function listChip(key: FilterKey, label: string, item: LookupItem | undefined, t: Translate, language: Language): FilterChip {
  if (!item) return { key, label, value: null, valueTe: null, asListed: false };
  const telugu = language === "te" ? item.nameTe : undefined;
  const name = telugu ?? item.name;
  return {
    key,
    label,
    value: key === "incomeMin" ? t("search.chipIncome", { income: name }) : name,
    valueTe: language === "en" && WITH_TELUGU.has(key) ? (item.nameTe ?? null) : null,
    asListed: language === "te" && telugu === undefined && key !== "incomeMin",
  };
}

/** One chip per applied filter, in the form's order. `lookup` finds an item of a reference list by id. */
export function filterChips(
  filters: Filters,
  lookup: (list: ReferenceListName, id: number) => LookupItem | undefined,
  t: Translate = translate,
  language: Language = currentLanguage(),
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of FILTER_KEYS) {
    const id = filters[key];
    if (id === undefined) continue;
    const label = t(CHIP_LABELS[key] ?? FILTER_LABELS[key]);
    const list = LISTS[key];
    if (list) {
      chips.push(listChip(key, label, lookup(list, id), t, language));
      continue;
    }
    const value =
      key === "workingIn"
        ? choiceLabel(WORKING_IN_CHOICES, id, t)
        : key === "marriage"
          ? choiceLabel(MARRIAGE_CHOICES, id, t)
          : key === "minPoints"
            ? minPointsLabel(id, t)
            : String(id);
    chips.push({ key, label, value, valueTe: null, asListed: false });
  }
  return chips;
}

/** What a screen reader says for a chip's remove button: without the Telugu name beside an English one, since a label cannot mark a Telugu part as Telugu. */
export function removeChipName(chip: FilterChip, t: Translate = translate): string {
  return chip.value ? t("search.removeChipValue", { label: chip.label, value: chip.value }) : t("search.removeChip", { label: chip.label });
}

/**
 * How many profiles the page found, saying only what is true: the detailed
 * search reads one row past the page to know whether another page follows
 * (ADR 0010), so on page 1 the count is exact when no page follows and
 * "more than" when one does; on later pages it speaks of that page.
 */
export function foundText(list: ProfilePage, t: Translate = translate): { text: string; detail: string | null } {
  const count = list.profiles.length;
  const more = list.pageCount > list.page;
  if (list.page === 1) {
    if (count === 0) return { text: t("search.noneFound"), detail: null };
    return more ? { text: t("search.foundMore", { count }), detail: t("search.perPage", { count }) } : { text: t("search.found", { count }), detail: null };
  }
  if (count === 0) return { text: t("search.noneOnPage", { page: list.page }), detail: null };
  return { text: t("search.onPage", { count, page: list.page }), detail: more ? t("search.moreNextPage") : t("search.lastPage") };
}
