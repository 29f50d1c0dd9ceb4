// The data of Ashtakoota guna milan (docs/decisions/0016 names each table's
// source and every cell where publishers print a different value). Stars are
// indexed 0 (Ashwini) to 26 (Revati), raasis 0 (Mesha) to 11 (Meena); in the
// two-sided tables the row is the groom's and the column the bride's. Maitreya8
// reads its tables the same way; PyJHora reads its tables [girl][boy], so a
// table taken from PyJHora appears here transposed (for the symmetric ones
// that changes nothing).

/** Varna by raasi, assigned as Maitreya8's getVarna does: 4 Brahmin (water signs), 3 Kshatriya (fire), 2 Vaishya (earth), 1 Shudra (air). */
export const VARNA_OF_RAASI = [3, 2, 1, 4, 3, 2, 1, 4, 3, 2, 1, 4] as const;

export const VASHYA_GROUPS = ["chatushpada", "manava", "jalachara", "vanachara", "keeta"] as const;
export type VashyaGroup = (typeof VASHYA_GROUPS)[number];

/**
 * Vashya group by raasi. Dhanu and Makara change group at 15 degrees; the
 * pair gives [first half, second half] (ashtakoota.ts decides the half by padham).
 */
export const VASHYA_OF_RAASI: readonly (VashyaGroup | readonly [VashyaGroup, VashyaGroup])[] = [
  "chatushpada", // Mesha
  "chatushpada", // Vrishabha
  "manava", // Mithuna
  "jalachara", // Karka
  "vanachara", // Simha
  "manava", // Kanya
  "manava", // Tula
  "keeta", // Vrischika
  ["manava", "chatushpada"], // Dhanu
  ["chatushpada", "jalachara"], // Makara
  "manava", // Kumbha
  "jalachara", // Meena
];

/**
 * Vashya points, groom's group by row, bride's by column, in VASHYA_GROUPS
 * order. Neither source's table (ADR 0016); its one asymmetric pair, a
 * Chatushpada groom with a Manava bride 1 and the reverse 0, is Maitreya8's.
 */
export const VASHYA_POINTS: readonly (readonly number[])[] = [
  [2, 1, 1, 0.5, 1],
  [0, 2, 0.5, 0, 1],
  [1, 0.5, 2, 1, 1],
  [0.5, 0, 1, 2, 0],
  [1, 1, 1, 0, 2],
];

export const YONI_ANIMALS = ["horse", "elephant", "sheep", "serpent", "dog", "cat", "rat", "cow", "buffalo", "tiger", "deer", "monkey", "mongoose", "lion"] as const;

/** Yoni animal (index into YONI_ANIMALS) of each star, Ashwini to Revati. */
export const YONI_OF_STAR = [0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1] as const;

/**
 * Yoni points in YONI_ANIMALS order: 4 same animal, 3 friends, 2 neutral,
 * 1 enemies, 0 bitter enemies. PyJHora's YoniArray, which is symmetric (the
 * couple's animals, not their roles), except horse-deer: 3 as Maitreya8
 * has it, where PyJHora has 1.
 */
export const YONI_POINTS: readonly (readonly number[])[] = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 3, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [3, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

export const PLANETS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"] as const;

/** Lord (index into PLANETS) of each raasi, Mesha to Meena. */
export const LORD_OF_RAASI = [2, 5, 3, 1, 0, 3, 5, 2, 4, 6, 6, 4] as const;

/**
 * Graha maitri points of the two raasi lords, in PLANETS order: 5 mutual
 * friends or the same lord, 4 friend and neutral, 3 both neutral, 1 friend
 * and enemy, 0.5 neutral and enemy, 0 mutual enemies. PyJHora's
 * raasi_adhipathi_array, symmetric; Maitreya8 scores 2, 2 and 1 for the
 * middle three.
 */
export const GRAHA_MAITRI_POINTS: readonly (readonly number[])[] = [
  [5, 5, 5, 4, 5, 0, 0],
  [5, 5, 4, 1, 4, 0.5, 0.5],
  [5, 4, 5, 0.5, 5, 3, 0.5],
  [4, 1, 0.5, 5, 0.5, 5, 4],
  [5, 4, 5, 0.5, 5, 0.5, 3],
  [0, 0.5, 3, 5, 0.5, 5, 5],
  [0, 0.5, 0.5, 4, 3, 5, 5],
];

/** Gana of each star, Ashwini to Revati: 0 Deva, 1 Manushya, 2 Rakshasa. */
export const GANA_OF_STAR = [0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0] as const;

/**
 * Gana points, groom's gana by row, bride's by column: a Deva groom scores 5
 * with a Manushya bride and 1 with a Rakshasa bride; a Manushya groom 6 with a
 * Deva bride; a Rakshasa groom 0 with either. This is Maitreya8's gana_map,
 * read [groom][bride], and PyJHora's gana_array transposed, which PyJHora
 * reads [girl][boy] (docs/decisions/0016).
 */
export const GANA_POINTS: readonly (readonly number[])[] = [
  [6, 5, 1],
  [6, 6, 0],
  [0, 0, 6],
];

/** Nadi of each star (0 Adi, 1 Madhya, 2 Antya): the stars zigzag Adi, Madhya, Antya, Antya, Madhya, Adi. */
export const NADI_OF_STAR = [0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2] as const;
