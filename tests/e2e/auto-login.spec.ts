import { expect, test, type APIRequestContext, type Page, type Request, type TestInfo } from "@playwright/test";
import type { IssuedLink } from "#shared/admin-types.ts";
import type { RegistrationResult, SignInResult } from "#shared/api-types.ts";
import { DELAYS } from "#shared/constants.ts";
import { encodeLinkPayload } from "#shared/links.ts";
import { MESSAGES, fillMessage } from "#shared/messages.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, jpegBytes, registrationFields, screenshot, uniqueMobile } from "./support/members.ts";
import { memberWhole, ownerSession, staffHeaders } from "./support/agency.ts";
import { consoleProblems } from "./support/edge-rendered.ts";
import { codeSentTo, nextTemplate } from "./support/whatsapp.ts";

// The auto-login links (docs/specification.md § "Anonymous routes"
// "/profile_link, /interest_link, /whatsapp_link" and "/new_profiles_link",
// § "Other rules" link parameters, § "8. Error catalogue" "Invalid auto-login
// link", § "9. Business constants and limits" delays;
// ADR 0011), against the real Worker.
//
// Both projects share one database and sign-in failures are counted per
// Profile ID (a made-up link's pin counts as one), so every test works with
// members it registers itself: nobody else signs in as them.

const LINK_SIGN_IN_PATH = "/api/users/link_sign_in";

/** Sessions not ended: a crawler's GET of a link starts none, the member's tap one. */
async function liveSessions(pid: number): Promise<number> {
  return (await memberWhole(pid)).liveSessions;
}

async function register(request: APIRequestContext, testInfo: TestInfo, gender: "F" | "M"): Promise<{ pid: number; mobile: string }> {
  const response = await request.post("/api/save_new_registration", {
    multipart: { ...registrationFields(uniqueMobile(testInfo), gender), photo: { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpegBytes(360, 480) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: RegistrationResult }).data;
}

interface InterestLink {
  ownerPid: number;
  senderPid: number;
  /** Path and query of the /interest_link the owner was sent. */
  path: string;
}

/**
 * A real link, issued by the server: a fresh groom sends interest to a fresh
 * bride, and the bride's WhatsApp message carries her /interest_link.
 */
async function issueInterestLink(request: APIRequestContext, testInfo: TestInfo): Promise<InterestLink> {
  const owner = await register(request, testInfo, "F");
  const sender = await register(request, testInfo, "M");
  // The groom sets his password with the code that reached his WhatsApp.
  const signIn = await request.post("/api/users/password_reset/confirm", { data: { pid: sender.pid, code: await codeSentTo(sender.mobile), password: "Groom-pass-1" } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = ((await signIn.json()) as { data: SignInResult }).data;
  const sent = await request.post("/api/send_interest", { data: { fpid: sender.pid, tpid: owner.pid }, headers: { Authorization: `Bearer ${token}` } });
  expect(sent.status(), await sent.text()).toBe(200);

  // The bride's WhatsApp message: the interest-received template, its button the link's path.
  const message = await nextTemplate(owner.mobile, "interest_received");
  expect(message.button).toMatch(/^interest_link\?link=[A-Za-z0-9_-]+$/);
  return { ownerPid: owner.pid, senderPid: sender.pid, path: `/${message.button}` };
}

/** A profile link as the agency's console issues it: without a profile to open it opens /search, with one /search_id. */
async function issueProfileLink(pid: number, targetPid?: number): Promise<string> {
  const staff = await ownerSession();
  const response = await staff.request.post(`/api/admin/members/${pid}/links`, { data: { kind: "profile", targetPid }, headers: staffHeaders(staff) });
  expect(response.status(), await response.text()).toBe(200);
  const { url } = ((await response.json()) as { data: IssuedLink }).data;
  return `${new URL(url).pathname}${new URL(url).search}`;
}

/** Holds the application's code, every script file (the link page's early sign-in is in the page, ADR 0042), until released: a page is then read as its HTML drew it. */
async function holdApplication(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** What the page's Content-Security-Policy refuses, as Chromium reports it on the console. */
function policyViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  return refused;
}

/** The agency's name and phone as the Worker wrote them into the page (ADR 0006). */
async function agencyOf(page: Page): Promise<{ agency: string; phone: string }> {
  const agency = (await page.locator('meta[name="agency-name"]').getAttribute("content")) ?? "";
  const phone = (await page.locator('meta[name="agency-phone"]').getAttribute("content")) ?? "";
  expect(agency, "the Worker fills the agency name").not.toBe("");
  return { agency, phone };
}

function linkSignInRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === LINK_SIGN_IN_PATH) seen.push(request);
  });
  return seen;
}

