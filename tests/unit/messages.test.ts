import { describe, expect, it } from "vitest";
import { en, type MessageId } from "#shared/i18n/en.ts";
import { profileTypeLabel } from "#shared/constants.ts";
import { membershipEndedText } from "#shared/membership.ts";
import { TIER_NAME_IDS, tierName } from "#shared/tier-names.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, PUBLIC_PAGE_MESSAGES, fillMessage } from "#shared/messages.ts";
import { message } from "#worker/lib/i18n.ts";

// The texts of docs/specification.md § "8. Error catalogue", as shown (ADR 0023).

describe("messages", () => {
  it("fills placeholders and leaves unknown ones alone", () => {
    expect(fillMessage(MESSAGES.upsell, { agency: "Sri Lakshmi", phone: "+91 1" })).toBe("For more profiles, you need a paid membership. Please contact Sri Lakshmi +91 1");
    expect(fillMessage("{a} {b}", { a: 1 })).toBe("1 {b}");
  });

  it("spells the specification's texts correctly (ADR 0023)", () => {
    const texts = [MESSAGES, MEMBERSHIP_MESSAGES, PUBLIC_PAGE_MESSAGES].flatMap((messages) => Object.values(messages));
    const misspelt = /Somthing|Successsfully|Sucessfully|Requried|Occured|Whatsapp|\.please/;
    expect(texts.filter((text) => misspelt.test(text))).toEqual([]);
    expect(MESSAGES.requiredFieldsBanner).toBe("Please fill all the Required * fields.");
    expect(MESSAGES.editSaveFailed).toBe("An Error Occurred... Please contact {agency}.");
  });

  it("says the specification's texts in the English catalogue word for word (ADR 0023, ADR 0040)", () => {
    const inCatalogue: [MessageId, string][] = [
      ["interests.approved", MESSAGES.approved],
      ["interests.rejected", MESSAGES.rejected],
      ["interests.approveFailed", MESSAGES.approveFailed],
      ["interests.rejectFailed", MESSAGES.rejectFailed],
      ["interests.requestFailedContact", MESSAGES.requestFailedContact],
      ["phoneRequest.signInFailed", MESSAGES.requestFormLoginError],
      ["phoneRequest.invalidLink", MESSAGES.invalidProfileLink],
      ["fullProfile.notFound", MESSAGES.profileNotFound],
      ["whatsappProfile.notFound", MESSAGES.profileNotFound],
      ["fullProfile.loadFailed", MESSAGES.removeFailed],
      ["whatsappProfile.requestSentLong", MESSAGES.requestSent],
      ["membership.freeMember", MEMBERSHIP_MESSAGES.freeMember],
      ["membership.zeroBalance", MEMBERSHIP_MESSAGES.zeroBalance],
      ["membership.notApproved", MEMBERSHIP_MESSAGES.notApproved],
      ["membership.ended", MEMBERSHIP_MESSAGES.ended],
      ["membership.viewsWaiting", MEMBERSHIP_MESSAGES.viewsWaiting],
      ["membership.noViewsWaiting", MEMBERSHIP_MESSAGES.noViewsWaiting],
      ["membership.howToRenew", MEMBERSHIP_MESSAGES.howToRenew],
      ["membership.viewCostsOne", MEMBERSHIP_MESSAGES.viewCostsOne],
      ["membership.viewCostsNothing", MEMBERSHIP_MESSAGES.viewCostsNothing],
    ];
    expect(inCatalogue.filter(([id, text]) => en[id] !== text)).toEqual([]);
  });

  it("tells a member in Telugu when their membership ended, with the date as Telugu readers write it (ADR 0040)", () => {
    const limits = { profileType: "DONOR", profilesCount: 10, total: 6, lastViewDate: "2026-10-31" } as const;
    const agency = { name: "Sri Lakshmi Marriage Bureau", phone: "+91 98765 43210" };
    expect(membershipEndedText(limits, agency, (id, values) => message("te", id, values), "te")).toBe(
      "మీ గోల్డ్ సభ్యత్వం 31 అక్టోబర్, 2026న ముగిసింది. మీకు ఇంకా 4 ప్రొఫైల్‌లు చూసే అవకాశం ఉంది: సభ్యత్వం పునరుద్ధరిస్తే వాటిని వాడుకోవచ్చు. పునరుద్ధరించడానికి Sri Lakshmi Marriage Bureauకు +91 98765 43210లో ఫోన్ చేయండి లేదా WhatsApp చేయండి.",
    );
  });

  it('names the tiers by the display names of § "Profile list / card record" in English and from the catalogue in Telugu (ADR 0040)', () => {
    const types = Object.keys(TIER_NAME_IDS) as (keyof typeof TIER_NAME_IDS)[];
    expect(types.map((type) => [tierName(type), en[TIER_NAME_IDS[type]]])).toEqual(types.map((type) => [profileTypeLabel(type), profileTypeLabel(type)]));
    expect(tierName("LIFE", (id, values) => message("te", id, values))).toBe("ప్లాటినం");
    // An agency backend's own tier shows as it answers it.
    expect(tierName("DIAMOND", (id, values) => message("te", id, values))).toBe("DIAMOND");
  });
});
