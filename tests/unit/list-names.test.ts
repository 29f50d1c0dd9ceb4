import { describe, expect, it } from "vitest";
import { en, type MessageId } from "#shared/i18n/en.ts";
import { LIST_NAMES } from "#web/lib/list-names.ts";

// One name per list (ADR 0015, web/lib/list-names.ts): the menu, the buttons
// that lead to a list, its page title and its heading all read LIST_NAMES'
// id. A second id with the same English text is a second name waiting to
// drift: the Telugu catalogue is written apart, and would one day say the
// list differently (as it did for Requests received).

/** Ids whose English is a list's name for another reason, each with it. */
const NOT_LIST_NAMES = new Map<MessageId, string>([["autoLogin.nextSearch", "the page an auto-login link opens, inside a sentence; Telugu says it as the page, not as a button"]]);

describe("the lists' names", () => {
  const ids = Object.keys(en) as MessageId[];
  const names = new Set<MessageId>(Object.values(LIST_NAMES));

  for (const [list, id] of Object.entries(LIST_NAMES)) {
    it(`the ${list} list has one name`, () => {
      const others = ids.filter((other) => !names.has(other) && !NOT_LIST_NAMES.has(other) && en[other] === en[id]);
      expect(others, `ids with the text of ${id}: the screens must show ${id} instead`).toEqual([]);
    });
  }
});
