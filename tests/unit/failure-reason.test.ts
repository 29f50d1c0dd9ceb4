import { afterEach, describe, expect, it } from "vitest";
import { te } from "#shared/i18n/te.ts";
import { linkFailure } from "#web/features/auto-login/lib/link-outcome.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { failureReason, queryFailureText } from "#web/lib/failure-reason.ts";
import { activateLanguage } from "#web/lib/i18n.ts";

// Why a call failed, in the member's language (web/lib/failure-reason.ts, ADR
// 0040): the client's own texts for a call without a readable answer are
// English, for the logs; a member in Telugu mode reads the catalogue's.

const agency = { name: "Sri Lakshmi Marriage Bureau", phone: "+91 98765 43210" };

describe("failureReason", () => {
  afterEach(() => activateLanguage("en"));

  it("words a call that got no answer in the active language, and keeps the server's own words", async () => {
    await activateLanguage("te");
    const offline = new ApiError({ status: 0, code: "NETWORK_ERROR", error: "Could not reach the server. Please check your internet connection." });
    const slow = new ApiError({ status: 0, code: "TIMEOUT", error: "The server took too long to answer. Please try again." });
    const garbled = new ApiError({ status: 502, code: "BAD_RESPONSE", error: "Request failed with status 502." });
    const server = new ApiError({ status: 500, code: "INTERNAL", error: "సర్వర్‌లో ఏదో పొరపాటు జరిగింది.", fromServer: true });
    expect(failureReason(offline)).toBe(te["common.unreachable"]);
    expect(failureReason(slow)).toBe(te["common.tooSlow"]);
    expect(failureReason(garbled)).toBe(te["common.unreadableAnswer"]);
    expect(failureReason(server)).toBe("సర్వర్‌లో ఏదో పొరపాటు జరిగింది.");
    // A link opened offline says so in Telugu, and offers to try again.
    expect(linkFailure(offline, "profile", agency)).toEqual({ text: te["common.unreachable"], retryable: true });
    await activateLanguage("en");
    expect(failureReason(offline)).toBe("Could not reach the server. Please check your internet connection.");
  });

  it("words a failed query for the screen: the API client's failures as failureReason does, and never a bare English message", async () => {
    await activateLanguage("te");
    const garbled = new ApiError({ status: 502, code: "BAD_RESPONSE", error: "Request failed with status 502." });
    const server = new ApiError({ status: 404, code: "NOT_FOUND", error: "ప్రొఫైల్ దొరకలేదు.", fromServer: true });
    expect(queryFailureText(garbled)).toBe(te["common.unreadableAnswer"]);
    expect(queryFailureText(server)).toBe("ప్రొఫైల్ దొరకలేదు.");
    // A fault of the page itself (a TypeError while reading an answer) has an English message for the logs.
    expect(queryFailureText(new TypeError("Cannot read properties of undefined (reading 'pid')"))).toBe(te["common.somethingWrongTryLater"]);
  });
});
