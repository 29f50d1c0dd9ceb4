import { describe, expect, it } from "vitest";
import { askDefaults } from "#web/features/password/lib/ask-values.ts";

// /forgot_password (ADR 0021): the form that asks for a code.

describe("the form that asks for a code", () => {
  it("starts with the link's Profile ID, or empty", () => {
    expect(askDefaults(12345, null)).toEqual({ pid: "12345", mobile: "" });
    expect(askDefaults(undefined, null)).toEqual({ pid: "", mobile: "" });
  });

  it('comes back from "Change the Profile ID or number" with both as the member typed them, not the link\'s', () => {
    expect(askDefaults(12345, { pid: "12354", mobile: "98480 12345" })).toEqual({ pid: "12354", mobile: "98480 12345" });
  });
});
