import jpeg from "jpeg-js";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "../../../shared/schemas/registration.ts";
import { countDecodeWork, decodeWorkLimit, estimateDecodePeakBytes } from "./decode-budget.ts";
import type { ExifOrientation } from "./exif-orientation.ts";
import { readJpegHeader, walkScans, type JpegFrame, type JpegHeader, type JpegHeaderResult } from "./jpeg-header.ts";
import { isValidScanScript } from "./jpeg-scans.ts";
import { applyOrientation, boxBlur, fitWithin, resizeArea, swapsAxes, type Raster, type RgbaRaster } from "./raster.ts";

/** TOO_COMPLEX: more markers, scans or decoding work than a photo needs (ADR 0008, "Hostile uploads"). */
export type PhotoErrorCode = "NOT_JPEG" | "TOO_LARGE" | "TOO_MANY_PIXELS" | "TOO_COMPLEX" | "UNREADABLE";

/** A photo the member must replace; the message is theirs to read (PHOTO_MESSAGES). */
export class PhotoError extends Error {
  constructor(
    readonly code: PhotoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PhotoError";
  }
}

export interface ProcessedPhoto {
  /** The photo to show: upright, within 800x1000, JPEG without EXIF. */
  full: Uint8Array;
  /** About 24 px wide and blurred past recognition, for members who may not see the photo. */
  blur: Uint8Array;
  /** Size of `full`. */
  width: number;
  height: number;
  /** Size of the upload once upright (EXIF orientation applied), before the resize. */
  originalWidth: number;
  originalHeight: number;
}

export interface ProcessPhotoOptions {
  /**
   * Most memory a decode may hold at its peak, as estimated from the header.
   * The default keeps one decode well inside the 128 MB isolate next to the
   * request body and a concurrent request; tests and benchmarks raise it.
   */
  decodeBudgetBytes?: number;
}

const MiB = 1024 * 1024;
export const DEFAULT_DECODE_BUDGET_BYTES = 64 * MiB;
export const FULL_BOX = { width: 800, height: 1000 } as const;
export const FULL_QUALITY = 82;
export const BLUR_WIDTH = 24;
export const BLUR_QUALITY = 60;
// Radius 2, three passes, on a 24 px image: each pixel mixes about a third
// of the picture's width, so eyes, nose and mouth merge into one patch.
const BLUR_RADIUS = 2;
const BLUR_PASSES = 3;