interface TimelineEntry {
  what: "url" | "h1";
  value: string;
  /** Milliseconds since the epoch, on the browser's clock: entries of successive documents compare. */
  at: number;
}

/**
 * What the tab did and when, across its documents (each reports to the test,
 * as the link pages clear the storage): every URL it loaded (at the
 * navigation's start) or put in the address bar without loading, and every
 * top-level heading it showed.
 */
async function recordTimeline(page: Page): Promise<() => TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  await page.exposeFunction("__timeline", (entry: TimelineEntry) => entries.push(entry));
  await page.addInitScript(() => {
    const log = (window as unknown as { __timeline: (entry: { what: "url" | "h1"; value: string; at: number }) => void }).__timeline;
    const now = () => performance.timeOrigin + performance.now();
    void log({ what: "url", value: `${location.pathname}${location.search}`, at: performance.timeOrigin });
    for (const method of ["pushState", "replaceState"] as const) {
      const original = History.prototype[method];
      History.prototype[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
        original.apply(this, args);
        void log({ what: "url", value: `${location.pathname}${location.search}`, at: now() });
      };
    }
    let heading = "";
    new MutationObserver(() => {
      const text = document.querySelector("h1")?.textContent ?? "";
      if (text && text !== heading) void log({ what: "h1", value: text, at: now() });
      heading = text;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => [...entries].sort((a, b) => a.at - b.at);
}

/**
 * Holds back the page's timers of exactly `delay` ms until released, so a
 * page that redirects after a delay can be looked at (axe-core needs its own
 * timers, which a paused fake clock would stop too).
 */
async function holdTimers(page: Page, delay: number): Promise<() => Promise<void>> {
  await page.addInitScript((held: number) => {
    const realSetTimeout = window.setTimeout.bind(window);
    const waiting: (() => void)[] = [];
    const patched = (handler: TimerHandler, timeout?: number, ...args: unknown[]): number => {
      if (timeout === held && typeof handler === "function") {
        waiting.push(() => handler(...args));
        return 0;
      }
      return realSetTimeout(handler, timeout, ...args);
    };
    window.setTimeout = patched as typeof window.setTimeout;
    Object.defineProperty(window, "__releaseTimers", {
      value: () => {
        for (const run of waiting.splice(0)) run();
      },
    });
  }, delay);
  return () => page.evaluate(() => (window as unknown as { __releaseTimers: () => void }).__releaseTimers());
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

test.describe("auto-login links", () => {
  // Registering members, issuing links and reading the outbox through the
  // console's API take seconds each on a busy machine, before the screens open.
  test.describe.configure({ timeout: 120_000 });

  test("an interest link signs the owner in once, hides its token and opens /viewed_by_profiles", async ({ page, request }, testInfo) => {
    const link = await issueInterestLink(request, testInfo);

    // Someone used this phone before: the link page clears it all (§ "Anonymous routes").
    await page.goto("/login");
    await page.evaluate(() => {
      localStorage.setItem("token", "token-of-someone-else");
      localStorage.setItem("leftover", "1");
    });

    // Hold the sign-in so the waiting state can be looked at, and note where
    // the address bar stood when the call went out.
    const urlsAtSignIn: string[] = [];
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${LINK_SIGN_IN_PATH}`, async (route) => {
      urlsAtSignIn.push(page.url());
      bodies.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });

    const scripts: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
    });
    const refused = policyViolations(page);
    const answer = await page.goto(link.path);
    // Its first script is in the page, allowed by its hash and nothing else inline (shared/early-sign-in-script.ts).
    expect(answer?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    // The page's first paint, from its HTML (ADR 0042): the sign-in in progress.
    const waiting = page.getByRole("status").filter({ hasText: "Signing you in..." });
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText("Please wait a moment.");
    await expect(page.getByRole("heading", { level: 1, name: "Signing you in..." })).toBeVisible();
    await expect(page).toHaveTitle(/^Signing in\b/);
    await expect.poll(() => bodies.length).toBe(1);
    // The token left the address bar before the sign-in was even sent.
    expect(urlsAtSignIn).toEqual([new URL("/interest_link", page.url()).href]);
    expect(page.url()).not.toContain("link=");
    // The raw query value, as the link carried it.
    expect(bodies[0]).toEqual({ kind: "interest", link: new URLSearchParams(link.path.split("?")[1]).get("link") });
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("leftover")])).toEqual([null, null]);
    await screenshot(page, testInfo, "auto-login-signing-in");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    // Its page is the Worker's: however long the answer takes, the application is not fetched here,
    // and the sign-in left without waiting for a script file.
    await page.waitForTimeout(1_500);
    expect(scripts).toEqual([]);
    expect(refused).toEqual([]);
    await expect(waiting).toBeVisible();

    release();
    // § "Anonymous routes": interest_link with iPid goes to /viewed_by_profiles.
    await expect(page).toHaveURL(/\/viewed_by_profiles$/);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(token).not.toBe("token-of-someone-else");
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem("currentUser"))) ?? "null") as { pid: number } | null;
    expect(user?.pid).toBe(link.ownerPid);
    // The guard's current-user check accepted the new session: still there, not sent to /login.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/viewed_by_profiles$/);
    expect(bodies).toHaveLength(1);
    await screenshot(page, testInfo, "auto-login-landed");
  });

  // A slow phone pays a round trip for each step the screen waits on (ADR 0031):
  // the destination's code comes during the sign-in, and the member with its answer.
  test("a link fetches its screen's code while signing in and opens it without asking for the member again", async ({ page, request }, testInfo) => {
    // A profile link to one profile: its screen is the application's, not a page the Worker renders.
    const { pid } = await register(request, testInfo, "F");
    const target = await register(request, testInfo, "M");
    const path = await issueProfileLink(pid, target.pid);
    const scripts: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
    });
    let releaseSignIn: () => void = () => undefined;
    const signInHeld = new Promise<void>((resolve) => (releaseSignIn = resolve));
    await page.route(`**${LINK_SIGN_IN_PATH}`, async (route) => {
      await signInHeld;
      await route.continue();
    });
    // A check of the member, held back: the screen must not wait for one.
    const currentUserCalls: string[] = [];
    let releaseCurrent: () => void = () => undefined;
    const currentHeld = new Promise<void>((resolve) => (releaseCurrent = resolve));
    await page.route("**/api/users/current", async (route) => {
      currentUserCalls.push(route.request().url());
      await currentHeld;
      await route.continue();
    });

    await page.goto(path);
    // The application's link page, in place of the first paint, says what opens next.
    await expect(page.getByRole("status").filter({ hasText: "Signing you in..." })).toContainText(`Profile ID ${target.pid} will open next.`);
    // /search_id's own chunk is on its way before the server has answered.
    await expect.poll(() => scripts.some((script) => script.startsWith("/assets/search-by-id-"))).toBe(true);

    releaseSignIn();
    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${target.pid}$`));
    // The screen and the signed-in bar show with the current user still held back.
    await expect(page.getByRole("heading", { level: 1, name: "Search By ID" })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText(`Profile ID ${pid}`);
    await expect(page.locator(`article[data-pid="${target.pid}"]`)).toBeVisible();
    // The answer was the guard's check: no second one followed it.
    expect(currentUserCalls).toEqual([]);
    releaseCurrent();
  });

  // ADR 0042: the sign-in does not wait for the application's code, and a link to a page the
  // Worker renders for the member (ADR 0041) opens that page instead of drawing it.
  for (const { opens, heading } of [
    { opens: "/search", heading: "Search Profiles" },
    { opens: "/viewed_by_profiles", heading: "Requests received" },
  ]) {
    test(`a link to ${opens} signs in before the application has loaded and opens the page the Worker renders`, async ({ page, request }, testInfo) => {
      // A console's profile link opens /search; an interest's WhatsApp message, the requests received.
      const { pid, path } =
        opens === "/search"
          ? await (async () => {
              const { pid } = await register(request, testInfo, "F");
              return { pid, path: await issueProfileLink(pid) };
            })()
          : await (async () => {
              const link = await issueInterestLink(request, testInfo);
              return { pid: link.ownerPid, path: link.path };
            })();
      const linkPage = new URL(path, "http://x").pathname;
      const problems = consoleProblems(page);
      const urlsAtSignIn: string[] = [];
      await page.route(`**${LINK_SIGN_IN_PATH}`, async (route) => {
        urlsAtSignIn.push(page.url());
        await route.continue();
      });
      const release = await holdApplication(page);
      const refused = policyViolations(page);
      const scriptsOnLinkPage: string[] = [];
      page.on("request", (sent) => {
        if (sent.resourceType() === "script" && new URL(page.url()).pathname === linkPage) scriptsOnLinkPage.push(new URL(sent.url()).pathname);
      });

      await page.goto(path, { waitUntil: "commit" });
      await page.waitForURL(new RegExp(`${opens}$`), { waitUntil: "commit" });
      // The member's screen, drawn by the Worker, with none of the application's code run yet.
      await expect(page.getByTestId("signed-in-as")).toContainText(`Profile ID ${pid}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("article[data-pid]").first()).toBeVisible();
      // One sign-in, sent with the link already out of the address bar, by the
      // script in the page: no script file was fetched on the link page.
      expect(urlsAtSignIn).toEqual([new URL(linkPage, page.url()).href]);
      expect(scriptsOnLinkPage).toEqual([]);
      expect(refused).toEqual([]);
      const user = JSON.parse((await page.evaluate(() => localStorage.getItem("currentUser"))) ?? "null") as { pid: number } | null;
      expect(user?.pid).toBe(pid);
      await screenshot(page, testInfo, `auto-login-${opens.slice(1)}-from-html`, false);

      release();
      // Adopted by the application: usable, still the member's, nothing refused.
      await expect(page.locator("main")).not.toHaveAttribute("inert");
      await page.waitForLoadState("networkidle");
      await expect(page).toHaveURL(new RegExp(`${opens}$`));
      await expect(page.getByTestId("signed-in-as")).toContainText(`Profile ID ${pid}`);
      expect(await liveSessions(pid)).toBe(1);
      expect(urlsAtSignIn).toHaveLength(1);
      expect(problems).toEqual([]);
    });
  }

  test("a phone signed in as another member asks before a link switches profiles", async ({ page, request }, testInfo) => {
    const link = await issueInterestLink(request, testInfo);
    // The groom's own session on this phone, as his login would leave it.
    const signedIn = await request.post("/api/users/sign_in", { data: { pid: link.senderPid, password: "Groom-pass-1" } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const groom = ((await signedIn.json()) as { data: SignInResult }).data;
    await page.goto("/login");
    await page.evaluate((session) => {
      localStorage.setItem("token", session.token);
      localStorage.setItem("currentUser", JSON.stringify({ pid: session.pid, profileLimits: session.profileLimits }));
    }, groom);
    const bodies: unknown[] = [];
    page.on("request", (sent) => {
      if (sent.url().endsWith(LINK_SIGN_IN_PATH)) bodies.push(sent.postDataJSON());
    });

    // A link to someone else's profile (here the bride's, as a stranger could forward his own).
    await page.goto(link.path);
    await expect(page.getByRole("heading", { level: 1, name: `Switch to Profile ID ${link.ownerPid}?` })).toBeVisible();
    await expect(page.getByText(`This phone is signed in as Profile ID ${link.senderPid}.`)).toBeVisible();
    expect(page.url()).not.toContain("link=");
    await screenshot(page, testInfo, "auto-login-switch-profile");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    // Staying keeps his session and does not use the link.
    await page.getByRole("link", { name: `Stay as Profile ID ${link.senderPid}` }).click();
    await expect(page).toHaveURL(/\/search$/);
    expect(await storedToken(page)).toBe(groom.token);
    expect(bodies).toEqual([]);

    // Opened again and continued: the link's member is signed in, the groom signed out.
    await page.goto(link.path);
    await page.getByRole("button", { name: `Continue as Profile ID ${link.ownerPid}` }).click();
    await expect(page).toHaveURL(/\/viewed_by_profiles$/);
    expect(bodies).toHaveLength(1);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem("currentUser"))) ?? "null") as { pid: number } | null;
    expect(user?.pid).toBe(link.ownerPid);
    expect(await storedToken(page)).not.toBe(groom.token);
  });

  test("a link preview crawler's GET neither signs in nor uses up the link", async ({ page, request }, testInfo) => {
    // The owner is a fresh member who has never signed in: no session yet.
    const link = await issueInterestLink(request, testInfo);

    const preview = await request.get(link.path, { headers: { "User-Agent": "WhatsApp/2.23" } });
    expect(preview.status()).toBe(200);
    expect(preview.headers()["content-type"]).toContain("text/html");
    const html = await preview.text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toContain('<meta name="link-valid" content="true"');
    expect(preview.headers()["set-cookie"]).toBeUndefined();
    expect(await liveSessions(link.ownerPid)).toBe(0);

    // The member's tap afterwards still works.
    await page.goto(link.path);
    await expect(page).toHaveURL(/\/viewed_by_profiles$/);
    expect(await storedToken(page)).toBeTruthy();
    expect(await liveSessions(link.ownerPid)).toBe(1);
  });

  test("a crawler's GET of every other link kind gets Open Graph tags and changes nothing", async ({ request }, testInfo) => {
    // The interest link has its own test above; /link is in public-page.spec.ts.
    const bride = (await register(request, testInfo, "F")).pid;
    const groom = (await register(request, testInfo, "M")).pid;
    // Fresh members nobody else uses: any session or request of theirs came from these GETs.
    const state = () =>
      Promise.all(
        [bride, groom].map(async (pid) => {
          const member = await memberWhole(pid);
          return [member.liveSessions, member.interests.length];
        }),
      );
    const before = await state();
    const link = encodeLinkPayload({ pid: groom, pin: "made-up-for-a-crawler", iPid: bride });
    const q = encodeLinkPayload({ pid: String(bride) });
    for (const path of [`/profile_link?link=${link}`, `/whatsapp_link?link=${link}`, `/new_profiles_link?link=${link}`, `/request?q=${q}`, `/Request.aspx?q=${q}`]) {
      const preview = await request.get(path, { headers: { "User-Agent": "WhatsApp/2.23.20.0 A" } });
      expect(preview.status(), path).toBe(200);
      expect(preview.headers()["set-cookie"], path).toBeUndefined();
      const html = await preview.text();
      for (const property of ["og:title", "og:description", "og:url"]) expect(html, `${path} ${property}`).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
      expect(html, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.jpg"/);
      expect(html, path).toContain('<meta name="link-valid" content="true"');
      // A sign-in token is never repeated in the page.
      if (path.includes("link=")) expect(html, path).not.toContain(link);
    }
    expect(await state()).toEqual(before);
  });

  test("a made-up profile link shows the invalid-link message and stores no token", async ({ page, request }, testInfo) => {
    const { pid } = await register(request, testInfo, "F");
    const requests = linkSignInRequests(page);
    // Standard base64 with padding, as links from an earlier system were written.
    const link = Buffer.from(JSON.stringify({ pid, pin: "wrong" })).toString("base64");
    await page.goto(`/profile_link?link=${encodeURIComponent(link)}`);

    const { agency, phone } = await agencyOf(page);
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText(fillMessage(MESSAGES.invalidAutoLoginLink, { agency, phone }));
    await expect(alert).toHaveText(`This profile link is not valid anymore. Please contact ${agency} ${phone}.`);
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
    // It was the server that refused it, asked once.
    expect(requests).toHaveLength(1);
    expect(requests[0]?.postDataJSON()).toEqual({ kind: "profile", link });
    expect(await storedToken(page)).toBeNull();
    // No token left in the address bar either.
    expect(new URL(page.url()).search).toBe("");
    await expect(page).toHaveTitle(/^Link not valid\b/);

    // The way on: login, or call the agency.
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    await expect(main.getByRole("link", { name: `Call ${phone}` })).toHaveAttribute("href", `tel:${phone.replace(/[^\d+]/g, "")}`);
    // The room the signed-in line keeps on link pages says who is not.
    await expect(page.getByTestId("not-signed-in")).toHaveText(/^Not signed in/);
    await expect(page.getByTestId("signed-in-as")).toHaveCount(0);
    await screenshot(page, testInfo, "auto-login-invalid");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    await main.getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an undecodable link shows the message at once without calling the API", async ({ page }, testInfo) => {
    const requests = linkSignInRequests(page);
    await page.goto("/profile_link?link=not-a-link!");
    // The Worker found it undecodable too.
    await expect(page.locator('meta[name="link-valid"]')).toHaveAttribute("content", "false");
    const { agency, phone } = await agencyOf(page);
    await expect(page.getByRole("alert")).toHaveText(fillMessage(MESSAGES.invalidAutoLoginLink, { agency, phone }));
    expect(new URL(page.url()).search).toBe("");
    // Give a stray request time to show up before asserting there was none.
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, testInfo, "auto-login-undecodable");

    // A link page without any link says the same.
    await page.goto("/interest_link");
    await expect(page.getByRole("alert")).toHaveText(fillMessage(MESSAGES.invalidAutoLoginLink, { agency, phone }));
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
  });

  test("a WhatsApp link with a bad pin shows the WhatsApp text", async ({ page, request }, testInfo) => {
    const { pid } = await register(request, testInfo, "M");
    const requests = linkSignInRequests(page);
    await page.goto(`/whatsapp_link?link=${encodeLinkPayload({ pid, pin: "wrong", iPid: 10001 })}`);
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidWhatsappLink);
    await expect(page.getByRole("alert")).toHaveText("This link is not valid anymore");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.postDataJSON()).toMatchObject({ kind: "whatsapp" });
    expect(await storedToken(page)).toBeNull();
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, testInfo, "auto-login-whatsapp-invalid");
    await expectNoSeriousViolations(page);
  });

  test("/new_profiles_link shows its page, then opens /profile_link with the same query after 1 s", async ({ page, request }, testInfo) => {
    const { pid } = await register(request, testInfo, "F");
    const link = encodeLinkPayload({ pid, pin: "made-up-new-profiles" });
    const timeline = await recordTimeline(page);
    const requests = linkSignInRequests(page);
    const refused = policyViolations(page);
    const scriptsOnBriefPage: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script" && new URL(page.url()).pathname === "/new_profiles_link") scriptsOnBriefPage.push(new URL(sent.url()).pathname);
    });

    // What the page shows while it waits is looked at below, with its timer held:
    // here a busy machine could let the second pass before an assertion reads it.
    await page.goto(`/new_profiles_link?link=${link}`);

    // The /profile_link page takes over (and hides the token again).
    await expect(page.getByRole("alert")).toBeVisible({ timeout: 5_000 });
    const entries = timeline();
    const shown = entries.find((entry) => entry.what === "h1" && entry.value === "Newly Added Profiles");
    const redirect = entries.find((entry) => entry.what === "url" && entry.value.startsWith("/profile_link"));
    // The query string exactly as it came.
    expect(redirect?.value).toBe(`/profile_link?link=${link}`);
    // § "9. Business constants and limits": 1 s after the page showed; the timer starts once it is on
    // screen, so never sooner, and a busy machine may fire it a little late.
    const waited = (redirect?.at ?? 0) - (shown?.at ?? Number.NaN);
    expect(waited).toBeGreaterThanOrEqual(DELAYS.newProfilesRedirect - 5);
    expect(waited).toBeLessThan(DELAYS.newProfilesRedirect + 1_500);
    expect(requests.map((item) => item.postDataJSON())).toEqual([{ kind: "profile", link }]);
    expect(page.url()).not.toContain("link=");
    // The brief page comes with its HTML and runs the script in it alone: no script file is fetched there (ADR 0045).
    expect(scriptsOnBriefPage).toEqual([]);
    expect(refused).toEqual([]);
  });

  test("the new-profiles page looks right and has no serious accessibility violations", async ({ page }, testInfo) => {
    const release = await holdTimers(page, DELAYS.newProfilesRedirect);
    // No member has Profile ID 1, so the one failure this link counts touches nobody.
    const link = encodeLinkPayload({ pid: 1, pin: "made-up" });
    await page.goto(`/new_profiles_link?link=${link}`);
    await expect(page).toHaveTitle(/^Newly Added Profiles\b/);
    await expect(page.getByRole("heading", { level: 1, name: "Newly Added Profiles" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("The newest profiles are opening.");
    await screenshot(page, testInfo, "new-profiles-link");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    const here = new URL(page.url());
    expect(`${here.pathname}${here.search}`).toBe(`/new_profiles_link?link=${link}`);

    // Released, it opens /profile_link; with the connection down there, the
    // page says so and offers to try again rather than calling the link dead.
    await page.route(`**${LINK_SIGN_IN_PATH}`, (route) => route.abort("internetdisconnected"));
    await release();
    await expect(page.getByRole("heading", { level: 1, name: "Could not sign you in" })).toBeVisible();
    await expect(page).toHaveURL(/\/profile_link$/);
    await expect(page.getByRole("alert")).toHaveText("Could not reach the server. Please check your internet connection.");
    await screenshot(page, testInfo, "auto-login-retry");
    await expectNoSeriousViolations(page);

    // Back online, Try again uses the same link (the address bar no longer has it).
    await page.unroute(`**${LINK_SIGN_IN_PATH}`);
    const requests = linkSignInRequests(page);
    await page.getByRole("button", { name: "Try again" }).click();
    const { agency, phone } = await agencyOf(page);
    await expect(page.getByRole("alert")).toHaveText(fillMessage(MESSAGES.invalidAutoLoginLink, { agency, phone }));
    expect(requests.map((item) => item.postDataJSON())).toEqual([{ kind: "profile", link }]);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  });
});
