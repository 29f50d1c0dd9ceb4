import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { decodeLinkPayload } from "#shared/links.ts";
import { MESSAGES, PUBLIC_PAGE_MESSAGES, PUBLIC_PROFILE_LABELS, fillMessage } from "#shared/messages.ts";
import type { AdminPublicList } from "#shared/admin-types.ts";
import { PUBLIC_LIST_DATA_ID } from "#shared/public-list.ts";
import { DAY_TEMPLATE_ID, WEEK_TEMPLATE_ID } from "#scripts/demo/generate-public-lists.ts";
import { memberWhole, ownerSession, staffHeaders } from "./support/agency.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, registerThroughApi, screenshot, signIn } from "./support/members.ts";
import { apiSignIn, cardOf, openAs, perProject, spokenPhone } from "./support/search-helpers.ts";

// The public page /link (docs/specification.md § "Anonymous routes" "/link",
// § "6. Roles and permissions" "Phone button on public cards",
// § "8. Error catalogue" "Invalid Link" and "Error: {message}";
// ADR 0017), against the real Worker and the demo lists the seeder publishes
// for the day and the week of seeding. Nothing here changes data, so both
// projects share the lists. The server's data is read as the agency reads it,
// through the console's API (never the database file: see support/agency.ts).

test.describe.configure({ timeout: 120_000 });
// Generous for a busy 2-core machine; the page answers well within it.
const expect = baseExpect.configure({ timeout: 15_000 });

interface PublishedList {
  date: string;
  cards: PublicCard[];
  messages: PublicMessage[];
}

/** The seeder's lists, as the agency console lists them (found by their templates, whatever the day). */
async function seededLists(): Promise<AdminPublicList[]> {
  const staff = await ownerSession();
  const response = await staff.request.get("/api/admin/public_lists", { headers: staffHeaders(staff) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: AdminPublicList[] }).data;
}

async function publishedList(request: APIRequestContext, week: boolean): Promise<PublishedList> {
  const seeded = (await seededLists()).find((list) => list.week === week && list.templateId === (week ? WEEK_TEMPLATE_ID : DAY_TEMPLATE_ID));
  if (!seeded) throw new Error("The seeder published no list");
  const flag = week ? "true" : "false";
  const cards = await request.get(`/api/whatsapp/public_profiles/${seeded.date}?week=${flag}`);
  const messages = await request.get(`/api/public_messages?date=${seeded.date}&week=${flag}`);
  expect(cards.status()).toBe(200);
  return {
    date: seeded.date,
    cards: ((await cards.json()) as { data: PublicCard[] }).data,
    messages: ((await messages.json()) as { data: PublicMessage[] }).data,
  };
}

/** The text a message shows: the markup's markers gone, each line break a newline. */
function shownText(markup: string): string {
  return markup.replace(/[*_~]/g, "");
}

const ddMMyyyy = (iso: string) => iso.split("-").reverse().join("-");

