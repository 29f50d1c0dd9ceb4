import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRAHA_MAITRI_POINTS, PLANETS, YONI_ANIMALS, YONI_OF_STAR, YONI_POINTS } from "../../shared/astro/ashtakoota-tables.ts";
import { KOOTAS, MAX_POINTS, PADA_COUNT, birthStarOfPada, padaIndex, scoreAshtakoota, type BirthStar } from "../../shared/astro/ashtakoota.ts";

// Worked examples are derived by hand from the rules in docs/decisions/0016:
// the raasi is floor(((star - 1) * 4 + pada - 1) / 9) + 1; tara counts both
// ways, inclusive, remainder of nine; each other koota is read off its table
// (ashtakoota-tables.ts). Each step of the derivation is in the comment.

const birth = (star: number, pada: number): BirthStar => ({ star, pada });
const allBirthStars = Array.from({ length: PADA_COUNT }, (_, index) => birthStarOfPada(index + 1));
const validBirth = fc.record({ star: fc.integer({ min: 1, max: 27 }), pada: fc.integer({ min: 1, max: 4 }) });

describe("scoreAshtakoota: worked examples", () => {
  it("Ashwini 1 groom, Bharani 1 bride: 34", () => {
    // Both in Mesha (padams 1 and 5 of 108): Kshatriya = Kshatriya, varna 1;
    // both Chatushpada, vashya 2; counts 2 (groom from bride: 27, remainder 0)
    // and 2, both good, tara 3; Horse and Elephant are neutral, yoni 2; Mars
    // and Mars, graha maitri 5; Deva groom, Manushya bride, gana 6; same raasi,
    // bhakoot 7; Adi and Madhya, nadi 8. 1+2+3+2+5+6+7+8 = 34.
    expect(scoreAshtakoota(birth(1, 1), birth(2, 1))).toEqual({
      varna: 1,
      vashya: 2,
      tara: 3,
      yoni: 2,
      grahaMaitri: 5,
      gana: 6,
      bhakoot: 7,
      nadi: 8,
      total: 34,
      doshas: { nadi: false, bhakoot: false },
    });
  });

  it("Krittika 1 groom, Rohini 1 bride: 11, with nadi and bhakoot dosha", () => {
    // Mesha (padam 9) and Vrishabha (padam 13): Kshatriya over Vaishya, varna 1;
    // both Chatushpada, vashya 2; counts 27 and 2, tara 3; Sheep and Serpent,
    // yoni 2; Mars and Venus both neutral, graha maitri 3; Rakshasa groom,
    // Manushya bride, gana 0; Vrishabha is 2nd from Mesha, bhakoot 0 (dosha);
    // Antya and Antya, nadi 0 (dosha). 1+2+3+2+3+0+0+0 = 11.
    expect(scoreAshtakoota(birth(3, 1), birth(4, 1))).toEqual({
      varna: 1,
      vashya: 2,
      tara: 3,
      yoni: 2,
      grahaMaitri: 3,
      gana: 0,
      bhakoot: 0,
      nadi: 0,
      total: 11,
      doshas: { nadi: true, bhakoot: true },
    });
  });

  it("Hasta 1 groom, Ashwini 1 bride: 8; the roles swapped: 10", () => {
    // Kanya (padam 49, floor(48/9) + 1 = 6) and Mesha. Vaishya groom below a
    // Kshatriya bride, varna 0; Manava groom, Chatushpada bride, vashya 0;
    // from the bride 13 (remainder 4, good), from the groom 16 (remainder 7,
    // Naidhana), tara 1.5; Buffalo and Horse are bitter enemies, yoni 0;
    // Mercury and Mars, neutral and enemy, graha maitri 0.5; Deva and Deva,
    // gana 6; Mesha is 8th from Kanya, bhakoot 0; Adi and Adi, nadi 0.
    expect(scoreAshtakoota(birth(13, 1), birth(1, 1))).toMatchObject({ varna: 0, vashya: 0, tara: 1.5, yoni: 0, grahaMaitri: 0.5, gana: 6, total: 8 });
    // Swapped: Kshatriya groom over a Vaishya bride, varna 1; Chatushpada groom,
    // Manava bride, vashya 1; the rest does not depend on the roles. 10.
    expect(scoreAshtakoota(birth(1, 1), birth(13, 1))).toMatchObject({ varna: 1, vashya: 1, tara: 1.5, yoni: 0, grahaMaitri: 0.5, total: 10 });
  });

  it("Mula 1 groom, Purvashadha 3 bride: Dhanu's halves give different vashya groups", () => {
    // Both in Dhanu: Mula 1 is its 1st padam (first half, Manava), Purvashadha 3
    // its 7th (second half, Chatushpada): vashya 0. Kshatriya both, varna 1;
    // counts 27 and 2, tara 3; Dog and Monkey, yoni 2; Jupiter twice, 5;
    // Rakshasa groom, Manushya bride, gana 0; same raasi, 7; Adi and Madhya, 8.
    expect(scoreAshtakoota(birth(19, 1), birth(20, 3))).toMatchObject({ vashya: 0, total: 1 + 0 + 3 + 2 + 5 + 0 + 7 + 8 });
    // Purvashadha 1 is Dhanu's 5th padam, starting at 13 deg 20 min: the first half.
    expect(scoreAshtakoota(birth(19, 1), birth(20, 1)).vashya).toBe(2);
  });

  it("Makara's halves: Shravana 2 is still Chatushpada, Shravana 3 is Jalachara", () => {
    // Groom Mesha (Chatushpada): with a Chatushpada bride 2, with a Jalachara bride 1.
    expect(scoreAshtakoota(birth(1, 1), birth(22, 2)).vashya).toBe(2);
    expect(scoreAshtakoota(birth(1, 1), birth(22, 3)).vashya).toBe(1);
  });
});

