import { describe, expect, it } from "vitest";
import { PhotoError, processPhoto } from "../../../worker/lib/photos/process-photo.ts";
import { encodeJpeg, seededRandom, type Painter } from "./jpeg-fixtures.ts";

// CPU time of the pipeline inside workerd, printed for the record (the
// numbers in the report come from here), and the memory budget's verdict
// on the photo sizes members actually send.

/** Smooth colour with sensor-like noise, so the JPEG has a camera photo's entropy. */
function cameraLike(width: number, height: number): Painter {
  const random = seededRandom(12);
  return (x, y) => {
    const noise = random() * 24;
    return [(x / width) * 200 + noise, (y / height) * 180 + noise, ((x + y) / (width + height)) * 160 + 40 + noise];
  };
}

function timed(input: Uint8Array, decodeBudgetBytes?: number) {
  const started = performance.now();
  const result = processPhoto(input, { decodeBudgetBytes });
  return { result, ms: Math.round(performance.now() - started) };
}

describe("photo pipeline timings (workerd)", () => {
  it("a 1600x1200 photo, within the default budget", () => {
    const input = encodeJpeg(1600, 1200, cameraLike(1600, 1200), 90);
    const { result, ms } = timed(input);
    console.log(`1600x1200 (${Math.round(input.length / 1024)} KB, 4:4:4): ${ms} ms`);
    expect([result.width, result.height]).toEqual([800, 600]);
  });

  it("a 12 MP (4000x3000) photo: refused by the default budget, decodable with a larger one", () => {
    const input = encodeJpeg(4000, 3000, cameraLike(4000, 3000), 90);
    let refusal: unknown;
    try {
      processPhoto(input);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PhotoError);
    expect((refusal as PhotoError).code).toBe("TOO_MANY_PIXELS");

    const { result, ms } = timed(input, 1024 * 1024 * 1024);
    console.log(`4000x3000 (${Math.round(input.length / 1024)} KB, 4:4:4), budget raised: ${ms} ms`);
    expect([result.width, result.height]).toEqual([800, 600]);
  });
});
