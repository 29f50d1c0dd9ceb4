import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detailedSearchSchema } from "#shared/schemas/search.ts";
import {
  DEFAULT_SEARCH_STATE,
  FILTER_KEYS,
  FILTER_RANGES,
  decodeSearchState,
  encodeSearchState,
  filteredSearchState,
  searchHref,
  withoutFilter,
  type Filters,
  type SearchState,
} from "#web/features/search/lib/search-query.ts";

// The /search page's compact URL-safe encoding (docs/specification.md
// § "Member routes (login required)"; ADR 0015).

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("search query encoding", () => {
  it("leaves the defaults out of the URL", () => {
    expect(encodeSearchState(DEFAULT_SEARCH_STATE)).toBeNull();
    expect(searchHref(DEFAULT_SEARCH_STATE)).toBe("/search");
  });

  it("is base64url of a small JSON object", () => {
    const q = encodeSearchState({ ...DEFAULT_SEARCH_STATE, page: 2, order: "new" });
    expect(q).toBe(base64url('{"p":2,"o":"new"}'));
    expect(q).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(searchHref({ ...DEFAULT_SEARCH_STATE, page: 2, order: "new" })).toBe(`/search?q=${q}`);
  });

  it("round-trips every view", () => {
    const states: SearchState[] = [
      { view: "all", page: 7, order: "new", filters: {} },
      { view: "all", page: 3, order: "tier", filters: {} },
      { view: "matching", page: 2, order: "tier", filters: {} },
      { view: "filter", page: 4, order: "tier", filters: { ageMin: 24, ageMax: 30, religion: 1, state: 2, district: 40, marriage: 2, workingIn: 1 } },
      { view: "filter", page: 1, order: "points", filters: { minPoints: 18 } },
      { view: "filter", page: 2, order: "points", filters: {} },
    ];
    for (const state of states) expect(decodeSearchState(encodeSearchState(state))).toEqual(state);
  });

  it("keeps filters in one order, so equal searches give equal links", () => {
    const a = encodeSearchState({ view: "filter", page: 1, order: "tier", filters: { star: 3, ageMin: 20 } });
    const b = encodeSearchState({ view: "filter", page: 1, order: "tier", filters: { ageMin: 20, star: 3 } });
    expect(a).toBe(b);
  });

  it("drops what does not belong to the view", () => {
    // The order applies to simple search only; filters to detailed search only.
    expect(decodeSearchState(base64url('{"v":"matching","o":"new","f":{"star":2}}'))).toEqual({ view: "matching", page: 1, order: "tier", filters: {} });
    expect(encodeSearchState({ view: "matching", page: 1, order: "new", filters: { star: 2 } })).toBe(base64url('{"v":"matching"}'));
    // Sorting by matching points is the detailed search's; simple search orders by tier or newest.
    expect(decodeSearchState(base64url('{"o":"points"}')).order).toBe("tier");
    expect(encodeSearchState({ view: "all", page: 1, order: "points", filters: {} })).toBeNull();
    expect(decodeSearchState(base64url('{"v":"filter","o":"points","f":{"minPoints":18}}'))).toEqual({ view: "filter", page: 1, order: "points", filters: { minPoints: 18 } });
  });

  it("falls back to the defaults for mangled links", () => {
    for (const q of [null, "", "%%%", "not base64!", base64url("[1,2]"), base64url("null"), base64url("{"), "_w"]) {
      expect(decodeSearchState(q)).toEqual(DEFAULT_SEARCH_STATE);
    }
  });

  it("checks each value by the shared search schema's rules", () => {
    const state = decodeSearchState(base64url('{"p":-3,"v":"filter","f":{"ageMin":5,"ageMax":40,"star":"2","marriage":3,"religion":1.5,"subcaste":4,"minPoints":37,"unknown":1}}'));
    expect(state).toEqual({ view: "filter", page: 1, order: "tier", filters: { ageMax: 40, subcaste: 4 } });
    expect(decodeSearchState(base64url('{"p":"2"}')).page).toBe(2);
    expect(decodeSearchState(base64url('{"p":2.5}')).page).toBe(1);
    expect(decodeSearchState(base64url('{"v":"other","p":3}'))).toEqual({ ...DEFAULT_SEARCH_STATE, page: 3 });
  });

  it("reads the URL by the shared search schema's rules, without the schema (property)", () => {
    // FILTER_RANGES keeps zod out of /search's first load; here it must agree
    // with detailedSearchSchema on every value, at and around each bound.
    const around = (key: keyof typeof FILTER_RANGES) => {
      const [min, max] = FILTER_RANGES[key];
      return fc.oneof(fc.constantFrom(min - 1, min, max, max + 1, min + 0.5, -0, Number.NaN, Number.POSITIVE_INFINITY), fc.integer({ min: min - 5, max: max + 5 }), fc.double());
    };
    for (const key of FILTER_KEYS) {
      fc.assert(
        fc.property(around(key), (value) => {
          // What the URL can carry: JSON has no -0, NaN or Infinity (they arrive as 0 and null).
          const carried: unknown = JSON.parse(JSON.stringify(value));
          const parsed = detailedSearchSchema.safeParse({ page: 1, [key]: carried });
          const decoded = decodeSearchState(base64url(JSON.stringify({ v: "filter", f: { [key]: value } }))).filters[key];
          expect(decoded).toBe(parsed.success ? parsed.data[key] : undefined);
        }),
      );
    }
    fc.assert(
      fc.property(fc.oneof(around("page"), fc.constantFrom("", "7", "x", null, true, [3])), (value) => {
        const parsed = detailedSearchSchema.safeParse({ page: JSON.parse(JSON.stringify(value)) as unknown });
        expect(decodeSearchState(base64url(JSON.stringify({ p: value }))).page).toBe(parsed.success ? parsed.data.page : 1);
      }),
    );
  });

  it("round-trips any valid state (property)", () => {
    const filterValue = (key: (typeof FILTER_KEYS)[number]) =>
      key === "ageMin" || key === "ageMax"
        ? fc.integer({ min: 18, max: 80 })
        : key === "workingIn" || key === "marriage"
          ? fc.integer({ min: 1, max: 2 })
          : key === "minPoints"
            ? fc.integer({ min: 0, max: 36 })
            : fc.integer({ min: 1, max: 500 });
    const filters = fc.record(Object.fromEntries(FILTER_KEYS.map((key) => [key, filterValue(key)])) as Record<(typeof FILTER_KEYS)[number], fc.Arbitrary<number>>, {
      requiredKeys: [],
    });
    const state = fc.oneof(
      fc.record({
        view: fc.constant("all" as const),
        page: fc.integer({ min: 1, max: 100_000 }),
        order: fc.constantFrom("tier" as const, "new" as const),
        filters: fc.constant({}),
      }),
      fc.record({ view: fc.constant("matching" as const), page: fc.integer({ min: 1, max: 100_000 }), order: fc.constant("tier" as const), filters: fc.constant({}) }),
      fc.record({ view: fc.constant("filter" as const), page: fc.integer({ min: 1, max: 100_000 }), order: fc.constantFrom("tier" as const, "points" as const), filters }),
    );
    fc.assert(
      fc.property(state, (value) => {
        const q = encodeSearchState(value as SearchState);
        if (q !== null) expect(q).toMatch(/^[A-Za-z0-9_-]+$/);
        const decoded = decodeSearchState(q);
        expect(decoded).toEqual({ ...value, filters: value.filters as Filters });
      }),
    );
  });
});