describe("scoreAshtakoota: properties", () => {
  it("is total over all 11,664 inputs: each koota within its bounds, in halves, the total their sum", () => {
    let count = 0;
    for (const boy of allBirthStars) {
      for (const girl of allBirthStars) {
        const score = scoreAshtakoota(boy, girl);
        let sum = 0;
        for (const { key, max } of KOOTAS) {
          const points = score[key];
          if (points < 0 || points > max || !Number.isInteger(points * 2)) throw new Error(`${key} = ${points} for ${JSON.stringify({ boy, girl })}`);
          sum += points;
        }
        if (score.total !== sum || score.total > MAX_POINTS) throw new Error(`total ${score.total} for ${JSON.stringify({ boy, girl })}`);
        if (score.doshas.nadi !== (score.nadi === 0) || score.doshas.bhakoot !== (score.bhakoot === 0)) throw new Error(`doshas for ${JSON.stringify({ boy, girl })}`);
        count++;
      }
    }
    expect(count).toBe(11_664);
  });

  it("has maximums adding to 36", () => {
    expect(KOOTAS.reduce((sum, koota) => sum + koota.max, 0)).toBe(MAX_POINTS);
  });

  it("gives the same tara, yoni, graha maitri, bhakoot and nadi whoever is the groom", () => {
    fc.assert(
      fc.property(validBirth, validBirth, (a, b) => {
        const [one, other] = [scoreAshtakoota(a, b), scoreAshtakoota(b, a)];
        for (const key of ["tara", "yoni", "grahaMaitri", "bhakoot", "nadi"] as const) expect(one[key]).toBe(other[key]);
      }),
    );
  });

  it("finds nadi dosha exactly when both stars share a nadi, which the same star always does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 27 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (star, p1, p2) => {
        const score = scoreAshtakoota(birth(star, p1), birth(star, p2));
        expect(score.doshas.nadi).toBe(true);
        expect(score.yoni).toBe(4);
        expect(score.tara).toBe(3);
      }),
    );
  });

  it("finds bhakoot dosha for raasis 2/12, 5/9 and 6/8 apart, never otherwise", () => {
    // The first padam of each raasi: padam 9 * (raasi - 1) + 1.
    const firstOf = (raasi: number) => birthStarOfPada(9 * (raasi - 1) + 1);
    for (let groom = 1; groom <= 12; groom++) {
      for (let bride = 1; bride <= 12; bride++) {
        const apart = ((bride - groom + 12) % 12) + 1;
        const dosha = [2, 12, 5, 9, 6, 8].includes(apart);
        expect(scoreAshtakoota(firstOf(groom), firstOf(bride)).bhakoot).toBe(dosha ? 0 : 7);
      }
    }
  });

  it("throws a clear error for anything but a star 1-27 and a padam 1-4", () => {
    const badNumber = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 28 }), fc.double({ min: 1.01, max: 26.99, noInteger: true }), fc.constant(Number.NaN));
    fc.assert(
      fc.property(badNumber, validBirth, (star, other) => {
        expect(() => scoreAshtakoota({ star, pada: 1 }, other)).toThrow(/groom's star must be a whole number from 1 \(Ashwini\) to 27/);
        expect(() => scoreAshtakoota(other, { star: 1, pada: star })).toThrow(/bride's padam must be a whole number from 1 to 4/);
      }),
    );
    expect(() => scoreAshtakoota(null as unknown as BirthStar, birth(1, 1))).toThrow(RangeError);
  });
});

