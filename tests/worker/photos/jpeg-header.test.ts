import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS } from "#shared/schemas/registration.ts";
import { DEFAULT_DECODE_BUDGET_BYTES, estimateDecodePeakBytes } from "#worker/lib/photos/decode-budget.ts";
import { readExifOrientation } from "#worker/lib/photos/exif-orientation.ts";
import { MAX_FILL_BYTES, hasJpegSignature, readJpegHeader, walkScans, type JpegFrame } from "#worker/lib/photos/jpeg-header.ts";
import type { JpegScan } from "#worker/lib/photos/jpeg-scans.ts";
import { GRAYSCALE, PROGRESSIVE_420, RESTARTS_420 } from "./cjpeg-samples.ts";
import { encodeJpeg, exifSegment, exifTiff, fromBase64, insertAfterSoi, segment, sofOffset, solid, withExif } from "./jpeg-fixtures.ts";

// The marker walk and the EXIF reader on their own: what they read from
// good files, and that hostile offsets and lengths end in a value, not a throw.

const plain = encodeJpeg(48, 32, solid([100, 100, 100]));

function header(bytes: Uint8Array) {
  const result = readJpegHeader(bytes);
  if (!result.ok) throw new Error(`header refused: ${result.reason}`);
  return result.header;
}

describe("readJpegHeader", () => {
  it("reads the frame of a jpeg-js JPEG: baseline, 8-bit, three 1x1 components", () => {
    const { frame, orientation } = header(plain);
    expect(frame).toMatchObject({ marker: 0xc0, precision: 8, width: 48, height: 32 });
    expect(frame.components.map((c) => [c.h, c.v])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(orientation).toBe(1);
  });

  it("reads phone-style 4:2:0, progressive and greyscale frames", () => {
    expect(header(fromBase64(RESTARTS_420)).frame.components.map((c) => [c.h, c.v])).toEqual([
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
    expect(header(fromBase64(PROGRESSIVE_420)).frame.marker).toBe(0xc2);
    expect(header(fromBase64(GRAYSCALE)).frame.components).toHaveLength(1);
  });

  it("skips EXIF before the frame and reads its orientation", () => {
    expect(header(withExif(plain, { orientation: 8 })).orientation).toBe(8);
  });

  it("skips an XMP APP1 and still finds the EXIF one after it", () => {
    const xmp = segment(0xe1, new TextEncoder().encode("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"));
    const input = insertAfterSoi(insertAfterSoi(plain, exifSegment(exifTiff({ orientation: 3 }))), xmp);
    expect(header(input).orientation).toBe(3);
  });

  it("tells a non-JPEG from a broken JPEG", () => {
    expect(readJpegHeader(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual({ ok: false, reason: "NOT_JPEG" });
    expect(readJpegHeader(new Uint8Array([0xff, 0xd8, 0xff]))).toEqual({ ok: false, reason: "UNREADABLE" });
    expect(readJpegHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ ok: false, reason: "UNREADABLE" });
    expect(hasJpegSignature(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it("steps over up to 64 fill bytes before a marker, and calls more garbled", () => {
    const filled = (count: number) => {
      const at = sofOffset(plain);
      return new Uint8Array([...plain.subarray(0, at), ...new Array<number>(count).fill(0xff), ...plain.subarray(at)]);
    };
    expect(header(filled(MAX_FILL_BYTES)).frame).toEqual(header(plain).frame);
    expect(readJpegHeader(filled(MAX_FILL_BYTES + 1))).toEqual({ ok: false, reason: "UNREADABLE" });
  });

  it("refuses sampling factors outside 1-4", () => {
    const input = plain.slice();
    for (let i = 0; i < input.length; i++) {
      if (input[i] === 0xff && input[i + 1] === 0xc0) {
        input[i + 11] = 0x50; // first component: h = 5
        break;
      }
    }
    expect(readJpegHeader(input)).toEqual({ ok: false, reason: "UNREADABLE" });
  });
});

describe("walkScans", () => {
  const walk = (bytes: Uint8Array) => walkScans(bytes, header(bytes).frameEnd);

  it("ends just past EOI, through restart markers and progressive scans", () => {
    for (const bytes of [plain, fromBase64(RESTARTS_420), fromBase64(PROGRESSIVE_420), fromBase64(GRAYSCALE)]) {
      expect(walk(bytes)).toMatchObject({ ok: true, end: bytes.length });
    }
  });

  it("reads each scan header: one interleaved scan from jpeg-js, libjpeg's ten-scan progressive script", () => {
    expect(walk(plain)).toMatchObject({ ok: true, scans: [{ componentIds: [1, 2, 3], ss: 0, se: 63, ah: 0, al: 0 }] });
    const progressive = walk(fromBase64(PROGRESSIVE_420));
    if (!progressive.ok) throw new Error("walk refused the sample");
    // jpeg_simple_progression() for YCbCr (libjpeg's jcparam.c), scan by scan.
    expect(progressive.scans.map(({ componentIds, ss, se, ah, al }) => [componentIds, ss, se, ah, al])).toEqual([
      [[1, 2, 3], 0, 0, 0, 1],
      [[1], 1, 5, 0, 2],
      [[3], 1, 63, 0, 1],
      [[2], 1, 63, 0, 1],
      [[1], 6, 63, 0, 2],
      [[1], 1, 63, 2, 1],
      [[1, 2, 3], 0, 0, 1, 0],
      [[3], 1, 63, 1, 0],
      [[2], 1, 63, 1, 0],
      [[1], 1, 63, 1, 0],
    ]);
  });

  it("is UNREADABLE for every truncation of a small JPEG", () => {
    const bytes = fromBase64(PROGRESSIVE_420);
    const { frameEnd } = header(bytes);
    for (let length = frameEnd; length < bytes.length; length++) {
      expect(walkScans(bytes.subarray(0, length), frameEnd)).toEqual({ ok: false, reason: "UNREADABLE" });
    }
  });

  it("is UNREADABLE when EOI comes before any scan", () => {
    const bytes = new Uint8Array([...plain.subarray(0, header(plain).frameEnd), 0xff, 0xd9]);
    expect(walk(bytes)).toEqual({ ok: false, reason: "UNREADABLE" });
  });
});

describe("readExifOrientation", () => {
  const exif = (tiff: number[]) => new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]);

  it("is null for an APP1 that is not EXIF", () => {
    expect(readExifOrientation(new TextEncoder().encode("http://ns.adobe.com/xap/1.0/"))).toBeNull();
  });

  it("reads II and MM byte orders", () => {
    const read = (tiff: Uint8Array) => readExifOrientation(new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]));
    for (let orientation = 1; orientation <= 8; orientation++) {
      expect(read(exifTiff({ orientation }))).toBe(orientation);
      expect(read(exifTiff({ orientation, bigEndian: true }))).toBe(orientation);
    }
    expect(read(exifTiff({ gps: true }))).toBe(1);
  });

  it.each([
    ["a truncated TIFF header", [0x49, 0x49, 42]],
    ["an unknown byte order", [0x41, 0x41, 42, 0, 8, 0, 0, 0]],
    ["a wrong TIFF magic", [0x49, 0x49, 43, 0, 8, 0, 0, 0]],
    ["an IFD0 offset past the end", [0x49, 0x49, 42, 0, 0xff, 0xff, 0, 0]],
    ["an IFD0 offset inside the header", [0x49, 0x49, 42, 0, 2, 0, 0, 0]],
    ["an IFD0 that claims 65535 entries", [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xff, 0xff, 0x12, 0x01]],
    ["an orientation of the wrong type", [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 4, 0, 1, 0, 0, 0, 6, 0, 0, 0]],
    ["an orientation of 0", [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0]],
    ["an orientation of 200", [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 200, 0, 0, 0]],
  ])("is 1 (as stored) for %s", (_name, tiff) => {
    expect(readExifOrientation(exif(tiff))).toBe(1);
  });

  it("reads a well-formed single entry", () => {
    expect(readExifOrientation(exif([0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]))).toBe(6);
  });
});

describe("estimateDecodePeakBytes", () => {
  const frame = (marker: number, width: number, height: number, sampling: [number, number][]): JpegFrame => ({
    marker,
    precision: 8,
    width,
    height,
    components: sampling.map(([h, v], id) => ({ id, h, v })),
  });
  const phone = (marker: number) =>
    frame(marker, 4000, 3000, [
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
  const oneScan: JpegScan[] = [{ componentIds: [0, 1, 2], ss: 0, se: 63, ah: 0, al: 0 }];
  const MiB = 1024 * 1024;

  it("puts a 12 MP baseline 4:2:0 phone photo of 4 MB at about 78 MiB, within the default budget", () => {
    const estimate = estimateDecodePeakBytes(phone(0xc0), oneScan, 4 * MiB);
    expect(estimate / MiB).toBeGreaterThan(75);
    expect(estimate / MiB).toBeLessThan(80);
    expect(estimateDecodePeakBytes(phone(0xc0), oneScan, PHOTO_LIMITS.maxBytes)).toBeLessThan(DEFAULT_DECODE_BUDGET_BYTES);
  });

  it("adds the coefficients libjpeg keeps for a progressive file (34 MiB at 12 MP): over the budget", () => {
    const baseline = estimateDecodePeakBytes(phone(0xc0), oneScan, 4 * MiB);
    const progressive = estimateDecodePeakBytes(phone(0xc2), oneScan, 4 * MiB);
    expect((progressive - baseline) / MiB).toBeCloseTo(34.4, 0);
    expect(progressive).toBeGreaterThan(DEFAULT_DECODE_BUDGET_BYTES);
  });

  it("keeps a 1600x1200 photo, as the web app sends it, within the decoder's initial 16 MiB heap", () => {
    const upload = estimateDecodePeakBytes(
      frame(0xc0, 1600, 1200, [
        [2, 2],
        [1, 1],
        [1, 1],
      ]),
      oneScan,
      600_000,
    );
    expect(upload / MiB).toBeLessThan(37);
  });
});