function fact(card: Locator, label: string): Locator {
  return card.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

/** Photos load lazily: scroll every card into view before a full-page screenshot. */
async function loadAllPhotos(page: Page): Promise<void> {
  for (const image of await page.locator("article img").all()) await image.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The page as if it had come without its list (the Worker renders a /link
 * page's cards into #root and sends the answers they came from, ADR 0031):
 * #root empty and no answers, as the Worker sends a page it has no list for,
 * so that the screen asks the API, whose calls a test then holds, counts or
 * replaces.
 */
async function withoutListInPage(page: Page): Promise<void> {
  const answers = new RegExp(`<script type="application/json" id="${PUBLIC_LIST_DATA_ID}">.*?</script>`, "s");
  // #root is followed by index.html's comment on its only script.
  const renderedCards = /(<div id="root">)[\s\S]*?(<\/div>\s*<!--)/;
  await page.route(/\/link\?/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(answers, "").replace(renderedCards, "$1$2");
    await route.fulfill({ response, body: html });
  });
}

/** Everything the page shows in order: "card:{pid}" or "message:{id}". */
async function pageOrder(page: Page, messages: PublicMessage[]): Promise<string[]> {
  const byText = new Map(messages.map((m) => [shownText(m.messageContent).replace(/\s+/g, " ").trim(), m.id]));
  const items = await page
    .getByRole("list", { name: "Profiles and messages" })
    .locator(":scope > li")
    .evaluateAll((nodes) =>
      nodes.map((node) => {
        const pid = node.querySelector("article")?.getAttribute("data-pid");
        // innerText, not textContent: a <br> reads as a line break, as in the markup.
        const message = node.querySelector<HTMLElement>('[data-testid="public-message"] p:last-child');
        return pid ? { pid } : { text: (message?.innerText ?? "").replace(/\s+/g, " ").trim() };
      }),
    );
  return items.map((item) => ("pid" in item ? `card:${item.pid}` : `message:${byText.get(item.text) ?? "unknown"}`));
}

test.describe("/link", () => {
  test("a visitor sees the day's cards in order with the agency's messages between them, and the phone button rules", async ({ page, request }, testInfo) => {
    const list = await publishedList(request, false);
    const kinds = new Set(list.cards.map((card) => card.publicProfile));
    expect([...kinds].sort(), "the demo list shows every label").toEqual(["MEMBERS", "PAID", "PUBLIC"]);

    // Hold the cards to see the waiting state of a list the screen asks for.
    await withoutListInPage(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const profileCalls: string[] = [];
    await page.route("**/api/whatsapp/public_profiles/**", async (route) => {
      profileCalls.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`/link?id=${list.date}`);
    await expect(page.getByRole("status")).toHaveText(PUBLIC_PAGE_MESSAGES.loading);
    await expect(page.getByRole("status")).toHaveText("Loading...");
    release();

    await expect(page.getByRole("heading", { level: 1, name: `Profiles of ${ddMMyyyy(list.date)}` })).toBeVisible();
    await expect(page).toHaveTitle(/^Public Profiles\b/);
    await expect(page.locator("article")).toHaveCount(list.cards.length);
    // A day's list: no week flag.
    expect(profileCalls.map((url) => new URL(url).search)).toEqual([""]);

    // The cards keep the agency's order; each message appears once, in its order, somewhere between them.
    const order = await pageOrder(page, list.messages);
    expect(order.filter((item) => item.startsWith("card:"))).toEqual(list.cards.map((card) => `card:${card.pid}`));
    expect(order.filter((item) => item.startsWith("message:"))).toEqual(list.messages.map((m) => `message:${m.id}`));

    // The markup is built as elements: bold, italic, strike and line breaks.
    const messages = page.getByTestId("public-message");
    await expect(messages).toHaveCount(list.messages.length);
    const markup = list.messages.map((m) => m.messageContent).join("\n");
    if (markup.includes("*")) await expect(messages.locator("strong").first()).toBeAttached();
    if (markup.includes("_")) await expect(messages.locator("em").first()).toBeAttached();
    if (markup.includes("~")) await expect(messages.locator("s").first()).toBeAttached();
    await expect(messages.locator("br")).toHaveCount(list.messages.reduce((n, m) => n + m.messageContent.split("\n").length - 1, 0));

    for (const data of list.cards) {
      const card = cardOf(page, data.pid);
      await expect(card.getByTestId("public-label")).toHaveText(PUBLIC_PROFILE_LABELS[data.publicProfile]);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(`${data.surname} ${data.name}`);
      await expect(card).toContainText(`${data.age} years`);
      await expect(fact(card, "Date of Birth")).toHaveText(data.birthDate);
      // § "9. Business constants and limits": a time reads h:mm a ("9:25 PM"); the API carries h:mma ("9:25PM").
      await expect(fact(card, "Time of Birth")).toHaveText(data.birthTime.replace(/(AM|PM)$/, " $1"));
      await expect(fact(card, "Time of Birth")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
      await expect(fact(card, "Place of Birth")).toHaveText(data.birthPlace);
      await expect(fact(card, "Padham")).toHaveText(data.padham ?? "-");
      await expect(fact(card, "Father")).toContainText(data.fatherName);
      if (data.annualIncome) await expect(fact(card, "Annual Income")).toHaveText(`${data.annualIncome} LPA`);
      else await expect(fact(card, "Annual Income")).toHaveCount(0);
      await expect(card.getByText(PUBLIC_PAGE_MESSAGES.secondMarriage, { exact: true })).toHaveCount(data.marriageTurn === 2 ? 1 : 0);
      if (data.marriageTurn === 2) await expect(card.getByText("Marriage Turn: Second", { exact: true })).toBeVisible();
      // The photo the server chose: the blurred derivative unless shown to all.
      const photo = card.locator("img");
      await expect(photo).toHaveAttribute("data-photo", data.photoVisible ? "visible" : "blurred");
      // At card size (ADR 0043): the blurred derivative, or the photo's copy within 400x500.
      await expect(photo).toHaveAttribute("src", data.photoCardUrl ?? "");
      expect(data.photoCardUrl).toBe(data.photoVisible ? data.photoUrl?.replace("/images/", "/images/cards/") : data.photoUrl);
      // A visitor is told who sees a hidden photo, not about a request they cannot make.
      await expect(card.getByText("Shown to members after approval", { exact: true })).toHaveCount(data.photoVisible ? 0 : 1);

      if (data.publicProfile === "PUBLIC") {
        // § "6. Roles and permissions": free to the public, the phone is shown directly.
        expect(data.phone).toBeTruthy();
        await expect(card.getByTestId("whatsapp-phone")).toHaveText(spokenPhone(data.phone ?? ""));
        await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", `tel:${data.phone}`);
      } else {
        expect(data.phone).toBeNull();
        await expect(card.getByTestId("whatsapp-phone")).toHaveCount(0);
      }
      if (data.publicProfile === "MEMBERS") {
        const button = card.getByRole("link", { name: "Request Phone Number" });
        const href = (await button.getAttribute("href")) ?? "";
        expect(href).toMatch(/^\/request\?q=/);
        expect(decodeLinkPayload(new URLSearchParams(href.split("?")[1]).get("q"))).toEqual({ pid: String(data.pid) });
      }
      // § "6. Roles and permissions": a paid-only profile needs a login first, which then opens that profile.
      if (data.publicProfile === "PAID") {
        await expect(card.getByRole("link", { name: "Login to see Phone Number" })).toHaveAttribute("href", `/login?profile=${data.pid}`);
      }
    }

    // What the visitor may not see is not in the page at all: the phones of
    // profiles that are not free to the public.
    const hidden = list.cards.filter((card) => card.publicProfile !== "PUBLIC");
    const html = await page.content();
    for (const card of hidden) expect(html).not.toContain((await memberWhole(card.pid)).mobile.slice(-10));

    await loadAllPhotos(page);
    await screenshot(page, testInfo, "public-page-day");
    await screenshot(page, testInfo, "public-page-day-top", false);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    // A members-only profile's button opens the request page for that profile.
    const members = list.cards.find((card) => card.publicProfile === "MEMBERS");
    if (!members) throw new Error("no members-only card");
    await cardOf(page, members.pid).getByRole("link", { name: "Request Phone Number" }).click();
    await expect(page).toHaveURL(/\/request\?q=/);
    await expect(page.getByRole("heading", { level: 1, name: "Phone Number Request" })).toBeVisible();
    await expect(page.getByRole("main").getByText(`Profile ID ${members.pid}`, { exact: true })).toBeVisible();

    // A paid-only profile's button takes a visitor to the login, and once
    // signed in to that profile's search by ID, without typing its ID again.
    await page.goBack();
    const paid = list.cards.find((card) => card.publicProfile === "PAID");
    if (!paid) throw new Error("no paid-only card");
    await cardOf(page, paid.pid).getByRole("link", { name: "Login to see Phone Number" }).click();
    await expect(page).toHaveURL(/\/login\?profile=\d+$/);
    const visitor = await registerThroughApi(request, testInfo, "M");
    await page.getByLabel("Profile ID").fill(String(visitor.pid));
    await page.getByLabel("Password", { exact: true }).fill(visitor.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${paid.pid}$`));
    await expect(cardOf(page, paid.pid)).toBeVisible();
  });

  test("a week's list (wid) is read with week=true", async ({ page, request }, testInfo) => {
    const list = await publishedList(request, true);
    await withoutListInPage(page);
    const calls: string[] = [];
    page.on("request", (call) => {
      if (/\/api\/(whatsapp\/public_profiles|public_messages)/.test(call.url())) calls.push(call.url());
    });
    await page.goto(`/link?wid=${list.date}`);
    await expect(page.getByRole("heading", { level: 1, name: `Profiles of the Week of ${ddMMyyyy(list.date)}` })).toBeVisible();
    await expect(page.locator("article")).toHaveCount(list.cards.length);
    await expect(page.getByTestId("public-message")).toHaveCount(list.messages.length);
    expect(
      calls
        .map((url) => new URL(url))
        .map((url) => [url.pathname, url.searchParams.get("week")])
        .sort(),
    ).toEqual(
      [
        [`/api/public_messages`, "true"],
        [`/api/whatsapp/public_profiles/${list.date}`, "true"],
      ].sort(),
    );
    // Telugu text in a message reads as Telugu (not boxes): the font has its glyphs.
    const telugu = page
      .getByTestId("public-message")
      .filter({ hasText: /[\u0C00-\u0C7F]/ })
      .first();
    await expect(telugu).toBeVisible();
    await loadAllPhotos(page);
    await telugu.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "public-page-week-message", false);
    await expectNoSeriousViolations(page);
  });

  test("without id or wid the page shows Invalid Link and calls nothing", async ({ page }, testInfo) => {
    const calls: string[] = [];
    page.on("request", (call) => {
      if (call.url().includes("/api/")) calls.push(call.url());
    });
    for (const path of ["/link", "/link?id=", "/link?wid=%20", "/link?pid=10001"]) {
      await page.goto(path);
      await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidLink);
      await expect(page.getByRole("alert")).toHaveText("Invalid Link");
    }
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    await screenshot(page, testInfo, "public-page-invalid");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
  });

  test("a list that does not exist, or no connection, shows Error: {message}", async ({ page }, testInfo) => {
    await page.goto("/link?id=1999-01-01");
    await expect(page.getByRole("alert")).toHaveText(fillMessage(PUBLIC_PAGE_MESSAGES.failed, { message: "No profiles were published for this date" }));
    await expect(page.getByRole("alert")).toHaveText("Error: No profiles were published for this date");
    await screenshot(page, testInfo, "public-page-error");
    await expectNoSeriousViolations(page);

    await page.goto("/link?id=21-11-2026");
    await expect(page.getByRole("alert")).toHaveText("Error: The date must be written yyyy-mm-dd");

    await page.route("**/api/whatsapp/public_profiles/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/link?wid=2026-11-16");
    await expect(page.getByRole("alert")).toHaveText("Error: Could not reach the server. Please check your internet connection.");
  });

  test("a message's HTML is shown as text, never run", async ({ page, request }) => {
    const list = await publishedList(request, false);
    const hostile = '<img src=x onerror="window.pwned=1"> *<script>window.pwned=2</script>* _<b>not bold</b>_\n<a href="javascript:alert(1)">link</a>';
    await withoutListInPage(page);
    await page.route("**/api/public_messages**", (route) => route.fulfill({ json: { data: [{ id: 1, messageContent: hostile }] } }));
    await page.goto(`/link?id=${list.date}`);
    const message = page.getByTestId("public-message");
    await expect(message).toContainText('<img src=x onerror="window.pwned=1">');
    await expect(message.locator("strong")).toHaveText("<script>window.pwned=2</script>");
    await expect(message.locator("em")).toHaveText("<b>not bold</b>");
    await expect(message).toContainText('<a href="javascript:alert(1)">link</a>');
    await expect(message.locator("img, script, b, a")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  test("a signed-in member is told a paid-only profile is for paid members, then goes to search by ID", async ({ page, request }, testInfo) => {
    const list = await publishedList(request, false);
    const paid = list.cards.find((card) => card.publicProfile === "PAID");
    const open = list.cards.find((card) => card.publicProfile === "PUBLIC");
    if (!paid || !open) throw new Error("the demo list has no paid-only or free-to-public card");
    // A fresh member of its own: nobody else signs in as them.
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);

    await page.goto(`/link?id=${list.date}`);
    await expect(page.locator("article")).toHaveCount(list.cards.length);
    // Members are not asked to register again.
    await expect(page.getByRole("heading", { name: "See more profiles" })).toHaveCount(0);
    await expect(cardOf(page, open.pid).getByTestId("whatsapp-phone")).toHaveText(spokenPhone(open.phone ?? ""));

    await cardOf(page, paid.pid).getByRole("button", { name: "See Phone Number" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("p")).toHaveText(PUBLIC_PAGE_MESSAGES.paidMembersOnly);
    await expect(dialog.locator("p")).toHaveText("Profile visible to paid members only");
    await screenshot(page, testInfo, "public-page-paid-alert", false);
    await expectNoSeriousViolations(page);
    await dialog.getByRole("button", { name: "OK" }).click();

    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${paid.pid}$`));
    await expect(cardOf(page, paid.pid)).toBeVisible();
  });

  test("a member with an active paid membership goes straight to search by ID", async ({ page, request }, testInfo) => {
    const list = await publishedList(request, false);
    const paid = list.cards.find((card) => card.publicProfile === "PAID");
    if (!paid) throw new Error("the demo list has no paid-only card");
    // Named active paid accounts (a sign-in changes nothing the other specs read).
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, `/link?id=${list.date}`);
    await cardOf(page, paid.pid).getByRole("link", { name: "See Phone Number" }).click();
    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${paid.pid}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a link-preview crawler's GET gets Open Graph tags and changes nothing", async ({ request }) => {
    const list = await publishedList(request, false);
    // What the page's GET could change: the published lists and what they show.
    const state = async () => ({ lists: await seededLists(), cards: (await publishedList(request, false)).cards });
    const before = await state();
    const preview = await request.get(`/link?id=${list.date}`, { headers: { "User-Agent": "WhatsApp/2.23.20.0 A" } });
    expect(preview.status()).toBe(200);
    expect(preview.headers()["set-cookie"]).toBeUndefined();
    const html = await preview.text();
    const og = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(og("og:title")).toMatch(/^Profiles from .+/);
    expect(og("og:description")).toBeTruthy();
    expect(og("og:image")).toMatch(/^https?:\/\/[^/]+\/og\/default\.jpg$/);
    expect(og("og:url")).toContain(`/link?id=${list.date}`);
    expect(html).toContain('<meta name="link-valid" content="true"');
    // A preview names nobody and gives no phone.
    for (const card of list.cards) {
      expect(html).not.toContain(`${card.surname} ${card.name}`);
      if (card.phone) expect(html).not.toContain(card.phone);
    }
    const image = await request.get(og("og:image") ?? "");
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect(await state()).toEqual(before);

    const invalid = await (await request.get("/link", { headers: { "User-Agent": "WhatsApp/2.23.20.0 A" } })).text();
    expect(invalid).toContain('<meta name="link-valid" content="false"');
    expect(invalid).toMatch(/<meta property="og:title" content="[^"]+"/);
  });
});
