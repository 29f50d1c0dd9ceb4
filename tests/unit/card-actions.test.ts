import { beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { membershipEndedTextInEnglish } from "#shared/membership.ts";
import { membershipNotice, viewConfirmText } from "#web/components/profile-card/action-messages.ts";
import { en } from "#shared/i18n/en.ts";
import { MAIN_ACTION_IDS, mainAction, requestState, shownMainAction, type ViewerMembership } from "#web/components/profile-card/main-action.ts";
import { listSecondary } from "#web/features/interests/lib/list-secondary.ts";
import { loadMessages } from "#web/lib/i18n.ts";

// What a profile card offers (docs/specification.md
// § "4. States and transitions", its "Main button text"; § "8. Error catalogue"),
// with the rules that never take or hide what a member paid for (ADR 0012,
// ADR 0015): a profile unlocked before stays open at balance 0, a declined
// request is not offered again, and a paid membership that ended says so.

type CardState = Pick<ProfileCard, "requestStatus" | "interestedAt" | "approvedAt" | "deniedAt" | "deletedAt" | "viewed">;
const AT = "2026-11-01T10:00:00.000Z";
const noRequest: CardState = { requestStatus: "-", interestedAt: null, approvedAt: null, deniedAt: null, deletedAt: null, viewed: false };
const pending: CardState = { ...noRequest, interestedAt: AT };
const approved: CardState = { ...pending, requestStatus: "A", approvedAt: AT };
const unlocked: CardState = { ...approved, viewed: true };
const declined: CardState = { ...pending, deniedAt: AT };
const withdrawn: CardState = { ...pending, deletedAt: AT };

const active: ViewerMembership = { paid: true, active: true, balance: 3 };
const zero: ViewerMembership = { paid: true, active: true, balance: 0 };
const ended: ViewerMembership = { paid: true, active: false, balance: 4 };
const free: ViewerMembership = { paid: false, active: false, balance: 0 };

// The membership texts are in the card part, which every screen with cards loads (ADR 0040).
beforeAll(() => loadMessages(["card"]));

describe("a card's main button", () => {
  it('follows the request for an active member with views left (§ "4. States and transitions")', () => {
    expect(mainAction(noRequest, active, "search")).toBe("request");
    expect(mainAction(pending, active, "search")).toBe("waiting");
    expect(mainAction(approved, active, "search")).toBe("view");
    expect(mainAction(withdrawn, active, "search")).toBe("request");
    expect(mainAction(approved, active, "whatsappProfile")).toBe("paidService");
  });

  it("keeps a profile unlocked before open at balance 0, and asks for a view only for a new one", () => {
    expect(mainAction(unlocked, zero, "search")).toBe("view");
    expect(mainAction(approved, zero, "search")).toBe("request");
    expect(
      membershipNotice(
        { pid: 1, profileLimits: { profileType: "DONOR", profilesCount: 2, total: 2, lastViewDate: "2099-01-01" }, membership: zero },
        { name: "A", phone: "1" },
        unlocked,
      ),
    ).toBeNull();
    expect(
      membershipNotice(
        { pid: 1, profileLimits: { profileType: "DONOR", profilesCount: 2, total: 2, lastViewDate: "2099-01-01" }, membership: zero },
        { name: "A", phone: "1" },
        approved,
      )?.title,
    ).toBe("No balance left");
  });

  it("keeps a profile unlocked before open after its request was withdrawn, asked again or declined", () => {
    for (const since of [withdrawn, pending, declined]) {
      expect(mainAction({ ...since, viewed: true }, active, "search")).toBe("view");
      expect(mainAction({ ...since, viewed: true }, zero, "viewedProfiles")).toBe("view");
      // Open while the membership is: after it ends, renewing is the way back.
      expect(mainAction({ ...since, viewed: true }, ended, "search")).toBe(since === declined ? "declined" : "renew");
    }
  });

  it("shows a declined request as it stands, whatever the membership", () => {
    expect(requestState(declined)).toBe("declined");
    for (const membership of [active, zero, ended, free]) expect(mainAction(declined, membership, "search")).toBe("declined");
    expect(en[MAIN_ACTION_IDS.declined]).toBe("Request not accepted");
  });

  it("leaves the declined box off the interest lists, which say it in words, but keeps an unlocked profile's view button there", () => {
    for (const page of ["viewedProfiles", "viewedByProfiles"] as const) {
      expect(shownMainAction(declined, active, page)).toBeNull();
      // Sent, approved, viewed, withdrawn, sent again and declined: what was paid for stays open (ADR 0012).
      expect(shownMainAction({ ...declined, viewed: true }, active, page)).toBe("view");
      expect(shownMainAction({ ...declined, viewed: true }, zero, page)).toBe("view");
      expect(shownMainAction({ ...declined, viewed: true }, ended, page)).toBeNull();
      expect(shownMainAction(pending, active, page)).toBe("waiting");
    }
    expect(shownMainAction(declined, active, "search")).toBe("declined");
  });

  it("asks a member whose paid membership ended to renew, and a FREE member to send a request", () => {
    expect(mainAction(approved, ended, "search")).toBe("renew");
    expect(mainAction(noRequest, ended, "search")).toBe("renew");
    expect(mainAction(noRequest, free, "search")).toBe("request");
  });
});

describe("a card's second button on the interest lists", () => {
  it('offers "Hide profile" or "Remove profile from list" on Requests received, as on search (§ "4. States and transitions")', () => {
    expect(listSecondary(noRequest, "viewedByProfiles")).toBe("remove");
    expect(listSecondary(pending, "viewedByProfiles")).toBe("remove");
    expect(listSecondary(declined, "viewedByProfiles")).toBe("remove");
    expect(listSecondary(approved, "viewedByProfiles")).toBe("hide");
  });

  it("offers to withdraw a standing request on Requests I sent, and never to hide or remove there", () => {
    expect(listSecondary(pending, "viewedProfiles")).toBe("withdraw");
    expect(listSecondary(approved, "viewedProfiles")).toBe("withdraw");
    expect(listSecondary(declined, "viewedProfiles")).toBeNull();
    expect(listSecondary(withdrawn, "viewedProfiles")).toBeNull();
  });
});

describe("what the buttons lead to", () => {
  const user = (membership: ViewerMembership, lastViewDate: string | null): Pick<CurrentUser, "pid" | "profileLimits" | "membership"> => ({
    pid: 10234,
    profileLimits: { profileType: "DONOR", profilesCount: 10, total: 10 - membership.balance, lastViewDate },
    membership,
  });
  const agency = { name: "Sri Lakshmi Marriage Bureau", phone: "+91 98765 43210" };

  it("tells a member whose membership ended on which day, what waits, and how to renew", () => {
    expect(membershipEndedTextInEnglish(user(ended, "2026-10-31").profileLimits, agency)).toBe(
      "Your GOLD membership ended on 31-10-2026. 4 profile views are waiting for you: renew to use them. To renew, call or WhatsApp Sri Lakshmi Marriage Bureau +91 98765 43210.",
    );
    expect(membershipEndedTextInEnglish(user({ ...ended, balance: 0 }, "2026-10-31").profileLimits, agency)).toBe(
      "Your GOLD membership ended on 31-10-2026. Renew to see phone numbers and full details again. To renew, call or WhatsApp Sri Lakshmi Marriage Bureau +91 98765 43210.",
    );
    expect(membershipNotice(user(ended, "2026-10-31"), agency)).toEqual({
      title: "Membership ended",
      text: membershipEndedTextInEnglish(user(ended, "2026-10-31").profileLimits, agency),
    });
  });

  it('says what a view costs under the confirmation of § "8. Error catalogue"', () => {
    expect(viewConfirmText(user(active, "2099-03-31"), approved)).toEqual([
      "Your balance of profiles is 3. Your membership will expire on 31-03-2099. Are you sure you want to view this profile?",
      "This uses 1 of your 3 views.",
    ]);
    expect(viewConfirmText(user(zero, "2099-03-31"), unlocked)[1]).toBe("You unlocked this profile before: no view is used.");
  });
});
