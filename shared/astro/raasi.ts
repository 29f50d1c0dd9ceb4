// The raasi (moon sign) follows from the star and its padham: the zodiac's
// 108 padhams fall nine to a raasi, starting with Ashwini padham 1 in Mesha.

export const STAR_COUNT = 27;
export const PADHAMS_PER_STAR = 4;
export const RAASI_COUNT = 12;
const PADHAMS_PER_RAASI = (STAR_COUNT * PADHAMS_PER_STAR) / RAASI_COUNT;

/** Raasi 1 (Mesha) to 12 (Meena) for star 1 (Ashwini) to 27 (Revathi) and padham 1 to 4. */
export function raasiOf(star: number, padham: number): number {
  if (!Number.isInteger(star) || star < 1 || star > STAR_COUNT) throw new RangeError(`star must be 1 to ${STAR_COUNT}, got ${star}`);
  if (!Number.isInteger(padham) || padham < 1 || padham > PADHAMS_PER_STAR) throw new RangeError(`padham must be 1 to 4, got ${padham}`);
  return Math.floor(((star - 1) * PADHAMS_PER_STAR + (padham - 1)) / PADHAMS_PER_RAASI) + 1;
}
