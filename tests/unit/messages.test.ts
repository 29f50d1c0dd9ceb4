import { describe, expect, it } from "vitest";
import { MEMBERSHIP_MESSAGES, MESSAGES, PUBLIC_PAGE_MESSAGES, fillMessage } from "../../shared/messages.ts";

// The texts of docs/specification.md § "8. Error catalogue", as shown (ADR 0023).

describe("messages", () => {
  it("fills placeholders and leaves unknown ones alone", () => {
    expect(fillMessage(MESSAGES.upsell, { agency: "Sri Lakshmi", phone: "+91 1" })).toBe(
      "For more profiles, you need a paid membership. Please contact Sri Lakshmi +91 1",
    );
    expect(fillMessage("{a} {b}", { a: 1 })).toBe("1 {b}");
  });

  it("spells the specification's texts correctly (ADR 0023)", () => {
    const texts = [MESSAGES, MEMBERSHIP_MESSAGES, PUBLIC_PAGE_MESSAGES].flatMap((messages) => Object.values(messages));
    const misspelt = /Somthing|Successsfully|Sucessfully|Requried|Occured|Whatsapp|\.please/;
    expect(texts.filter((text) => misspelt.test(text))).toEqual([]);
    expect(MESSAGES.requiredFieldsBanner).toBe("Please fill all the Required * fields.");
    expect(MESSAGES.editSaveFailed).toBe("An Error Occurred... Please contact {agency}.");
  });
});
