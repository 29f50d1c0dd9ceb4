// Raasi from star and padham. The zodiac is 108 padas (27 stars x 4 padhams)
// and each raasi spans exactly 9 of them, starting with Ashwini pada 1 in
// Mesha: so the raasi is never chosen, it follows from the birth star.

export const STAR_COUNT = 27;
export const PADHAM_COUNT = 4;
export const RAASI_COUNT = 12;
const PADAS_PER_RAASI = (STAR_COUNT * PADHAM_COUNT) / RAASI_COUNT;

/** Star 1-27 and padham 1-4 to raasi 1-12 (Mesha = 1 ... Meena = 12). */
export function raasiNumber(star: number, padham: number): number {
  if (!Number.isInteger(star) || star < 1 || star > STAR_COUNT) throw new RangeError(`star ${star} is not 1-${STAR_COUNT}`);
  if (!Number.isInteger(padham) || padham < 1 || padham > PADHAM_COUNT) throw new RangeError(`padham ${padham} is not 1-${PADHAM_COUNT}`);
  const pada = (star - 1) * PADHAM_COUNT + (padham - 1);
  return Math.floor(pada / PADAS_PER_RAASI) + 1;
}
