import { describe, expect, it } from "vitest";
import { processPhoto } from "../../../worker/lib/photos/process-photo.ts";
import { encodeJpeg, seededRandom, type Painter } from "./jpeg-fixtures.ts";

// A photo as phones send them after the web app's downscale (1600 px, the
// entropy of a camera sensor): decoded within the default memory budget and
// resized. Larger photos are refused by their header (photo-refusals.test.ts).

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
    const result = processPhoto(encodeJpeg(1600, 1200, cameraLike(1600, 1200), 90));
    expect([result.width, result.height]).toEqual([800, 600]);
  });
});
