import { describe, expect, it } from "vitest";
import { readJpegHeader } from "#worker/lib/photos/jpeg-header.ts";
import { BLUR_WIDTH, processPhoto } from "#worker/lib/photos/process-photo.ts";
import { workerJpegCodec as codec } from "#worker/lib/photos/worker-codec.ts";
import { GRAYSCALE, PROGRESSIVE_420, RESTARTS_420 } from "./cjpeg-samples.ts";
import {
  GPS_LATITUDE,
  GREEN,
  RED,
  containsAscii,
  containsBytes,
  cornerColors,
  decode,
  encodeJpeg,
  fromBase64,
  headerMarkers,
  insertAfterSoi,
  pixelAt,
  quadrants,
  segment,
  solid,
  withExif,
  type Decoded,
  type Painter,
} from "./jpeg-fixtures.ts";

// The photo pipeline inside workerd, on JPEGs made in the test: size,
// orientation, resampling, what the stored bytes carry, the blurred copy.

const SOI = [0xff, 0xd8];
const APP0 = 0xe0;
const APP1 = 0xe1;

function expectCleanJpeg(bytes: Uint8Array): void {
  expect(Array.from(bytes.subarray(0, 2))).toEqual(SOI);
  expect(Array.from(bytes.subarray(-2))).toEqual([0xff, 0xd9]);
  // mozjpeg writes JFIF APP0, tables, the frame and the scan: no APP1, so no EXIF.
  const markers = headerMarkers(bytes);
  expect(markers[0]).toBe(APP0);
  expect(markers).not.toContain(APP1);
  expect(markers.at(-1)).toBe(0xda);
}

