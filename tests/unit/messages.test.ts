import { describe, expect, it } from "vitest";
import { MESSAGES, fillMessage } from "../../shared/messages.ts";

describe("messages", () => {
  it("fills placeholders and leaves unknown ones alone", () => {
    expect(fillMessage(MESSAGES.upsell, { agency: "Sri Lakshmi", phone: "+91 1" })).toBe(
      "For more profiles, you need a paid membership. Please contact Sri Lakshmi +91 1",
    );
    expect(fillMessage("{a} {b}", { a: 1 })).toBe("1 {b}");
  });

  it("keeps the specification's spelling, mistakes included", () => {
    expect(MESSAGES.searchIdFailed).toBe("Somthing is wrong. Unable to fetch details of profile");
    expect(MESSAGES.personalSaved).toBe("Personal Details updated Successsfully.");
    expect(MESSAGES.requiredFieldsBanner).toBe("Please fill all the Requried * fields.");
    expect(MESSAGES.editSaveFailed).toBe("An Error Occured... Please contact {agency}.");
  });
});