/** jpeg-js decodes baseline, extended and progressive Huffman frames of 8-bit samples. */
const DECODABLE_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * Checks an uploaded photo and makes the two JPEGs the product stores.
 * Cheapest checks first: byte size, magic bytes, then the headers (pixel
 * count, decodability, completeness, the scans' rules, memory and work),
 * all before any pixel is decoded, so a hostile file costs one walk over
 * its markers. Every problem with the input is a PhotoError; anything else
 * thrown is a fault of ours.
 */
export function processPhoto(input: Uint8Array, options: ProcessPhotoOptions = {}): ProcessedPhoto {
  if (input.byteLength > PHOTO_LIMITS.maxBytes) throw new PhotoError("TOO_LARGE", PHOTO_MESSAGES.tooLarge);
  const parsed = readJpegHeader(input);
  if (!parsed.ok) throw headerRefusal(parsed.reason);
  const { frame, orientation, frameEnd } = parsed.header;
  if (frame.width * frame.height > PHOTO_LIMITS.maxPixels) {
    throw new PhotoError("TOO_MANY_PIXELS", PHOTO_MESSAGES.tooManyPixels);
  }
  if (!isDecodable(parsed.header)) throw unreadable();
  const walk = walkScans(input, frameEnd);
  if (!walk.ok) throw walk.reason === "UNREADABLE" ? unreadable() : tooComplex();
  if (!isValidScanScript(frame, walk.scans)) throw unreadable();
  // Only the image itself goes to the decoder (which copies what it gets),
  // not what a phone appended after EOI (nor a payload hidden there).
  const image = input.subarray(0, walk.end);
  const budget = options.decodeBudgetBytes ?? DEFAULT_DECODE_BUDGET_BYTES;
  if (estimateDecodePeakBytes(frame, image.byteLength) > budget) {
    throw new PhotoError("TOO_MANY_PIXELS", PHOTO_MESSAGES.tooDetailed);
  }
  if (countDecodeWork(frame, walk.scans) > decodeWorkLimit(frame)) throw tooComplex();

  const upright = swapsAxes(orientation)
    ? { width: frame.height, height: frame.width }
    : { width: frame.width, height: frame.height };
  const fitted = decodeFitted(image, frame, orientation, budget);
  const full = encode(fitted, FULL_QUALITY);
  const blur = encode(blurred(fitted), BLUR_QUALITY);
  return {
    full,
    blur,
    width: fitted.width,
    height: fitted.height,
    originalWidth: upright.width,
    originalHeight: upright.height,
  };
}

function headerRefusal(reason: Extract<JpegHeaderResult, { ok: false }>["reason"]): PhotoError {
  if (reason === "NOT_JPEG") return new PhotoError("NOT_JPEG", PHOTO_MESSAGES.jpegOnly);
  return reason === "TOO_MANY_MARKERS" ? tooComplex() : unreadable();
}

function unreadable(): PhotoError {
  return new PhotoError("UNREADABLE", PHOTO_MESSAGES.unreadable);
}

/** The member's words are those of an unreadable photo: to them the remedy is the same, another photo. */
function tooComplex(): PhotoError {
  return new PhotoError("TOO_COMPLEX", PHOTO_MESSAGES.unreadable);
}

/**
 * What jpeg-js turns into RGB: 8-bit samples (it would clip 12-bit ones to
 * garbage) as grey, YCbCr, or CMYK/YCCK with the Adobe segment that says
 * which. A 4-component file without it has no known colour model, and
 * jpeg-js would only say so after decoding every scan.
 */
function isDecodable({ frame, adobe }: JpegHeader): boolean {
  if (!DECODABLE_FRAMES.has(frame.marker) || frame.precision !== 8) return false;
  const count = frame.components.length;
  if (count !== 1 && count !== 3 && !(count === 4 && adobe)) return false;
  // jpeg-js files components by id, so a repeated id would corrupt the frame.
  return new Set(frame.components.map((c) => c.id)).size === count;
}

/**
 * Decodes once and shrinks at once: the full-size pixels live only inside
 * this function, so they are garbage before the encoder allocates.
 */
function decodeFitted(image: Uint8Array, frame: JpegFrame, orientation: ExifOrientation, budget: number): RgbaRaster {
  let decoded: Raster;
  try {
    const result = jpeg.decode(image, {
      useTArray: true,
      // RGB rather than RGBA: the largest buffer of the request is a quarter smaller.
      formatAsRGBA: false,
      maxResolutionInMP: PHOTO_LIMITS.maxPixels / 1_000_000,
      // jpeg-js adds up every allocation, freed or not, so its total runs
      // above our peak estimate; this is a backstop, the budget check above
      // is the limit.
      maxMemoryUsageInMB: Math.ceil((2 * budget) / MiB),
    });
    decoded = { width: result.width, height: result.height, channels: 3, data: result.data };
  } catch {
    // jpeg-js throws plain Errors for corrupt scans, bad tables and the like.
    throw unreadable();
  }
  if (
    decoded.width !== frame.width ||
    decoded.height !== frame.height ||
    decoded.data.length !== frame.width * frame.height * 3
  ) {
    throw unreadable();
  }
  // Resize in the stored axes, then turn the small result upright.
  const swap = swapsAxes(orientation);
  const target = fitWithin(
    swap ? { width: decoded.height, height: decoded.width } : decoded,
    FULL_BOX,
  );
  const resized = swap
    ? resizeArea(decoded, target.height, target.width)
    : resizeArea(decoded, target.width, target.height);
  return applyOrientation(resized, orientation);
}

function blurred(image: RgbaRaster): RgbaRaster {
  const size = fitWithin(image, { width: BLUR_WIDTH, height: Number.MAX_SAFE_INTEGER });
  return boxBlur(resizeArea(image, size.width, size.height), BLUR_RADIUS, BLUR_PASSES);
}

/**
 * jpeg-js writes SOI, JFIF APP0, tables, one baseline frame and EOI: no
 * EXIF, so no GPS, camera or date travels into the stored photo. It only
 * adds an APP1 when handed an `exifBuffer`, which this never passes.
 */
function encode(image: RgbaRaster, quality: number): Uint8Array {
  const encoded: Uint8Array = jpeg.encode({ width: image.width, height: image.height, data: image.data }, quality).data;
  // A fresh, exact copy: the encoder may return a Node Buffer, which for
  // small outputs is a view into a shared 8 KB pool.
  return new Uint8Array(encoded);
}
