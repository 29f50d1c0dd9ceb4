import { afterEach, describe, expect, it, vi } from "vitest";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { PhotoError, processPhoto, type PhotoErrorCode } from "#worker/lib/photos/process-photo.ts";
import { workerJpegCodec as codec } from "#worker/lib/photos/worker-codec.ts";
import { PROGRESSIVE_420 } from "./cjpeg-samples.ts";
import { encodeJpeg, findMarker, fromBase64, quadrants, seededRandom, sofOffset, withFrameSize } from "./jpeg-fixtures.ts";

// Every bad upload ends in a PhotoError with the right code and the
// member's message, never in another exception (which would be a 500).

const MESSAGES: Record<PhotoErrorCode, string> = {
  NOT_JPEG: PHOTO_MESSAGES.jpegOnly,
  TOO_LARGE: PHOTO_MESSAGES.tooLarge,
  TOO_MANY_PIXELS: PHOTO_MESSAGES.tooManyPixels,
  TOO_COMPLEX: PHOTO_MESSAGES.unreadable,
  UNREADABLE: PHOTO_MESSAGES.unreadable,
};

function refusal(input: Uint8Array): PhotoError {
  try {
    processPhoto(codec, input);
  } catch (error) {
    if (error instanceof PhotoError) return error;
    throw new Error(`expected a PhotoError, got ${String(error)}`);
  }
  throw new Error("expected the photo to be refused");
}

function expectRefused(input: Uint8Array, code: PhotoErrorCode): void {
  const error = refusal(input);
  expect(error.code).toBe(code);
  expect(error.message).toBe(MESSAGES[code]);
}

const valid = encodeJpeg(120, 160, quadrants(120, 160));

