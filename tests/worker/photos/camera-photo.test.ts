import { describe, expect, it } from "vitest";
import { processPhoto } from "#worker/lib/photos/process-photo.ts";
import { workerJpegCodec as codec } from "#worker/lib/photos/worker-codec.ts";
import { twelveMegapixels } from "./hostile-jpegs.ts";
import { decode, encodeJpeg, pixelAt, seededRandom, type Painter } from "./jpeg-fixtures.ts";

// Photos as phones send them: after the web app's downscale (1600 px, the
// entropy of a camera sensor), and straight from the camera (12 megapixels),
// decoded within the default memory budget and resized. Larger photos are
// refused by their header (photo-refusals.test.ts).

/** Smooth colour with sensor-like noise, so the JPEG has a camera photo's entropy. */
function cameraLike(width: number, height: number): Painter {
  const random = seededRandom(12);
  return (x, y) => {
    const noise = random() * 24;
    return [(x / width) * 200 + noise, (y / height) * 180 + noise, ((x + y) / (width + height)) * 160 + 40 + noise];
  };
}

describe("a camera photo", () => {
  it("a 1600x1200 photo at quality 90 fits the default budget and becomes 800x600", () => {
    const result = processPhoto(codec, encodeJpeg(1600, 1200, cameraLike(1600, 1200), 90));
    expect([result.width, result.height]).toEqual([800, 600]);
  });

  it("a 12-megapixel photo as the camera wrote it (4000x3000, baseline 4:2:0) fits the default budget and becomes 800x600", () => {
    const result = processPhoto(codec, twelveMegapixels());
    expect(result).toMatchObject({ width: 800, height: 600, originalWidth: 4000, originalHeight: 3000 });
    // The flat colour of the synthetic frame (Y 81, Cb 90, Cr 240): a strong red.
    const [r, g, b] = pixelAt(decode(result.full), 400, 300);
    expect(r).toBeGreaterThan(200);
    expect(Math.max(g, b)).toBeLessThan(40);
  });
});
