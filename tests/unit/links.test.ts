import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AUTO_LOGIN_PATHS,
  NEW_PROFILES_PATH,
  autoLoginKindAt,
  autoLoginUrl,
  decodeLinkPayload,
  encodeLinkPayload,
  isNewProfilesPage,
  pagePath,
  readAutoLoginPayload,
  readRequestPayload,
} from "#shared/links.ts";
import { linkSplashPage, prerenderedPage } from "#shared/prerendered-pages.ts";

// The link decoder sees whatever WhatsApp and members paste: it must accept
// every honest spelling of a payload and refuse everything else, never throw
// (docs/specification.md § "Anonymous routes", § "Other rules").

const standard = (value: unknown) => btoa(JSON.stringify(value));

describe("decodeLinkPayload", () => {
  it("reads standard and URL-safe base64, with or without padding", () => {
    const payload = { pid: 10001, pin: "a?b>c", iPid: 10015 };
    const plain = standard(payload);
    expect(plain).toMatch(/[+/=]/);
    for (const text of [plain, plain.replace(/=+$/, ""), encodeLinkPayload(payload), `${encodeLinkPayload(payload)}==`, plain.replace(/\+/g, " ")]) {
      expect(decodeLinkPayload(text)).toEqual(payload);
    }
  });

  it("round-trips any payload the product writes", () => {
    fc.assert(
      fc.property(
        fc.record({ pid: fc.integer({ min: 1, max: 2_000_000_000 }), pin: fc.string({ minLength: 1, maxLength: 60 }), iPid: fc.integer({ min: 1, max: 2_000_000_000 }) }),
        (payload) => {
          const url = new URL(autoLoginUrl("https://example.org", "profile", payload));
          expect(readAutoLoginPayload(url.searchParams.get("link"))).toEqual(payload);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws on hostile strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.base64String(), fc.constantFrom("", "=", "====", "%", "null", "eyJ", "W10", "bnVsbA")), (text) => {
        expect(() => decodeLinkPayload(text)).not.toThrow();
        expect(() => readAutoLoginPayload(text)).not.toThrow();
        expect(() => readRequestPayload(text)).not.toThrow();
      }),
      { numRuns: 5000 },
    );
  }, 120_000);

  it("refuses payloads that are not the right shape", () => {
    for (const value of [
      null,
      [],
      "text",
      12,
      { pid: 0, pin: "x" },
      { pid: -1, pin: "x" },
      { pid: 1.5, pin: "x" },
      { pid: 10001 },
      { pid: 10001, pin: "" },
      { pid: 10001, pin: 5 },
      { pid: 10001, pin: "x", iPid: "abc" },
      { pid: "1e5", pin: "x" },
    ]) {
      expect(readAutoLoginPayload(standard(value))).toBeUndefined();
    }
    expect(readAutoLoginPayload("x".repeat(3000))).toBeUndefined();
    expect(readAutoLoginPayload("not base64!")).toBeUndefined();
    expect(readAutoLoginPayload(btoa("{not json"))).toBeUndefined();
  });

  it("accepts pid and iPid as digit strings, as older links wrote them", () => {
    expect(readAutoLoginPayload(standard({ pid: "10001", pin: "x", iPid: "10020" }))).toEqual({ pid: 10001, pin: "x", iPid: 10020 });
  });
});

describe("the page a path names", () => {
  // The assets binding serves /profile_link/ as /profile_link; the Worker and
  // the pages' first script must name it the same, or the token ends up in a
  // cacheable preview and the brief page never moves on.
  it("is the same with or without trailing slashes", () => {
    for (const path of [...Object.values(AUTO_LOGIN_PATHS), NEW_PROFILES_PATH, "/login"]) {
      for (const written of [path, `${path}/`, `${path}//`]) expect(pagePath(written)).toBe(path);
    }
    expect(pagePath("/")).toBe("/");
    expect(pagePath("")).toBe("/");
  });

  it("tells the auto-login pages, the brief page and the prerendered pages however their path ends", () => {
    for (const [kind, path] of Object.entries(AUTO_LOGIN_PATHS)) {
      expect(autoLoginKindAt(`${path}/`)).toBe(kind);
      expect(linkSplashPage(`${path}/`)).toBe(path.slice(1));
    }
    expect(isNewProfilesPage("/new_profiles_link/")).toBe(true);
    expect(isNewProfilesPage("/new_profiles_link")).toBe(true);
    expect(isNewProfilesPage("/profile_link")).toBe(false);
    expect(prerenderedPage("/new_profiles_link/")).toBe("new_profiles_link");
    expect(autoLoginKindAt("/profile_links")).toBeUndefined();
  });
});

describe("readRequestPayload", () => {
  it("reads the target profile id as a string or a number", () => {
    expect(readRequestPayload(standard({ pid: "10012" }))).toBe(10012);
    expect(readRequestPayload(standard({ pid: 10012 }))).toBe(10012);
    expect(readRequestPayload(standard({ pid: "x" }))).toBeUndefined();
    expect(readRequestPayload(null)).toBeUndefined();
  });
});
