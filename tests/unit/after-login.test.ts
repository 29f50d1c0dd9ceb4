import { describe, expect, it } from "vitest";
import { destinationAfterLogin, loginPathTo } from "#web/lib/after-login.ts";

// Where /login goes once the member is signed in (§ "2. Screens and routes": /search; the public
// page's paid-only card: that profile, § "6. Roles and permissions"): only a member screen of
// this application, never another site.

describe("destinationAfterLogin", () => {
  it("goes to /search without a next", () => {
    expect(destinationAfterLogin(null)).toBe("/search");
    expect(destinationAfterLogin("")).toBe("/search");
  });

  it("goes on to a member screen with its query", () => {
    expect(destinationAfterLogin("/search_id?pid=10042")).toBe("/search_id?pid=10042");
    expect(destinationAfterLogin("/full_profile?pid=7")).toBe("/full_profile?pid=7");
    expect(destinationAfterLogin("/viewed_by_profiles")).toBe("/viewed_by_profiles");
  });

  it("reads back what loginPathTo wrote", () => {
    const next = new URLSearchParams(loginPathTo("/search_id?pid=10042").split("?")[1]).get("next");
    expect(destinationAfterLogin(next)).toBe("/search_id?pid=10042");
  });

  it("never leaves the application, however the address is written", () => {
    for (const hostile of [
      "https://evil.example",
      "http://evil.example/search",
      "//evil.example",
      "//evil.example/search_id?pid=1",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "evil.example/search",
      " /search",
    ]) {
      expect(destinationAfterLogin(hostile), hostile).toBe("/search");
    }
  });

  it("goes only to member screens", () => {
    for (const other of ["/agency", "/agency/members", "/login", "/link?id=2026-01-01", "/search/../agency", "/no_such_screen"]) {
      expect(destinationAfterLogin(other), other).toBe("/search");
    }
  });
});