describe("filtered search states", () => {
  it("asks for page 1 of the filters, in one order", () => {
    expect(filteredSearchState({ star: 4, ageMin: 21 }, "tier")).toEqual({ view: "filter", page: 1, order: "tier", filters: { ageMin: 21, star: 4 } });
    expect(searchHref(filteredSearchState({ star: 4, ageMin: 21 }, "tier"))).toBe(`/search?q=${base64url('{"v":"filter","f":{"ageMin":21,"star":4}}')}`);
    expect(filteredSearchState({ minPoints: 18 }, "points")).toEqual({ view: "filter", page: 1, order: "points", filters: { minPoints: 18 } });
  });

  it("is plain /search when nothing filters or sorts the list", () => {
    expect(filteredSearchState({}, "tier")).toEqual(DEFAULT_SEARCH_STATE);
    expect(filteredSearchState({ star: undefined }, "tier")).toEqual(DEFAULT_SEARCH_STATE);
    // Sorting by matching points alone is still a detailed search.
    expect(filteredSearchState({}, "points")).toEqual({ view: "filter", page: 1, order: "points", filters: {} });
    // "new" belongs to simple search.
    expect(filteredSearchState({ marriage: 2 }, "new").order).toBe("tier");
  });

  it("removes one filter and keeps the others", () => {
    const filters: Filters = { ageMin: 21, star: 4, marriage: 2 };
    expect(withoutFilter(filters, "star")).toEqual({ ageMin: 21, marriage: 2 });
    expect(filters).toEqual({ ageMin: 21, star: 4, marriage: 2 });
    expect(withoutFilter(filters, "religion")).toEqual(filters);
    expect(filteredSearchState(withoutFilter({ star: 4 }, "star"), "tier")).toEqual(DEFAULT_SEARCH_STATE);
  });

  it("removes a district with its state, and keeps the state without its district", () => {
    expect(withoutFilter({ state: 1, district: 12, marriage: 1 }, "state")).toEqual({ marriage: 1 });
    expect(withoutFilter({ state: 1, district: 12 }, "district")).toEqual({ state: 1 });
  });
});
