import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKMARK_HEADER, BOOKMARK_KEY, apiRequest } from "#web/lib/api-client.ts";
import { clearSession } from "#web/lib/session.ts";

// The web client carries the newest D1 bookmark from answer to request
// (ADR 0032), for the tab only, and forgets it when the session is cleared.

/** A Web Storage kept in a Map; `refuse` makes it throw like a private mode's. */
function memoryStorage(refuse = false): Storage {
  const items = new Map<string, string>();
  const check = () => {
    if (refuse) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => {
      check();
      return items.get(key) ?? null;
    },
    setItem: (key, value) => {
      check();
      items.set(key, value);
    },
    removeItem: (key) => {
      check();
      items.delete(key);
    },
    clear: () => {
      check();
      items.clear();
    },
  };
}

const OLDER = `00000000-00000005-00000000-${"0".repeat(32)}`;
const NEWER = `00000000-00000019-00000000-${"0".repeat(32)}`;
const NEWEST = `00000000-0000001a-00000000-${"0".repeat(32)}`;

/** What each request sent as its bookmark, and the bookmarks the next answers carry. */
let sent: (string | null)[];
let answers: (string | null)[];

let cookies: string[] = [];

function stubBrowser(storage: { local: Storage; session: Storage }): void {
  vi.stubGlobal("window", { localStorage: storage.local, sessionStorage: storage.session });
  // Every cookie written, as a page on HTTPS writes them.
  cookies = [];
  vi.stubGlobal("document", {
    get cookie() {
      return cookies.at(-1) ?? "";
    },
    set cookie(value: string) {
      cookies.push(value);
    },
  });
  vi.stubGlobal("location", { protocol: "https:" });
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers).get(BOOKMARK_HEADER));
    const bookmark = answers.shift() ?? null;
    return new Response(JSON.stringify({ data: { ok: true } }), {
      headers: { "Content-Type": "application/json", ...(bookmark === null ? {} : { [BOOKMARK_HEADER]: bookmark }) },
    });
  });
}

beforeEach(() => {
  sent = [];
  answers = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the API client's bookmark", () => {
  it("sends none before any answer, then the one the last answer carried", async () => {
    const session = memoryStorage();
    stubBrowser({ local: memoryStorage(), session });
    answers = [OLDER, NEWER];
    await apiRequest("PUT /profile_education_data", { json: {} });
    await apiRequest("GET /users/current");
    await apiRequest("GET /users/current");
    expect(sent).toEqual([null, OLDER, NEWER]);
    // A reload of the tab starts from it.
    expect(session.getItem(BOOKMARK_KEY)).toBe(NEWER);
  });

  it("keeps the newest when an older answer arrives last, and when an answer carries none", async () => {
    stubBrowser({ local: memoryStorage(), session: memoryStorage() });
    answers = [NEWEST, OLDER, null];
    await apiRequest("POST /send_interest", { json: { fpid: 1, tpid: 2 } });
    await apiRequest("GET /stars");
    await apiRequest("GET /health");
    await apiRequest("GET /users/current");
    expect(sent).toEqual([null, NEWEST, NEWEST, NEWEST]);
  });

  it("is remembered on failures too: a refused write may still have written", async () => {
    stubBrowser({ local: memoryStorage(), session: memoryStorage() });
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get(BOOKMARK_HEADER));
      return new Response(JSON.stringify({ error: "Try again", code: "CONFLICT" }), { status: 409, headers: { [BOOKMARK_HEADER]: NEWER } });
    });
    await expect(apiRequest("POST /send_interest", { json: {} })).rejects.toMatchObject({ status: 409 });
    await expect(apiRequest("POST /send_interest", { json: {} })).rejects.toMatchObject({ status: 409 });
    expect(sent).toEqual([null, NEWER]);
  });

  it("is forgotten with the session, so the next member on the phone starts without it", async () => {
    const session = memoryStorage();
    stubBrowser({ local: memoryStorage(), session });
    answers = [NEWER];
    await apiRequest("POST /users/sign_out");
    clearSession();
    expect(session.getItem(BOOKMARK_KEY)).toBeNull();
    // With the token's copies for the member's pages (ADR 0041, ADR 0042).
    expect(cookies).toEqual(["page_session=; Path=/search; Max-Age=0; SameSite=Lax; Secure", "page_session=; Path=/viewed_by_profiles; Max-Age=0; SameSite=Lax; Secure"]);
    await apiRequest("GET /users/current");
    expect(sent).toEqual([null, null]);
  });

  it("lives in the page's memory where the browser refuses storage", async () => {
    stubBrowser({ local: memoryStorage(true), session: memoryStorage(true) });
    answers = [NEWEST];
    await apiRequest("GET /users/current");
    await apiRequest("GET /users/current");
    expect(sent).toEqual([null, NEWEST]);
  });
});