/** A real PNG: signature, IHDR (1x1 RGB) and IEND, as a phone might save a screenshot. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 0, 0x49, 0x45, 0x4e,
  0x44, 0xae, 0x42, 0x60, 0x82,
]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("processPhoto refuses what is not a JPEG", () => {
  it.each([
    ["a PNG (named .jpg or not: only the bytes count)", PNG],
    ["an empty file", new Uint8Array(0)],
    ["a GIF", new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000")],
    ["a PDF", new TextEncoder().encode("%PDF-1.7\n")],
    ["a HEIC box header", new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63])],
    ["JPEG SOI without a marker after it", new Uint8Array([0xff, 0xd8, 0x00, 0x10])],
    ["only two bytes of a JPEG", new Uint8Array([0xff, 0xd8])],
  ])("%s: NOT_JPEG", (_name, input) => {
    expectRefused(input, "NOT_JPEG");
  });
});

describe("processPhoto refuses what is too big, before reading it", () => {
  it("refuses more than 10 MB, even of a valid JPEG padded at the end", () => {
    const input = new Uint8Array(PHOTO_LIMITS.maxBytes + 1);
    input.set(valid);
    expectRefused(input, "TOO_LARGE");
  });

  it("refuses more than 10 MB of anything before looking at the bytes", () => {
    expectRefused(new Uint8Array(PHOTO_LIMITS.maxBytes + 1).fill(0x89), "TOO_LARGE");
  });

  it("accepts exactly 10 MB", () => {
    const input = new Uint8Array(PHOTO_LIMITS.maxBytes);
    input.set(valid);
    expect(processPhoto(codec, input).width).toBe(120);
  });

  it("refuses a header claiming 20000x20000 without decoding", () => {
    const decode = vi.spyOn(codec, "decode");
    // The scan is cut off too: had the pipeline gone past the header, it would say UNREADABLE.
    const claim = withFrameSize(valid, 20_000, 20_000).subarray(0, sofOffset(valid) + 40);
    expectRefused(claim, "TOO_MANY_PIXELS");
    expect(decode).not.toHaveBeenCalled();
  });

  it("refuses a progressive header claiming more than 40 megapixels", () => {
    expectRefused(withFrameSize(fromBase64(PROGRESSIVE_420), 8000, 5001), "TOO_MANY_PIXELS");
  });

  it("refuses, without decoding, a photo under 40 megapixels that would not fit the decode memory budget", () => {
    const decode = vi.spyOn(codec, "decode");
    // 6000x4000 passes the pixel cap, but its pixels alone take 92 MiB of the
    // decoder's heap; a progressive 12 MP photo adds 34 MiB of coefficients
    // to the 46 MiB of pixels (a baseline one is accepted: camera-photo.test.ts).
    for (const input of [withFrameSize(valid, 6000, 4000), withFrameSize(fromBase64(PROGRESSIVE_420), 4000, 3000)]) {
      const error = refusal(input);
      expect(error.code).toBe("TOO_MANY_PIXELS");
      expect(error.message).toBe(PHOTO_MESSAGES.tooDetailed);
    }
    expect(decode).not.toHaveBeenCalled();
  });
});

describe("processPhoto refuses a JPEG it cannot read", () => {
  it.each([
    ["cut inside the header", 100],
    ["cut right after the frame header", sofOffset(valid) + 19],
    ["cut inside the Huffman tables", sofOffset(valid) + 100],
    ["cut in the middle of the scan", Math.floor(valid.length / 2)],
    ["missing only the end marker", valid.length - 2],
  ])("a truncated JPEG, %s: UNREADABLE, found by the marker walk before any decoding", (_name, length) => {
    // libjpeg would only warn and paint the missing part grey: the walk
    // refuses them, and spares the decoder's allocations.
    const decode = vi.spyOn(codec, "decode");
    expectRefused(valid.subarray(0, length), "UNREADABLE");
    expect(decode).not.toHaveBeenCalled();
  });

  it("a truncated progressive JPEG (scans missing): UNREADABLE before decoding", () => {
    const decode = vi.spyOn(codec, "decode");
    const progressive = fromBase64(PROGRESSIVE_420);
    expectRefused(progressive.subarray(0, Math.floor(progressive.length * 0.6)), "UNREADABLE");
    expect(decode).not.toHaveBeenCalled();
  });

  it("an SOF whose length points past the end of the file: UNREADABLE", () => {
    const input = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x01, 0x00, 8, 0, 16, 0, 16, 3]);
    expectRefused(input, "UNREADABLE");
  });

  it("an SOF length too short for its components: UNREADABLE", () => {
    const input = valid.slice();
    const at = sofOffset(input);
    input.set([0x00, 0x0b], at + 2); // claims 3 components in 11 bytes
    expectRefused(input, "UNREADABLE");
  });

  it("a segment length below 2: UNREADABLE", () => {
    expectRefused(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xd9]), "UNREADABLE");
  });

  it("scan data before any frame header: UNREADABLE", () => {
    expectRefused(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x12, 0x34, 0xff, 0xd9]), "UNREADABLE");
  });

  it("a frame of zero width: UNREADABLE", () => {
    expectRefused(withFrameSize(valid, 0, 160), "UNREADABLE");
  });

  it("a lossless (SOF3) frame the decoder does not handle: UNREADABLE", () => {
    const input = valid.slice();
    input[sofOffset(input) + 1] = 0xc3;
    expectRefused(input, "UNREADABLE");
  });

  it("12-bit samples: UNREADABLE", () => {
    const input = valid.slice();
    input[sofOffset(input) + 4] = 12;
    expectRefused(input, "UNREADABLE");
  });

  it("a frame without the quantisation tables it names: libjpeg gives up, UNREADABLE", () => {
    const input = valid.slice();
    const dqt = findMarker(input, 0xdb);
    input[dqt + 1] = 0xfe; // DQT becomes a comment, so the tables are gone
    expectRefused(input, "UNREADABLE");
  });

  it("a frame without Huffman tables is decoded with the standard ones, as motion-JPEG frames expect", () => {
    const input = valid.slice();
    const dht = findMarker(input, 0xc4);
    input[dht + 1] = 0xfe; // DHT becomes a comment; jpeg-js wrote the standard tables anyway
    expect(processPhoto(codec, input).width).toBe(120);
  });

  it("random bytes after FF D8 FF: always UNREADABLE (or a too-large claim), never a crash", () => {
    const random = seededRandom(2024);
    for (let round = 0; round < 300; round++) {
      const input = new Uint8Array(3 + Math.floor(random() * 3000));
      input.set([0xff, 0xd8, 0xff]);
      for (let i = 3; i < input.length; i++) input[i] = Math.floor(random() * 256);
      // Half the time start with a plausible marker, so the walk goes deeper.
      if (round % 2 === 0) input[3] = [0xc0, 0xc2, 0xe1, 0xdb, 0xc4, 0xda][round % 6] ?? 0xc0;
      expect(["UNREADABLE", "TOO_MANY_PIXELS"]).toContain(refusal(input).code);
    }
  });

  it("a valid JPEG with bytes overwritten at random: a photo or a PhotoError, never another exception", () => {
    const random = seededRandom(7);
    const small = encodeJpeg(40, 48, quadrants(40, 48));
    for (let round = 0; round < 200; round++) {
      const input = small.slice();
      const hits = 1 + Math.floor(random() * 6);
      for (let i = 0; i < hits; i++) input[Math.floor(random() * input.length)] = Math.floor(random() * 256);
      try {
        const result = processPhoto(codec, input);
        expect(result.full[0]).toBe(0xff);
      } catch (error) {
        expect(error).toBeInstanceOf(PhotoError);
      }
    }
  });
});

describe("processPhoto decodes once", () => {
  it("calls the decoder exactly once for a good photo (and so the spies above see real calls)", () => {
    const decode = vi.spyOn(codec, "decode");
    processPhoto(codec, valid);
    expect(decode).toHaveBeenCalledTimes(1);
  });
});
