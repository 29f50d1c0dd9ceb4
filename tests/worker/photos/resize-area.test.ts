import { describe, expect, it } from "vitest";
import { resizeArea, type RgbaRaster } from "#worker/lib/photos/raster.ts";

// The area-averaging resize of the photo pipeline (worker/lib/photos/raster.ts)
// against the definition it implements: each output pixel is the mean of the
// source rectangle it covers, a source pixel cut by the rectangle's edge
// counting by the fraction inside. Its fixed-point weights may move a value by
// one step in 255, never more.

function raster(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): RgbaRaster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...pixel(x, y), 255], (y * width + x) * 4);
  }
  return { width, height, channels: 4, data };
}

/** Deterministic noise (xorshift): every channel of every pixel differs, so every weight shows. */
function noise(width: number, height: number, seed: number): RgbaRaster {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % 256;
  };
  return raster(width, height, () => [next(), next(), next()]);
}

/** How much of source pixel j lies within output pixel i's interval, out of the interval's length. */
function coverage(i: number, j: number, scale: number): number {
  const start = i * scale;
  const end = (i + 1) * scale;
  return Math.max(0, Math.min(j + 1, end) - Math.max(j, start)) / scale;
}

/** The definition, in doubles, summing over every source pixel: slow and plain. */
function reference(source: RgbaRaster, width: number, height: number): number[] {
  const sx = source.width / width;
  const sy = source.height / height;
  const values: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let total = 0;
        for (let j = Math.floor(y * sy); j < Math.min(source.height, Math.ceil((y + 1) * sy)); j++) {
          for (let i = Math.floor(x * sx); i < Math.min(source.width, Math.ceil((x + 1) * sx)); i++) {
            total += (source.data[(j * source.width + i) * 4 + c] ?? 0) * coverage(x, i, sx) * coverage(y, j, sy);
          }
        }
        values.push(total);
      }
    }
  }
  return values;
}

function largestDifference(resized: RgbaRaster, expected: number[]): number {
  let largest = 0;
  for (let p = 0; p < resized.width * resized.height; p++) {
    for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs((resized.data[p * 4 + c] ?? 0) - (expected[p * 3 + c] ?? 0)));
  }
  return largest;
}

describe("resizeArea", () => {
  it("weighs a source pixel cut by an output pixel's edge by the fraction inside", () => {
    // 3 px to 2: each output covers 1.5 source pixels, so the middle one counts half in each.
    const row = raster(3, 1, (x) => [[0, 90, 180][x] ?? 0, 0, 0]);
    const resized = resizeArea(row, 2, 1);
    expect(Array.from(resized.data)).toEqual([30, 0, 0, 255, 150, 0, 0, 255]);
    const column = raster(1, 3, (_, y) => [0, [0, 90, 180][y] ?? 0, 0]);
    expect(Array.from(resizeArea(column, 1, 2).data)).toEqual([0, 30, 0, 255, 0, 150, 0, 255]);
  });

  it("matches the definition within one step, by whole and fractional factors and with rows shared between output rows", () => {
    // 2x (as 1600x1200 to 800x600), 1.6x (1200x1600 to 750x1000), 5.04x (4032x3024 to 800x600), and odd sizes.
    const cases: [number, number, number, number][] = [
      [64, 48, 32, 24],
      [48, 64, 30, 40],
      [121, 91, 24, 18],
      [97, 53, 41, 29],
    ];
    for (const [sourceWidth, sourceHeight, width, height] of cases) {
      const source = noise(sourceWidth, sourceHeight, sourceWidth * 7919 + sourceHeight);
      const resized = resizeArea(source, width, height);
      expect([resized.width, resized.height, resized.data.length]).toEqual([width, height, width * height * 4]);
      expect(largestDifference(resized, reference(source, width, height))).toBeLessThanOrEqual(1);
    }
  });

  it("makes every pixel opaque and keeps a flat colour exact", () => {
    const resized = resizeArea(
      raster(50, 70, () => [200, 120, 60]),
      17,
      23,
    );
    for (let p = 0; p < 17 * 23; p++) expect(Array.from(resized.data.subarray(p * 4, p * 4 + 4))).toEqual([200, 120, 60, 255]);
  });

  it("reads pixels that do not start on a 4-byte boundary as well as those that do", () => {
    const source = noise(40, 30, 42);
    const shifted = new Uint8Array(source.data.length + 1);
    shifted.set(source.data, 1);
    const unaligned: RgbaRaster = { ...source, data: shifted.subarray(1) };
    expect(Array.from(resizeArea(unaligned, 13, 11).data)).toEqual(Array.from(resizeArea(source, 13, 11).data));
  });
});
