import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useLayoutEffect, useRef, type RefObject } from "react";
import { useNavigate } from "react-router";
import type { LookupItem, ProfilePage } from "#shared/api-types.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { referenceListQueryOptions, type ReferenceListName } from "#web/lib/reference-lists.ts";
import { filterChips, foundText, removeChipName, type FilterChip } from "../lib/filter-chips.ts";
import { resultsLocationState } from "../lib/results-focus.ts";
import { useSearchLists } from "../lib/search-lists.ts";
import { DEFAULT_SEARCH_STATE, filteredSearchState, searchHref, withoutFilter, type FilterKey, type SearchState } from "../lib/search-query.ts";

// Above the detailed search's results (ADR 0015): how many profiles were
// found, each applied filter as a chip that removes it, Clear all, and, where
// the filter panel folds (phones and tablets), a way back to it. The panel
// may be far above on a phone; this box is what the member sees after Search.

/** Finds names in the reference lists; /search has loaded all but the districts before it renders. */
function useLookup(stateId: number | undefined): (list: ReferenceListName, id: number) => LookupItem | undefined {
  const lists: Partial<Record<ReferenceListName, LookupItem[]>> = { ...useSearchLists() };
  const districts = useQuery({ ...referenceListQueryOptions("districts", stateId), enabled: stateId !== undefined });
  lists.districts = districts.data;
  return (list, id) => lists[list]?.find((item) => item.id === id);
}

interface ActiveFiltersProps {
  /** The detailed search on screen. */
  state: SearchState;
  query: UseQueryResult<ProfilePage>;
  /** The "found" line: where focus goes after Search (lib/results-focus.ts). */
  foundRef: RefObject<HTMLParagraphElement | null>;
  /** Unfolds the filter panel and takes the member there. */
  onChangeFilters: () => void;
}

export function ActiveFilters({ state, query, foundRef, onChangeFilters }: ActiveFiltersProps) {
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  const chips = filterChips(state.filters, useLookup(state.filters.state), t, language);

  // A removed chip's button is gone: focus moves to the chip that takes its
  // place (or the one before it), so that a keyboard or screen-reader user
  // stays among the chips; with none left, to the "found" line. The box stays
  // where it was on the screen, although the filter panel above it may fold
  // (a link opened with filters starts with it open).
  const box = useRef<HTMLDivElement>(null);
  const chipButtons = useRef(new Map<FilterKey, HTMLButtonElement>());
  const afterRemoval = useRef<{ focus: FilterKey | "found"; top: number } | null>(null);
  const chipKeys = chips.map((chip) => chip.key).join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chips shown are the trigger: focus moves once a removal has rendered.
  useLayoutEffect(() => {
    const removal = afterRemoval.current;
    if (removal === null) return;
    afterRemoval.current = null;
    const top = box.current?.getBoundingClientRect().top;
    if (top !== undefined) window.scrollBy({ top: top - removal.top });
    (removal.focus === "found" ? foundRef.current : chipButtons.current.get(removal.focus))?.focus({ preventScroll: true });
  }, [chipKeys, foundRef]);

  const remove = (chip: FilterChip) => {
    const next = filteredSearchState(withoutFilter(state.filters, chip.key), state.order);
    const remaining = chips.filter((other) => other.key !== chip.key && !(chip.key === "state" && other.key === "district"));
    const index = Math.min(
      chips.findIndex((other) => other.key === chip.key),
      remaining.length - 1,
    );
    afterRemoval.current = { focus: remaining[index]?.key ?? "found", top: box.current?.getBoundingClientRect().top ?? 0 };
    // With no filter left the list becomes all profiles and this box goes:
    // the results come to the top as after Search.
    void navigate(searchHref(next), { state: resultsLocationState(next.view === "filter" ? "stay" : "show") });
  };

  const clearAll = () => void navigate(searchHref(DEFAULT_SEARCH_STATE), { state: resultsLocationState("show") });

  const data = query.data;
  const found = query.isError
    ? { text: t("search.didNotFinish"), detail: null }
    : !data || query.isPlaceholderData
      ? { text: t("search.searching"), detail: null }
      : foundText(data, t);

  return (
    <div ref={box} className="card flex flex-col gap-3 border-2 border-maroon-100 px-4 py-3" data-testid="active-filters">
      {/* Polite: the number arrives after the focus does, and is read when it comes. */}
      <p ref={foundRef} tabIndex={-1} aria-live="polite" aria-atomic="true" className="m-0 outline-none">
        <strong className="block text-lg leading-snug text-ink">{found.text}</strong>
        {found.detail ? " " : null}
        {found.detail ? <span className="block text-base text-ink-muted">{found.detail}</span> : null}
      </p>

      {/* The buttons follow the chips: beside them on wide screens when there is room, a row of their own on phones. */}
      <div className="flex flex-wrap items-center gap-2">
        {chips.length > 0 ? (
          <ul aria-label={t("search.yourFilters")} className="m-0 flex min-w-0 max-w-full list-none flex-wrap gap-2 p-0">
            {chips.map((chip) => (
              <li key={chip.key} className="flex min-w-0 max-w-full">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) chipButtons.current.set(chip.key, element);
                    else chipButtons.current.delete(chip.key);
                  }}
                  aria-label={removeChipName(chip, t)}
                  translate={chip.asListed ? "no" : undefined}
                  onClick={() => remove(chip)}
                  className="inline-flex min-h-11 min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-full border-2 border-maroon-200 bg-maroon-50 py-1 pl-4 pr-1.5 text-left text-base leading-snug text-ink hover:border-maroon-500"
                >
                  <span className="min-w-0 break-words">
                    <span className="font-semibold">{chip.label}:</span> <span translate={chip.asListed ? "no" : undefined}>{chip.value ?? "..."}</span>
                    {chip.valueTe ? (
                      <>
                        {" "}
                        (<span lang="te">{chip.valueTe}</span>)
                      </>
                    ) : null}
                  </span>
                  {/* The cross says "remove" at a glance; the button's name says it in words. */}
                  <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-white">
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {/* Clear all only for two or more: one chip removes itself. Change filters only where the panel folds (below 1024 px). */}
        <div className={`grid w-full gap-2 lg:flex lg:w-auto ${chips.length > 1 ? "grid-cols-2" : "grid-cols-1 lg:hidden"}`}>
          {chips.length > 1 ? (
            <button type="button" className="btn-outline w-full px-3 lg:w-auto lg:min-h-11 lg:py-2" onClick={clearAll}>
              {t("search.clearAll")}
            </button>
          ) : null}
          <button type="button" className="btn-outline w-full px-3 lg:hidden" onClick={onChangeFilters}>
            {t("search.changeFilters")}
          </button>
        </div>
      </div>
    </div>
  );
}
