// What /search shows, held in the URL (§ "2. Screens and routes": "The page query is held in
// a compact URL-safe object encoding"): `?q=` is base64url of a small JSON
// object such as {"p":2,"o":"new"}. One opaque parameter keeps shared links
// short and lets the page, the order, the list and the detailed-search
// filters travel together, so a search survives a reload or a WhatsApp share.
// Anything that does not decode, or breaks a rule of the shared search schema
// (FILTER_RANGES), falls back to the defaults rather than failing the screen:
// links get mangled by chat apps.

/** The detailed-search filters members can set (GET eloborate_profile). */
export const FILTER_KEYS = [
  "ageMin",
  "ageMax",
  "heightMin",
  "heightMax",
  "star",
  "raasi",
  "religion",
  "subcaste",
  "education",
  "professionType",
  "incomeMin",
  "workingIn",
  "state",
  "district",
  "marriage",
  "minPoints",
] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The whole numbers each filter and the page may be, as detailedSearchSchema
 * (shared/schemas/search.ts) has them: the URL is read with this table, not
 * the schema, so that the screen's first load carries no zod (ADR 0031).
 * tests/unit/search-query.test.ts holds the two to the same rules.
 */
export const FILTER_RANGES: Record<FilterKey | "page", readonly [min: number, max: number]> = {
  page: [1, 1_000_000],
  ageMin: [18, 80],
  ageMax: [18, 80],
  heightMin: [1, 1_000_000],
  heightMax: [1, 1_000_000],
  star: [1, 1_000_000],
  raasi: [1, 1_000_000],
  religion: [1, 1_000_000],
  subcaste: [1, 1_000_000],
  education: [1, 1_000_000],
  professionType: [1, 1_000_000],
  incomeMin: [1, 1_000_000],
  workingIn: [1, 2],
  state: [1, 1_000_000],
  district: [1, 1_000_000],
  marriage: [1, 2],
  minPoints: [0, 36],
};

/** The value as the schema reads it (a number, or text of one), when it is a whole number within its range. */
function inRange(key: keyof typeof FILTER_RANGES, value: unknown): number | undefined {
  const number = Number(value);
  const [min, max] = FILTER_RANGES[key];
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}
export type Filters = Partial<Record<FilterKey, number>>;

/** all: simple search; filter: detailed search; matching: the member's matches. */
export type SearchView = "all" | "filter" | "matching";
/** tier: by profile type; new: newest first (simple search); points: best matching points first (detailed search). */
export type SearchOrder = "tier" | "new" | "points";

export interface SearchState {
  view: SearchView;
  page: number;
  /** "new" for simple search, "points" for detailed search; "tier" otherwise. */
  order: SearchOrder;
  /** Detailed search only. */
  filters: Filters;
}

export const DEFAULT_SEARCH_STATE: SearchState = { view: "all", page: 1, order: "tier", filters: {} };

/** The JSON in `q`: short keys, defaults left out. */
interface Encoded {
  p?: number;
  o?: SearchOrder;
  v?: Exclude<SearchView, "all">;
  f?: Filters;
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Filters in one fixed order, without empty ones: equal searches give equal URLs (and cache keys). */
export function normalizeFilters(filters: Filters): Filters {
  const normalized: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) normalized[key] = value;
  }
  return normalized;
}

export function hasFilters(filters: Filters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/**
 * The list the detailed search asks for: its filters from page 1, or plain
 * /search when nothing filters or sorts it (the form's Search, a removed
 * filter chip).
 */
export function filteredSearchState(filters: Filters, order: SearchOrder): SearchState {
  const normalized = normalizeFilters(filters);
  if (!hasFilters(normalized) && order !== "points") return DEFAULT_SEARCH_STATE;
  return { ...DEFAULT_SEARCH_STATE, view: "filter", filters: normalized, order: order === "points" ? "points" : "tier" };
}

/** The filters without one of them. A district belongs to its state, so it goes with the state, as in the form. */
export function withoutFilter(filters: Filters, key: FilterKey): Filters {
  const remaining: Filters = { ...filters };
  delete remaining[key];
  if (key === "state") delete remaining.district;
  return remaining;
}

/** The `q` value for a state, or null for the defaults (then /search carries no query at all). */
export function encodeSearchState(state: SearchState): string | null {
  const encoded: Encoded = {};
  if (state.page > 1) encoded.p = state.page;
  if ((state.view === "all" && state.order === "new") || (state.view === "filter" && state.order === "points")) encoded.o = state.order;
  if (state.view !== "all") encoded.v = state.view;
  if (state.view === "filter") {
    const filters = normalizeFilters(state.filters);
    if (hasFilters(filters)) encoded.f = filters;
  }
  if (Object.keys(encoded).length === 0) return null;
  return toBase64Url(JSON.stringify(encoded));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each filter on its own: one bad value drops that filter only. */
function decodeFilters(value: unknown): Filters {
  if (!isRecord(value)) return {};
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const raw = value[key];
    const checked = typeof raw === "number" ? inRange(key, raw) : undefined;
    if (checked !== undefined) filters[key] = checked;
  }
  return filters;
}

function decodePage(value: unknown): number {
  return value === "" ? 1 : (inRange("page", value) ?? 1);
}

export function decodeSearchState(q: string | null | undefined): SearchState {
  if (!q) return DEFAULT_SEARCH_STATE;
  let decoded: unknown;
  try {
    decoded = JSON.parse(fromBase64Url(q));
  } catch {
    return DEFAULT_SEARCH_STATE;
  }
  if (!isRecord(decoded)) return DEFAULT_SEARCH_STATE;
  const view: SearchView = decoded.v === "filter" || decoded.v === "matching" ? decoded.v : "all";
  return {
    view,
    page: decoded.p === undefined ? 1 : decodePage(decoded.p),
    order: view === "all" && decoded.o === "new" ? "new" : view === "filter" && decoded.o === "points" ? "points" : "tier",
    filters: view === "filter" ? decodeFilters(decoded.f) : {},
  };
}

/** The /search URL for a state. */
export function searchHref(state: SearchState): string {
  const q = encodeSearchState(state);
  return q ? `/search?q=${q}` : "/search";
}