function stats(image: Decoded): { mean: number; spread: number } {
  let sum = 0;
  let min = 255;
  let max = 0;
  const count = image.width * image.height;
  for (let i = 0; i < count; i++) {
    const value = image.data[i * 4] ?? 0;
    sum += value;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return { mean: sum / count, spread: max - min };
}

describe("processPhoto: size", () => {
  it("fits a portrait photo within 800x1000, keeping its aspect ratio", () => {
    const result = processPhoto(codec, encodeJpeg(1200, 1600, quadrants(1200, 1600)));
    expect(result).toMatchObject({ width: 750, height: 1000, originalWidth: 1200, originalHeight: 1600 });
    const full = decode(result.full);
    expect([full.width, full.height]).toEqual([750, 1000]);
    expect(cornerColors(full)).toEqual(["red", "green", "white", "blue"]);
    expectCleanJpeg(result.full);
  });

  it("fits a landscape photo by its width", () => {
    const result = processPhoto(codec, encodeJpeg(2000, 1000, quadrants(2000, 1000)));
    expect(result).toMatchObject({ width: 800, height: 400, originalWidth: 2000, originalHeight: 1000 });
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });

  it("never enlarges a small photo", () => {
    const result = processPhoto(codec, encodeJpeg(300, 400, quadrants(300, 400)));
    expect(result).toMatchObject({ width: 300, height: 400, originalWidth: 300, originalHeight: 400 });
  });

  it("averages areas when shrinking, instead of picking one pixel in several", () => {
    // One-pixel black and white stripes: halving them must give even grey.
    // Nearest-neighbour would give all black or all white.
    const stripes: Painter = (x) => (x % 2 === 0 ? [0, 0, 0] : [255, 255, 255]);
    const result = processPhoto(codec, encodeJpeg(1600, 1000, stripes, 100));
    expect([result.width, result.height]).toEqual([800, 500]);
    const { mean, spread } = stats(decode(result.full));
    expect(mean).toBeGreaterThan(110);
    expect(mean).toBeLessThan(145);
    expect(spread).toBeLessThan(40);
  });

  it("keeps the colours of a flat photo", () => {
    const full = decode(processPhoto(codec, encodeJpeg(900, 1200, solid([200, 120, 60]))).full);
    const [r, g, b] = pixelAt(full, 100, 100);
    expect(Math.abs(r - 200)).toBeLessThan(6);
    expect(Math.abs(g - 120)).toBeLessThan(6);
    expect(Math.abs(b - 60)).toBeLessThan(6);
  });
});

describe("processPhoto: EXIF orientation", () => {
  // Stored 64x32 with red | green over blue | white. Corners are listed
  // clockwise from top-left as the photo must look once upright.
  const stored = encodeJpeg(64, 32, quadrants(64, 32));
  it.each([
    [1, [64, 32], ["red", "green", "white", "blue"]],
    [2, [64, 32], ["green", "red", "blue", "white"]], // mirrored left-right
    [3, [64, 32], ["white", "blue", "red", "green"]], // turned 180
    [4, [64, 32], ["blue", "white", "green", "red"]], // mirrored top-bottom
    [5, [32, 64], ["red", "blue", "white", "green"]], // transposed
    [6, [32, 64], ["blue", "red", "green", "white"]], // a quarter turn clockwise
    [7, [32, 64], ["white", "green", "red", "blue"]], // transverse
    [8, [32, 64], ["green", "white", "blue", "red"]], // a quarter turn anticlockwise
  ] as const)("orientation %i gives %j with the quadrants where the camera saw them", (orientation, size, corners) => {
    const result = processPhoto(codec, withExif(stored, { orientation }));
    expect([result.width, result.height]).toEqual(size);
    expect([result.originalWidth, result.originalHeight]).toEqual(size);
    const full = decode(result.full);
    expect([full.width, full.height]).toEqual(size);
    expect(cornerColors(full)).toEqual(corners);
  });

  it("reads big-endian (Motorola) EXIF as well as little-endian", () => {
    const result = processPhoto(codec, withExif(stored, { orientation: 6, bigEndian: true }));
    expect(cornerColors(decode(result.full))).toEqual(["blue", "red", "green", "white"]);
  });

  it("turns a large photo before fitting it, so a sideways 12:9 photo fits as a portrait", () => {
    const result = processPhoto(codec, withExif(encodeJpeg(1600, 1200, quadrants(1600, 1200)), { orientation: 6 }));
    expect(result).toMatchObject({ width: 750, height: 1000, originalWidth: 1200, originalHeight: 1600 });
    expect(cornerColors(decode(result.full))).toEqual(["blue", "red", "green", "white"]);
  });

  it("treats an out-of-range orientation as upright", () => {
    const result = processPhoto(codec, withExif(stored, { orientation: 9 }));
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });
});

describe("processPhoto: what the stored photo carries", () => {
  it("drops EXIF and the GPS location from both outputs", () => {
    const input = withExif(encodeJpeg(400, 500, quadrants(400, 500)), { orientation: 1, gps: true });
    // The input really carries them, as a phone would.
    expect(containsAscii(input, "Exif")).toBe(true);
    expect(containsAscii(input, "GPS")).toBe(true);
    const latitude = Array.from(new Uint8Array(new Uint32Array(GPS_LATITUDE).buffer));
    expect(containsBytes(input, latitude)).toBe(true);

    const result = processPhoto(codec, input);
    for (const output of [result.full, result.blur]) {
      expectCleanJpeg(output);
      expect(containsAscii(output, "Exif")).toBe(false);
      expect(containsAscii(output, "GPS")).toBe(false);
      expect(containsBytes(output, latitude)).toBe(false);
    }
  });

  it("keeps colour at full resolution: one-pixel red and green columns stay red and green", () => {
    // mozjpeg's default from quality 80 (4:2:2) averages the colour of each
    // pair of columns, turning both olive; the stored photo keeps 4:4:4 (ADR 0030).
    const columns: Painter = (x) => (x % 2 === 0 ? RED : GREEN);
    const result = processPhoto(codec, encodeJpeg(64, 64, columns, 100));
    const header = readJpegHeader(result.full);
    if (!header.ok) throw new Error(`stored photo unreadable: ${header.reason}`);
    expect(header.header.frame.components.map(({ h, v }) => [h, v])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    const full = decode(result.full);
    for (const x of [20, 21, 30, 31]) {
      const painted = x % 2 === 0 ? RED : GREEN;
      for (const [channel, value] of pixelAt(full, x, 32).entries()) expect(Math.abs(value - (painted[channel] ?? 0))).toBeLessThan(20);
    }
  });

  it("drops comments and other application segments", () => {
    const comment = segment(0xfe, new TextEncoder().encode("Shot on Galaxy, Hyderabad"));
    const result = processPhoto(codec, insertAfterSoi(encodeJpeg(64, 64, quadrants(64, 64)), comment));
    expect(containsAscii(result.full, "Hyderabad")).toBe(false);
  });
});

describe("processPhoto: the blurred derivative", () => {
  it("is about 24 px wide, keeps the aspect ratio and stays under 2 KB", () => {
    const result = processPhoto(codec, encodeJpeg(1200, 1600, quadrants(1200, 1600)));
    const blur = decode(result.blur);
    expect(blur.width).toBe(BLUR_WIDTH);
    expect(blur.height).toBe(32);
    expect(result.blur.length).toBeLessThan(2048);
    expectCleanJpeg(result.blur);
  });

  it("keeps no detail: two different faces of the same colours blur to the same patch", () => {
    // A plain oval "face" with eyes and a mouth, and the same oval with the
    // features moved: fully visible, they differ in hundreds of pixels.
    const face =
      (eyeY: number, mouthY: number): Painter =>
      (x, y) => {
        const inOval = ((x - 300) / 180) ** 2 + ((y - 380) / 240) ** 2 <= 1;
        if (!inOval) return [40, 60, 90];
        const eye = (Math.abs(x - 230) < 30 || Math.abs(x - 370) < 30) && Math.abs(y - eyeY) < 18;
        const mouth = Math.abs(x - 300) < 70 && Math.abs(y - mouthY) < 12;
        return eye || mouth ? [20, 15, 15] : [200, 150, 120];
      };
    const first = processPhoto(codec, encodeJpeg(600, 750, face(320, 500)));
    const second = processPhoto(codec, encodeJpeg(600, 750, face(360, 460)));
    const fullA = decode(first.full);
    const fullB = decode(second.full);
    const blurA = decode(first.blur);
    const blurB = decode(second.blur);
    const largestDifference = (a: Decoded, b: Decoded) => {
      let largest = 0;
      for (let i = 0; i < a.data.length; i++) largest = Math.max(largest, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
      return largest;
    };
    expect(largestDifference(fullA, fullB)).toBeGreaterThan(150);
    expect(largestDifference(blurA, blurB)).toBeLessThan(24);
  });

  it("turns fine detail into flat colour", () => {
    const checkers: Painter = (x, y) => ((Math.floor(x / 10) + Math.floor(y / 10)) % 2 === 0 ? [0, 0, 0] : [255, 255, 255]);
    const { spread } = stats(decode(processPhoto(codec, encodeJpeg(800, 1000, checkers)).blur));
    expect(spread).toBeLessThan(16);
  });
});

describe("processPhoto: JPEGs as phones and editors write them", () => {
  it.each([
    ["progressive 4:2:0", PROGRESSIVE_420],
    ["baseline 4:2:0 with restart markers", RESTARTS_420],
  ])("reads %s", (_kind, sample) => {
    const result = processPhoto(codec, fromBase64(sample));
    expect([result.width, result.height]).toEqual([32, 24]);
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });

  it("reads a greyscale JPEG", () => {
    const result = processPhoto(codec, fromBase64(GRAYSCALE));
    expect([result.width, result.height]).toEqual([32, 24]);
    const [r, g, b] = pixelAt(decode(result.full), 4, 4);
    expect(Math.abs(r - g)).toBeLessThan(4);
    expect(Math.abs(g - b)).toBeLessThan(4);
  });

  it("ignores data a phone appended after the end of the image (motion photos)", () => {
    const jpegBytes = encodeJpeg(64, 64, quadrants(64, 64));
    const trailer = new Uint8Array(5000).fill(0x42);
    const input = new Uint8Array(jpegBytes.length + trailer.length);
    input.set(jpegBytes);
    input.set(trailer, jpegBytes.length);
    expect(processPhoto(codec, input).width).toBe(64);
  });

  it("accepts fill bytes (FF FF) before a marker", () => {
    const jpegBytes = encodeJpeg(64, 64, quadrants(64, 64));
    // SOI, then FF FF FF E0...: two fill bytes before the APP0 marker.
    const input = new Uint8Array(jpegBytes.length + 2);
    input.set(jpegBytes.subarray(0, 2));
    input.set([0xff, 0xff], 2);
    input.set(jpegBytes.subarray(2), 4);
    expect(processPhoto(codec, input).width).toBe(64);
  });

  it("keeps going when the EXIF block is broken, as upright", () => {
    const stored = encodeJpeg(64, 32, quadrants(64, 32));
    const tiff = new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0xff, 0xff, 0x7f]); // IFD0 offset far past the end
    const payload = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]);
    const result = processPhoto(codec, insertAfterSoi(stored, segment(0xe1, payload)));
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });
});
