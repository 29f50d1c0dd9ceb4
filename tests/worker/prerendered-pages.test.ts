import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { earlySignInCode, earlySignInTag } from "#shared/early-sign-in-script.ts";
import { AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "#shared/page-placeholders.ts";
import app from "#worker/app.ts";

// A page prerendered at build time carries placeholders for the agency's
// name and phone; the Worker serves it with the configured values in every
// form the browser renders them, so that hydration finds the same page
// (ADR 0031), and still adds the page's Open Graph tags.

const prerendered = [
  '<html><head><title>Login</title></head><body><div id="root">',
  `<span>${AGENCY_NAME_PLACEHOLDER}</span>`,
  `<footer>${AGENCY_NAME_PLACEHOLDER}: <a href="tel:+000000000001">${AGENCY_PHONE_PLACEHOLDER}</a>`,
  `<a href="https://wa.me/000000000001">WhatsApp</a></footer>`,
  "</div></body></html>",
].join("");

async function served(page: string, vars: Partial<Env> = {}): Promise<Response> {
  const assets = {
    fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.length) } }),
  } as unknown as Fetcher;
  const ctx = createExecutionContext();
  const response = await app.request("https://agency.example/login", {}, { ...env, ...vars, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("prerendered pages", () => {
  it("get the configured name and phone as text, in tel: and in wa.me links", async () => {
    const response = await served(prerendered);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`<span>${env.AGENCY_NAME}</span>`);
    expect(text).toContain(`<footer>${env.AGENCY_NAME}: <a href="tel:+919876543210">+91 98765 43210</a>`);
    expect(text).toContain('<a href="https://wa.me/919876543210">WhatsApp</a>');
    expect(text).not.toContain(AGENCY_NAME_PLACEHOLDER);
    expect(text).not.toContain(AGENCY_PHONE_PLACEHOLDER);
    // The link preview is still added, and the old length no longer claimed.
    expect(text).toContain(`<meta property="og:site_name" content="${env.AGENCY_NAME}" />`);
    expect(response.headers.get("Content-Length")).toBeNull();
  });

  it("escape what the configuration holds, which is text, not markup", async () => {
    const text = await (await served(prerendered, { AGENCY_NAME: 'Rao & Sons <"Vivaha">' })).text();
    expect(text).toContain("<span>Rao &amp; Sons &lt;&quot;Vivaha&quot;&gt;</span>");
    expect(text).not.toContain('<"Vivaha">');
  });

  /** The app with assets that answer `prerendered` and note the asset asked for; `open` checks the answer varies by language. */
  function servedByLanguage() {
    const asked: string[] = [];
    const assets = {
      fetch: async (request: Request) => {
        asked.push(new URL(request.url).pathname);
        return new Response(prerendered, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    } as unknown as Fetcher;
    const open = async (path: string, headers: Record<string, string>) => {
      const ctx = createExecutionContext();
      const response = await app.request(`https://agency.example${path}`, { headers }, { ...env, ASSETS: assets }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(200);
      // Caches must keep the languages apart.
      expect(response.headers.get("Vary")).toContain("Cookie");
      expect(response.headers.get("Vary")).toContain("Accept-Language");
      return response.text();
    };
    return { asked, open };
  }

  it("are served in the request's language: the lang cookie, else Accept-Language (ADR 0040)", async () => {
    const { asked, open } = servedByLanguage();
    await open("/login", { Cookie: "lang=te" });
    await open("/new_registration", { "Accept-Language": "te-IN,te;q=0.9,en-IN;q=0.8" });
    await open("/login", { Cookie: "lang=en", "Accept-Language": "te" });
    await open("/new_registration", {});
    await open("/new_profiles_link?link=abc", { Cookie: "lang=te" });
    expect(asked).toEqual(["/login.te", "/new_registration.te", "/login", "/new_registration", "/new_profiles_link.te"]);
  });

  it("serve an auto-login page's first paint in the request's language, with its link's preview (ADR 0042)", async () => {
    const { asked, open } = servedByLanguage();
    const page = await open("/profile_link?link=not-a-link", { Cookie: "lang=te" });
    expect(page).toContain(`<span>${env.AGENCY_NAME}</span>`);
    expect(page).toContain('<meta property="og:title"');
    await open("/interest_link?link=not-a-link", { "Accept-Language": "te-IN,te;q=0.9" });
    await open("/whatsapp_link?link=not-a-link", {});
    // A trailing slash names the same page.
    await open("/profile_link/?link=not-a-link", { Cookie: "lang=te" });
    await open("/new_profiles_link/?link=not-a-link", {});
    expect(asked).toEqual(["/profile_link.te", "/interest_link.te", "/whatsapp_link", "/profile_link.te", "/new_profiles_link"]);
  });

  it("allow an auto-login page's first script by the hash of the text served, and no other inline script", async () => {
    // The agency's name inside the script is filled in like anywhere else: the hash is of what the browser gets.
    const code = `document.title = "${AGENCY_NAME_PLACEHOLDER}";`;
    const page = prerendered.replace("</head>", `${earlySignInTag(code)}</head>`);
    const ctx = createExecutionContext();
    const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;
    const response = await app.request("https://agency.example/profile_link?link=abc", {}, { ...env, ASSETS: assets }, ctx);
    await waitOnExecutionContext(ctx);
    const script = earlySignInCode(await response.text()) ?? "";
    expect(script).toBe(`document.title = "${env.AGENCY_NAME}";`);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get("Content-Security-Policy")).toContain(`script-src 'self' 'sha256-${hash}';`);
    // A page without the script, and the API, allow none.
    const plain = await served(prerendered);
    expect(plain.headers.get("Content-Security-Policy")).toContain("script-src 'self';");
    const health = await app.request("https://agency.example/api/health", {}, env);
    expect(health.headers.get("Content-Security-Policy")).toContain("script-src 'self';");
  });

  it("refuse to write code into a page that would end or change its script element", () => {
    expect(() => earlySignInTag('const end = "</script>";')).toThrow(/cannot be written/);
    expect(() => earlySignInTag("const comment = '<!--';")).toThrow(/cannot be written/);
    expect(() => earlySignInTag('const end = "</SCRIPT >";')).toThrow(/cannot be written/);
    expect(() => earlySignInTag("const line = 1;\r\ngo();")).toThrow(/cannot be written/);
    expect(earlySignInTag("go();")).toBe('<script type="module" async data-early-sign-in>go();</script>');
  });
});