describe("the tables", () => {
  it("graha maitri follows Parashara's natural friendships", () => {
    // BPHS ch. 3: each planet's friends and enemies; the rest are neutral.
    const relations: Record<(typeof PLANETS)[number], { friends: string[]; enemies: string[] }> = {
      sun: { friends: ["moon", "mars", "jupiter"], enemies: ["venus", "saturn"] },
      moon: { friends: ["sun", "mercury"], enemies: [] },
      mars: { friends: ["sun", "moon", "jupiter"], enemies: ["mercury"] },
      mercury: { friends: ["sun", "venus"], enemies: ["moon"] },
      jupiter: { friends: ["sun", "moon", "mars"], enemies: ["mercury", "venus"] },
      venus: { friends: ["mercury", "saturn"], enemies: ["sun", "moon"] },
      saturn: { friends: ["mercury", "venus"], enemies: ["sun", "moon", "mars"] },
    };
    const view = (of: (typeof PLANETS)[number], other: string) =>
      relations[of].friends.includes(other) ? "F" : relations[of].enemies.includes(other) ? "E" : "N";
    const points: Record<string, number> = { FF: 5, FN: 4, NN: 3, EF: 1, EN: 0.5, EE: 0 };
    PLANETS.forEach((a, i) =>
      PLANETS.forEach((b, j) => {
        const expected = a === b ? 5 : points[[view(a, b), view(b, a)].sort().join("")];
        expect(GRAHA_MAITRI_POINTS[i]![j], `${a}-${b}`).toBe(expected);
      }),
    );
  });

  it("yoni: same animal 4, the seven bitter enemies 0, symmetric, every animal on two stars", () => {
    const bitter = [
      ["horse", "buffalo"],
      ["elephant", "lion"],
      ["sheep", "monkey"],
      ["serpent", "mongoose"],
      ["dog", "deer"],
      ["cat", "rat"],
      ["cow", "tiger"],
    ];
    YONI_ANIMALS.forEach((a, i) =>
      YONI_ANIMALS.forEach((b, j) => {
        const enemies = bitter.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
        const cell = YONI_POINTS[i]![j]!;
        expect(cell, `${a}-${b}`).toBe(YONI_POINTS[j]![i]);
        if (i === j) expect(cell).toBe(4);
        else if (enemies) expect(cell, `${a}-${b}`).toBe(0);
        else expect(cell, `${a}-${b}`).toBeGreaterThan(0);
      }),
    );
    for (let animal = 0; animal < YONI_ANIMALS.length; animal++) {
      // Abhijit, the 28th star, would be the second mongoose: the 27 stars leave it with one.
      expect(YONI_OF_STAR.filter((a) => a === animal)).toHaveLength(YONI_ANIMALS[animal] === "mongoose" ? 1 : 2);
    }
  });

  it("numbers the 108 padams one after another", () => {
    for (let index = 1; index <= PADA_COUNT; index++) expect(padaIndex(birthStarOfPada(index))).toBe(index);
  });
});
