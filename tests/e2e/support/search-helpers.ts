// Helpers of the search and full-profile end-to-end tests: signing in through
// the API (never with a wrong password: failures are counted per Profile ID),
// reading what the server says about a member, screenshots and the
// accessibility check.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import type { CurrentUser, FullProfile, ProfileCard, ProfilePage, SignInResult } from "#shared/api-types.ts";
import { demoLogins, type DemoLogin } from "#scripts/demo/demo-logins.ts";

/** A named demo account (scripts/demo/named-accounts.ts), by Profile ID. */
export function demoLogin(pid: number): DemoLogin {
  const login = demoLogins().find((item) => item.pid === pid);
  if (!login) throw new Error(`${pid} is not a named demo account`);
  return login;
}

/**
 * Both projects run at once against one database: a test that changes data
 * (a charged view, a sent interest, a removed profile) uses its own member
 * in each project, so that neither sees the other's changes.
 */
export function perProject(testInfo: TestInfo, phone: number, desktop: number): DemoLogin {
  return demoLogin(testInfo.project.name === "phone" ? phone : desktop);
}

export interface Session {
  pid: number;
  token: string;
  request: APIRequestContext;
  /** Headers every call of this member carries (see memberAddress). */
  headers: Record<string, string>;
}

/**
 * Each demo member uses the site from an address of their own, as members
 * on their own phones do: the Worker rate-limits per client address
 * (CF-Connecting-IP, which Cloudflare sets in production and wrangler dev
 * passes through), and one shared address for the whole suite would measure
 * the limiter instead of the screens. TEST-NET-2 addresses, one per pid.
 */
export function memberAddress(pid: number): Record<string, string> {
  return { "CF-Connecting-IP": `198.51.100.${pid % 250}` };
}

export async function apiSignIn(request: APIRequestContext, login: Pick<DemoLogin, "pid" | "password">): Promise<Session> {
  const headers = memberAddress(login.pid);
  const response = await request.post("/api/users/sign_in", { data: { pid: login.pid, password: login.password }, headers });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: SignInResult };
  return { pid: data.pid, token: data.token, request, headers };
}

/** GET with the member's token; returns status and body. */
export async function apiGet<T>(session: Session, path: string): Promise<{ status: number; data?: T; error?: string; code?: string }> {
  const response = await session.request.get(path, { headers: { ...session.headers, Authorization: `Bearer ${session.token}` } });
  const body = (await response.json()) as { data?: T; error?: string; code?: string };
  return { status: response.status(), ...body };
}

export async function currentUser(session: Session): Promise<CurrentUser> {
  const { data } = await apiGet<CurrentUser>(session, "/api/users/current");
  if (!data) throw new Error("no current user");
  return data;
}

export async function searchPage(session: Session, page: number, order: "tier" | "new" = "tier"): Promise<ProfilePage> {
  const { data } = await apiGet<ProfilePage>(session, `/api/Simple_Search_Profiles?page=${page}&order=${order}`);
  if (!data) throw new Error("no search page");
  return data;
}

/** Signs the browser in as the API session (token and currentUser in localStorage, web/lib/session.ts) and opens `path`. */
export async function openAs(page: Page, session: Session, path: string): Promise<void> {
  await storeSession(page, session);
  await page.goto(path);
}

/**
 * The session as the login screen stores it (web/lib/session.ts), without opening a member screen:
 * stored on a page of the site that runs no application (robots.txt). On /login the application,
 * still starting on a loaded machine, could find the token in time to ask for the current user,
 * and with the answer keep the page-session cookie (ADR 0041): the next /search would then come
 * rendered by the Worker, without the calls a test waits for.
 */
export async function storeSession(page: Page, session: Session): Promise<void> {
  const user = await currentUser(session);
  await page.setExtraHTTPHeaders(session.headers);
  await page.goto("/robots.txt");
  await page.evaluate(
    ([token, stored]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("currentUser", stored);
    },
    [session.token, JSON.stringify({ pid: user.pid, profileLimits: user.profileLimits })] as const,
  );
}

