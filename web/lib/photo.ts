// The member's photo, checked in the browser before it is sent: JPEG only
// (by its bytes, not its name), within the server's size and pixel caps
// (shared PHOTO_LIMITS), with the same messages the server uses. The server
// checks and re-encodes again; these checks only spare a member a long
// upload that would be refused.
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";

export interface CheckedPhoto {
  file: File;
  /** As shown, i.e. after the EXIF orientation the browser applies. */
  width: number;
  height: number;
}

/** The value a photo field holds: a checked photo, the reason one was refused, or nothing yet. */
export type PhotoValue = CheckedPhoto | { problem: string } | null;

export function isCheckedPhoto(value: PhotoValue): value is CheckedPhoto {
  return value !== null && "file" in value;
}

/** The message a photo field shows for its value, if any. */
export function photoError(value: PhotoValue, required: boolean): string | undefined {
  if (value === null) return required ? PHOTO_MESSAGES.required : undefined;
  return "problem" in value ? value.problem : undefined;
}

export function isLandscape(photo: CheckedPhoto): boolean {
  return photo.width > photo.height;
}

/** Most photos keep their frame size within the first 128 KB (after EXIF and its thumbnail). */
const HEADER_BYTES = 128 * 1024;

/**
 * Width and height from a JPEG's frame header (SOFn), without decoding the
 * picture: a 100-megapixel photo is refused before it can exhaust a phone's
 * memory. Null when the bytes are not a readable JPEG.
 */
export function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM, RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0);
      const width = ((bytes[offset + 7] ?? 0) << 8) | (bytes[offset + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    // Start of scan or end of image before any frame header.
    if (marker === 0xda || marker === 0xd9 || length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

async function decode(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Checks a chosen file; the message on refusal is the server's (PHOTO_MESSAGES). */
export async function checkPhoto(file: File): Promise<CheckedPhoto | { problem: string }> {
  if (file.size > PHOTO_LIMITS.maxBytes) return { problem: PHOTO_MESSAGES.tooLarge };
  // A declared type other than JPEG is refused at once; a PNG renamed .jpg
  // is declared image/jpeg by the browser, which the bytes below catch.
  if (file.type !== "" && file.type !== "image/jpeg") return { problem: PHOTO_MESSAGES.jpegOnly };

  let frame: { width: number; height: number } | null;
  try {
    let bytes = await readBytes(file.slice(0, HEADER_BYTES));
    if (!isJpeg(bytes)) return { problem: PHOTO_MESSAGES.jpegOnly };
    frame = jpegFrameSize(bytes);
    if (!frame && file.size > HEADER_BYTES) {
      bytes = await readBytes(file);
      frame = jpegFrameSize(bytes);
    }
  } catch {
    return { problem: PHOTO_MESSAGES.unreadable };
  }
  if (!frame) return { problem: PHOTO_MESSAGES.unreadable };
  if (frame.width * frame.height > PHOTO_LIMITS.maxPixels) return { problem: PHOTO_MESSAGES.tooManyPixels };

  try {
    const image = await decode(file);
    return { file, width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    // Some valid JPEGs (CMYK ones, say) do not decode in every browser; the
    // server, which decodes itself, has the last word on those.
    return { file, width: frame.width, height: frame.height };
  }
}

/** Long side of an uploaded photo: sharp on any phone, a fraction of a camera photo's bytes. */
const UPLOAD_MAX_SIDE = 1600;
const UPLOAD_QUALITY = 0.9;

/**
 * A smaller copy of a big photo, to spare members' mobile data: the server
 * re-encodes every photo anyway. The original is kept whenever anything
 * fails or the copy would not be smaller.
 */
export async function shrinkPhoto(photo: CheckedPhoto): Promise<File> {
  const longest = Math.max(photo.width, photo.height);
  if (longest <= UPLOAD_MAX_SIDE) return photo.file;
  try {
    const scale = UPLOAD_MAX_SIDE / longest;
    const width = Math.round(photo.width * scale);
    const height = Math.round(photo.height * scale);
    const image = await decode(photo.file);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return photo.file;
    context.imageSmoothingQuality = "high";
    // The browser draws the photo the way it shows it (EXIF orientation
    // applied), which is what width and height describe.
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", UPLOAD_QUALITY));
    if (blob?.type !== "image/jpeg" || blob.size >= photo.file.size) return photo.file;
    const name = photo.file.name.replace(/\.[^.]*$/, "") || "photo";
    return new File([blob], `${name}.jpg`, { type: "image/jpeg", lastModified: Date.now() });
  } catch {
    return photo.file;
  }
}
