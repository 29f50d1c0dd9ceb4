import { beforeAll, describe, expect, it } from "vitest";
import type { LookupItem, ProfilePage } from "#shared/api-types.ts";
import { SCREEN_MESSAGES } from "#web/app/screen-messages.ts";
import { filterChips, foundText, removeChipName } from "#web/features/search/lib/filter-chips.ts";
import { activateLanguage, loadMessages, translate } from "#web/lib/i18n.ts";
import type { ReferenceListName } from "#web/lib/reference-lists.ts";

// The detailed search's results box (ADR 0015): chips in the form's words,
// and a count that never claims more than GET eloborate_profile tells.

// The search screen's messages, as its route loads them (web/app/screen-messages.ts).
beforeAll(() => loadMessages(SCREEN_MESSAGES.search));

const LISTS: Partial<Record<ReferenceListName, LookupItem[]>> = {
  stars: [{ id: 4, name: "Rohini", nameTe: "రోహిణి" }],
  religions: [{ id: 1, name: "Hindu" }],
  annual_income: [{ id: 3, name: "5 - 7" }],
  states: [{ id: 2, name: "Andhra Pradesh" }],
};
const lookup = (list: ReferenceListName, id: number) => LISTS[list]?.find((item) => item.id === id);

function page(count: number, pageNumber: number, pageCount: number): ProfilePage {
  // foundText reads only how many cards the page holds.
  return { profiles: new Array(count).fill(null) as ProfilePage["profiles"], page: pageNumber, pageCount, paging: true };
}

describe("filter chips", () => {
  it("names every applied filter by the form's label and the list's name, in the form's order", () => {
    const chips = filterChips({ marriage: 2, religion: 1, star: 4, ageMin: 25, incomeMin: 3, workingIn: 2, minPoints: 18 }, lookup);
    expect(chips.map(({ label, value, valueTe }) => [label, value, valueTe])).toEqual([
      ["Age from", "25", null],
      ["Star", "Rohini", "రోహిణి"],
      ["Religion", "Hindu", null],
      ["Minimum income", "5 - 7 Lakhs per annum", null],
      ["Working in", "Abroad", null],
      ["Marriage", "Second", null],
      ["Matching points", "18 or more (of 36)", null],
    ]);
  });

  it("leaves a name it cannot find empty instead of showing an id", () => {
    const [district] = filterChips({ district: 77 }, lookup);
    expect(district).toEqual({ key: "district", label: "District", value: null, valueTe: null, asListed: false });
    expect(removeChipName(district!)).toBe("Remove filter: District");
  });

  it("names the remove button in English, without the Telugu name", () => {
    const [star] = filterChips({ star: 4 }, lookup);
    expect(removeChipName(star!)).toBe("Remove filter: Star Rohini");
  });

  it("names the filters in Telugu mode with the lists' Telugu names, and marks a name the list has only in English", async () => {
    await activateLanguage("te");
    try {
      const chips = filterChips({ star: 4, religion: 1, marriage: 2, minPoints: 18 }, lookup, translate, "te");
      expect(chips.map(({ label, value, valueTe, asListed }) => [label, value, valueTe, asListed])).toEqual([
        ["నక్షత్రం", "రోహిణి", null, false],
        ["మతం", "Hindu", null, true],
        ["వివాహం", "రెండో వివాహం", null, false],
        ["పొంతన గుణాలు", "18 లేదా ఎక్కువ (36 లో)", null, false],
      ]);
      expect(foundText(page(7, 1, 1), translate).text).toBe("7 ప్రొఫైల్‌లు దొరికాయి");
    } finally {
      await activateLanguage("en");
    }
  });

  it("shows no chip without filters", () => {
    expect(filterChips({}, lookup)).toEqual([]);
  });
});

describe("how many were found", () => {
  it("is exact on a first page with nothing after it", () => {
    expect(foundText(page(1, 1, 1))).toEqual({ text: "1 profile found", detail: null });
    expect(foundText(page(7, 1, 1))).toEqual({ text: "7 profiles found", detail: null });
    expect(foundText(page(0, 1, 1))).toEqual({ text: "No profiles found", detail: null });
  });

  it("says 'more than' when another page follows, never a made-up total", () => {
    expect(foundText(page(10, 1, 2))).toEqual({ text: "More than 10 profiles found", detail: "10 are shown on each page." });
  });

  it("speaks of its own page after the first", () => {
    expect(foundText(page(10, 2, 3))).toEqual({ text: "10 profiles on page 2", detail: "More on the next page." });
    expect(foundText(page(4, 3, 3))).toEqual({ text: "4 profiles on page 3", detail: "This is the last page." });
    expect(foundText(page(0, 4, 3))).toEqual({ text: "No profiles on page 4", detail: null });
  });
});
