import { useId, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from "react";
import { flushSync } from "react-dom";
import { SelectField } from "#web/components/ui/form-field.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { MARRIAGE_CHOICES, WORKING_IN_CHOICES, choiceOptions } from "#web/components/profile-fields/choices.ts";
import { MATCHING_POINTS_NAME } from "#shared/astro/ashtakoota.ts";
import { WithTelugu } from "#web/components/profile-card/profile-values.tsx";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { FILTER_LABELS, minPointsLabel } from "../lib/filter-chips.ts";
import { FILTER_KEYS, type FilterKey, type Filters, type SearchOrder } from "../lib/search-query.ts";

// The detailed search (GET eloborate_profile): what families filter a match
// by. The form holds the selects' strings; the URL holds the applied filters,
// so the panel starts from the link that was opened or shared. On phones and
// tablets the panel folds after Search: the results and their filter chips
// (active-filters.tsx) come to the top instead (ADR 0015).

type FormValues = Record<FilterKey, string> & { order: SearchOrder };

// Numbers only: the labels say "Age", and two selects share a narrow row.
const AGES = Array.from({ length: 80 - 18 + 1 }, (_, index) => String(18 + index)).map((age) => ({ value: age, label: age }));
// 18 of 36 is where families start to consider a match; steps of three above it.
const MIN_POINTS = [18, 21, 24, 27, 30];

function toFormValues(filters: Filters, order: SearchOrder): FormValues {
  const values = Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] === undefined ? "" : String(filters[key])])) as Record<FilterKey, string>;
  return { ...values, order: order === "points" ? "points" : "tier" };
}

function toFilters(values: FormValues): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    if (values[key] !== "") filters[key] = Number(values[key]);
  }
  // A range typed the wrong way round means the same range: ages, and
  // heights, whose ids ascend with the height.
  for (const [min, max] of [
    ["ageMin", "ageMax"],
    ["heightMin", "heightMax"],
  ] as const) {
    const low = filters[min];
    const high = filters[max];
    if (low !== undefined && high !== undefined && low > high) {
      filters[min] = high;
      filters[max] = low;
    }
  }
  return filters;
}

/** What the results above the list may ask of the panel. */
export interface SearchFiltersHandle {
  /** Unfolds the panel and takes the member to it ("Change filters"). */
  reveal: () => void;
}

interface SearchFiltersProps {
  /** The filters and order of the list on screen. */
  applied: Filters;
  appliedOrder: SearchOrder;
  /** Unfolded on phones at first; the wide screens' sidebar is always open. */
  startOpen: boolean;
  onApply: (filters: Filters, order: SearchOrder) => void;
  onClear: () => void;
  ref?: Ref<SearchFiltersHandle>;
}

/** Room above the panel when Change filters scrolls to it. */
const TOP_GAP = 12;

export function SearchFilters({ applied, appliedOrder, startOpen, onApply, onClear, ref }: SearchFiltersProps) {
  const ids = useId();
  const t = useT();
  const language = useLanguage();
  const [values, setValues] = useState<FormValues>(() => toFormValues(applied, appliedOrder));
  const [open, setOpen] = useState(startOpen);
  const sectionRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      reveal() {
        // Unfolded before measuring, so that the scroll lands on the open panel.
        flushSync(() => setOpen(true));
        const section = sectionRef.current;
        if (section) window.scrollTo({ top: Math.max(0, section.getBoundingClientRect().top + window.scrollY - TOP_GAP) });
        // The toggle says "expanded"; the next Tab is the first filter. Focusing a
        // select instead would open its picker on some phones.
        toggleRef.current?.focus({ preventScroll: true });
      },
    }),
    [],
  );

  const set = (key: FilterKey) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    // Districts follow the state: a district of another state is dropped.
    setValues((previous) => (key === "state" ? { ...previous, state: value, district: "" } : { ...previous, [key]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Folded when the results come back: they move to the top (ADR 0015).
    setOpen(false);
    onApply(toFilters(values), values.order);
  };

  const select = (key: FilterKey) => ({ name: key, value: values[key], onChange: set(key), placeholder: t("common.any"), label: t(FILTER_LABELS[key]) });
  const minPoints = MIN_POINTS.map((points) => ({ value: String(points), label: minPointsLabel(points, t) }));
  // The empty choice is the server's default order, by profile type.
  const orders = [{ value: "points", label: t("search.sortPoints") }];

  return (
    <section ref={sectionRef} aria-labelledby={`${ids}-title`} className="card px-4 py-3 lg:py-4">
      <h2 id={`${ids}-title`} className="m-0 text-lg font-bold text-maroon-800">
        {/* Folded away on phones and tablets; the sidebar on wide screens is always open. */}
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={`${ids}-form`}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 text-left lg:hidden"
        >
          {t("search.filterProfiles")}
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-5 w-5 transition-transform ${open ? "rotate-180" : ""}`} fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
        <span className="hidden lg:inline">{t("search.filterProfiles")}</span>
      </h2>

      <form id={`${ids}-form`} onSubmit={submit} className={`${open ? "flex" : "hidden"} mt-3 flex-col gap-4 lg:flex`} aria-label={t("search.filterProfiles")}>
        <div className="grid grid-cols-2 gap-3">
          <SelectField options={AGES} {...select("ageMin")} />
          <SelectField options={AGES} {...select("ageMax")} />
          <LookupSelect list="heights" {...select("heightMin")} />
          <LookupSelect list="heights" {...select("heightMax")} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
          <LookupSelect list="stars" withTelugu {...select("star")} />
          <LookupSelect list="raasis" withTelugu {...select("raasi")} />
          <LookupSelect list="religions" {...select("religion")} />
          <LookupSelect list="subcastes" {...select("subcaste")} />
          <LookupSelect list="basic_education" {...select("education")} />
          <LookupSelect list="profession_types" {...select("professionType")} />
          <LookupSelect list="annual_income" {...select("incomeMin")} />
          <SelectField options={choiceOptions(WORKING_IN_CHOICES, t)} {...select("workingIn")} />
          <LookupSelect list="states" {...select("state")} />
          <LookupSelect
            list="districts"
            stateId={values.state === "" ? undefined : Number(values.state)}
            disabled={values.state === ""}
            hint={values.state === "" ? t("search.chooseStateFirst") : undefined}
            {...select("district")}
          />
          <SelectField options={choiceOptions(MARRIAGE_CHOICES, t)} {...select("marriage")} />
          <SelectField
            options={minPoints}
            {...select("minPoints")}
            // In English the Telugu name stands beside the English one; in Telugu the label already is it.
            label={language === "te" ? t(FILTER_LABELS.minPoints) : <WithTelugu name={t(FILTER_LABELS.minPoints)} te={MATCHING_POINTS_NAME.nameTe} />}
          />
          <SelectField
            label={t("search.sortBy")}
            options={orders}
            name="order"
            placeholder={t("search.sortProfileType")}
            value={values.order === "points" ? "points" : ""}
            onChange={(event) => {
              const order: SearchOrder = event.target.value === "points" ? "points" : "tier";
              setValues((previous) => ({ ...previous, order }));
            }}
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
          <button type="submit" className="btn-primary w-full sm:w-auto lg:w-full">
            {t("common.search")}
          </button>
          <button
            type="button"
            className="btn-outline w-full sm:w-auto lg:w-full"
            onClick={() => {
              setValues(toFormValues({}, "tier"));
              setOpen(false);
              onClear();
            }}
          >
            {t("search.clearFilters")}
          </button>
        </div>
      </form>
    </section>
  );
}