/** The agency's name and phone, as the Worker wrote them into index.html. */
export async function agencyContact(page: Page): Promise<{ agency: string; phone: string }> {
  return page.evaluate(() => ({
    agency: document.querySelector<HTMLMetaElement>('meta[name="agency-name"]')?.content ?? "",
    phone: document.querySelector<HTMLMetaElement>('meta[name="agency-phone"]')?.content ?? "",
  }));
}

/** The q of /search (web/features/search/lib/search-query.ts): base64url of a small JSON object. */
export function searchQuery(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

export function decodeSearchQuery(url: string): unknown {
  const q = new URL(url).searchParams.get("q");
  return q === null ? null : JSON.parse(Buffer.from(q, "base64url").toString("utf8"));
}

/** The card of one profile on the page. */
export function cardOf(page: Page, pid: number) {
  return page.locator(`article[data-pid="${pid}"]`);
}

/** yyyy-MM-dd to dd-MM-yyyy (docs/specification.md § "9. Business constants and limits"). */
export function displayDate(iso: string | null): string {
  if (!iso) return "-";
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${day}-${month}-${year}`;
}

/** How the full profile writes an Indian mobile: "+91 98765 43210". */
export function spokenPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone.replace(/[^\d+]/g, ""));
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}

/** Whether the member's view of this profile was confirmed (and charged) before. */
export async function wasViewed(session: Session, pid: number): Promise<boolean> {
  const result = await apiGet<FullProfile>(session, `/api/users/${pid}?normalized=true`);
  if (result.status === 200) return true;
  expect(result.code).toBe("VIEW_NOT_CONFIRMED");
  return false;
}

/**
 * An approved profile this member has not viewed yet, and the page of the
 * simple search it is on: the first view of it will use one from the balance.
 */
async function approvedUnviewed(session: Session): Promise<{ card: ProfileCard; page: number } | null> {
  const first = await searchPage(session, 1);
  for (let page = 1; page <= first.pageCount; page += 1) {
    const list = page === 1 ? first : await searchPage(session, page);
    for (const card of list.profiles) {
      if (card.requestStatus === "A" && !(await wasViewed(session, card.pid))) return { card, page };
    }
  }
  return null;
}

/**
 * The first of these active members with an approved profile not viewed yet:
 * each has only a few in the demo data, and a repeated run (--repeat-each)
 * has used up the first member's.
 */
export async function memberWithApprovedUnviewed(request: APIRequestContext, candidates: readonly number[]): Promise<{ session: Session; card: ProfileCard; page: number }> {
  for (const pid of candidates) {
    const session = await apiSignIn(request, demoLogin(pid));
    const found = await approvedUnviewed(session);
    if (found) return { session, ...found };
  }
  throw new Error(`none of ${candidates.join(", ")} has an approved profile left to view`);
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  if (fullPage) {
    // Photos load lazily as a member scrolls; a full-page picture shows them all.
    await page.evaluate(async () => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'));
      for (const image of images) image.loading = "eager";
      await Promise.all(
        images.map((image) =>
          image.complete
            ? null
            : new Promise((resolve) => {
                image.addEventListener("load", resolve, { once: true });
                image.addEventListener("error", resolve, { once: true });
              }),
        ),
      );
    });
  }
  await page.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-${name}.png`, fullPage });
}

/** ADR 0013: no serious or critical axe-core violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Nothing wider than the screen: a phone must never scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Buttons and links a finger must hit: at least 44 px high (WCAG 2.5.5, ADR 0013). */
export async function expectTouchTargets(page: Page, selector: string): Promise<void> {
  const small = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element instanceof HTMLElement && element.offsetParent !== null)
      .map((element) => ({ text: (element.textContent ?? "").trim().slice(0, 40), height: element.getBoundingClientRect().height }))
      .filter((item) => item.height < 44),
  );
  expect(small).toEqual([]);
}
