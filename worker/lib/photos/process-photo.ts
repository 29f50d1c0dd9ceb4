import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { DEFAULT_DECODE_BUDGET_BYTES, countDecodeWork, decodeWorkLimit, estimateDecodePeakBytes } from "./decode-budget.ts";
import type { ExifOrientation } from "./exif-orientation.ts";
import { readJpegHeader, walkScans, type JpegFrame, type JpegHeader, type JpegHeaderResult } from "./jpeg-header.ts";
import { isValidScanScript } from "./jpeg-scans.ts";
import { DecodeFailure, type JpegCodec } from "./mozjpeg.ts";
import { applyOrientation, boxBlur, fitWithin, resizeArea, swapsAxes, type RgbaRaster } from "./raster.ts";

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

export const FULL_BOX = { width: 800, height: 1000 } as const;
/**
 * The stored photo: colour at full resolution (4:4:4) and the JPEG standard's
 * tables, brightness at quality 87 and colour at 84. The lowest settings that
 * match the jpeg-js pipeline's output (quality 82, 4:4:4) on luma and colour
 * SSIM, CIEDE2000 and PSNR on every real photo measured (ADR 0030, "Addition:
 * the stored photo's quality").
 */
export const FULL_QUALITY = 87;
export const FULL_CHROMA_QUALITY = 84;
/** How a stored photo is encoded: the full photo, and its card-size copy (card-photo.ts). */
export const STORED_PHOTO_ENCODING = { quality: FULL_QUALITY, chromaQuality: FULL_CHROMA_QUALITY, annexKTables: true } as const;
export const BLUR_WIDTH = 24;
export const BLUR_QUALITY = 60;
// Radius 2, three passes, on a 24 px image: each pixel mixes about a third
// of the picture's width, so eyes, nose and mouth merge into one patch.
const BLUR_RADIUS = 2;
const BLUR_PASSES = 3;

/** mozjpeg (as jSquash builds it) decodes baseline, extended and progressive Huffman frames of 8-bit samples. */
const DECODABLE_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * Checks an uploaded photo and makes the two JPEGs the product stores.
 * Cheapest checks first: byte size, magic bytes, then the headers (pixel
 * count, decodability, completeness, the scans' rules, memory and work),
 * all before any pixel is decoded, so a hostile file costs one walk over
 * its markers and never reaches the codec. Every problem with the input is
 * a PhotoError; anything else thrown is a fault of ours.
 */
export function processPhoto(codec: JpegCodec, input: Uint8Array): ProcessedPhoto {
  const { image, frame, orientation } = checkPhoto(input);
  const fitted = decodeFitted(codec, image, frame, orientation);
  const [full, blur] = codec.encode([
    { image: fitted, ...STORED_PHOTO_ENCODING },
    { image: blurred(fitted), quality: BLUR_QUALITY },
  ]);
  if (!full || !blur) throw new Error("the encoder returned fewer JPEGs than asked");
  const upright = swapsAxes(orientation) ? { width: frame.height, height: frame.width } : { width: frame.width, height: frame.height };
  return { full, blur, width: fitted.width, height: fitted.height, originalWidth: upright.width, originalHeight: upright.height };
}

interface CheckedPhoto {
  /** The bytes up to EOI: what the decoder gets. */
  image: Uint8Array;
  frame: JpegFrame;
  orientation: ExifOrientation;
}

/** The header checks, in order of cost; throws the PhotoError of the first that fails. */
function checkPhoto(input: Uint8Array): CheckedPhoto {
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
  if (estimateDecodePeakBytes(frame, walk.scans, image.byteLength) > DEFAULT_DECODE_BUDGET_BYTES) {
    throw new PhotoError("TOO_MANY_PIXELS", PHOTO_MESSAGES.tooDetailed);
  }
  if (countDecodeWork(frame, walk.scans) > decodeWorkLimit(frame)) throw tooComplex();
  return { image, frame, orientation };
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
 * What mozjpeg turns into RGBA: 8-bit samples (its build has no 12-bit,
 * lossless or arithmetic decoding) as grey or YCbCr. It cannot convert CMYK
 * or YCCK to RGB and would only say so after the header, so 4-component
 * files (print and Photoshop exports, never phones) are refused here.
 */
function isDecodable({ frame }: JpegHeader): boolean {
  if (!DECODABLE_FRAMES.has(frame.marker) || frame.precision !== 8) return false;
  const count = frame.components.length;
  if (count !== 1 && count !== 3) return false;
  // A repeated component id makes the scans ambiguous (which component does a scan code?).
  return new Set(frame.components.map((c) => c.id)).size === count;
}

/**
 * Decodes once and shrinks at once, in the decoder's own heap: the
 * full-size pixels are never copied (JpegCodec.decode), and only the small
 * result leaves the heap.
 */
function decodeFitted(codec: JpegCodec, image: Uint8Array, frame: JpegFrame, orientation: ExifOrientation): RgbaRaster {
  // Resize in the stored axes, then turn the small result upright.
  const swap = swapsAxes(orientation);
  const target = fitWithin(swap ? { width: frame.height, height: frame.width } : frame, FULL_BOX);
  const stored = swap ? { width: target.height, height: target.width } : target;
  try {
    const resized = codec.decode(image, frame, (pixels) => resizeArea(pixels, stored.width, stored.height));
    return applyOrientation(resized, orientation);
  } catch (error) {
    if (error instanceof DecodeFailure) throw unreadable();
    throw error;
  }
}

function blurred(image: RgbaRaster): RgbaRaster {
  const size = fitWithin(image, { width: BLUR_WIDTH, height: Number.MAX_SAFE_INTEGER });
  return boxBlur(resizeArea(image, size.width, size.height), BLUR_RADIUS, BLUR_PASSES);
}
