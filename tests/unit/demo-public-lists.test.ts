import { describe, expect, it } from "vitest";
import { weekStart } from "#shared/dates.ts";
import { DAY_LIST_SIZE, WEEK_LIST_SIZE, generatePublicLists, type PublishableMember } from "#scripts/demo/generate-public-lists.ts";

// The demo data of the public page /link: a list for the day of seeding and
// one for its week, each showing every state of a public card.

const LABELS = [null, "PAID", "PUBLIC", "MEMBERS", null] as const;
const members: PublishableMember[] = Array.from({ length: 120 }, (_, i) => ({
  pid: 10_021 + i,
  publicProfile: LABELS[i % LABELS.length] ?? null,
  marriageTurn: i % 17 === 0 ? 2 : 1,
  showPhoto: i % 11 === 0 ? 2 : 1,
}));
const byPid = new Map(members.map((m) => [m.pid, m]));

describe("weekStart", () => {
  it("is the Monday of the week, Mondays and Sundays included", () => {
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday
    expect(weekStart("2026-11-16")).toBe("2026-11-16"); // a Monday
    expect(weekStart("2027-01-01")).toBe("2026-12-28"); // across a year
  });
});

describe("generatePublicLists", () => {
  const data = generatePublicLists({ seed: 20_260_607, today: "2026-11-20", members });

  it("publishes the day of seeding and its week, each with a template of messages", () => {
    expect(data.lists.map((l) => [l.date, l.isWeek, l.pids.length])).toEqual([
      ["2026-11-20", false, DAY_LIST_SIZE],
      ["2026-11-16", true, WEEK_LIST_SIZE],
    ]);
    const templateIds = data.templates.map((t) => t.id);
    for (const list of data.lists) expect(templateIds).toContain(list.templateId);
    // Every message uses the markup the page renders.
    for (const template of data.templates) {
      expect(template.messages.length).toBeGreaterThanOrEqual(3);
      expect(template.messages.some((m) => /(^|\s)\*\S[^*\n]*\*/.test(m))).toBe(true);
      expect(template.messages.some((m) => m.includes("\n"))).toBe(true);
    }
  });

  it("lists distinct published members with two of each label, a second marriage and a photo shown to all", () => {
    for (const list of data.lists) {
      const picked = list.pids.map((pid) => byPid.get(pid));
      expect(new Set(list.pids).size).toBe(list.pids.length);
      expect(picked.every((m) => m !== undefined && m.publicProfile !== null)).toBe(true);
      for (const label of ["PAID", "PUBLIC", "MEMBERS"]) expect(picked.filter((m) => m?.publicProfile === label).length).toBeGreaterThanOrEqual(2);
      expect(picked.some((m) => m?.marriageTurn === 2)).toBe(true);
      expect(picked.some((m) => m?.showPhoto === 2)).toBe(true);
    }
  });

  it("is the same for the same seed and differs for another", () => {
    expect(generatePublicLists({ seed: 20_260_607, today: "2026-11-20", members })).toEqual(data);
    expect(generatePublicLists({ seed: 1, today: "2026-11-20", members }).lists[0]?.pids).not.toEqual(data.lists[0]?.pids);
  });
});
