import { readJpegHeader } from "./jpeg-header.ts";
import type { JpegCodec } from "./mozjpeg.ts";
import { FULL_BOX, STORED_PHOTO_ENCODING } from "./process-photo.ts";
import { fitWithin, resizeArea } from "./raster.ts";

// A photo's card-size copy (ADR 0043): lists show photos in a frame of at
// most 152x192 CSS pixels, so a phone at three device pixels to one needs
// about 400x500 of the stored 800x1000. The copy is made from the stored
// photo on its first request and kept in R2, encoded as the photo is, so it
// looks the same in the frame at a third of the bytes.

export const CARD_BOX = { width: 400, height: 500 } as const;

/**
 * Where a photo's card-size copy is kept in R2, and its path under /images/:
 * named after the full photo, whose random key is the capability to see it,
 * and deleted with it (a replacement, an erasure: ADR 0034).
 */
export function cardPhotoKey(photoKey: string): string {
  return `cards/${photoKey}`;
}

/**
 * How the key of a blurred derivative ends (storeUploadedPhoto). It has no
 * card-size copy: at 24 px wide it is smaller than any, cards show it as it
 * is (cardPhotoUrls), and its key, which every member shown the blurred card
 * has, must not let anyone make copies in R2 (ADR 0043).
 */
export const BLURRED_KEY_END = "-blur.jpg";

/** The full photo's key behind a card-size copy's key; null when `key` names no card. */
export function photoKeyOfCard(key: string): string | null {
  return key.startsWith("cards/") ? key.slice("cards/".length) : null;
}

/**
 * The card-size copy of a stored photo (our own JPEG, from R2). A photo
 * already within the card's box is its own copy: encoding it again would
 * only lose detail.
 */
export function cardPhoto(codec: JpegCodec, photo: Uint8Array): Uint8Array {
  const parsed = readJpegHeader(photo);
  if (!parsed.ok) throw new Error(`the stored photo does not read as a JPEG: ${parsed.reason}`);
  const { frame } = parsed.header;
  // The pipeline stores nothing larger; a larger file under a photo's key is not one of ours.
  if (frame.width * frame.height > FULL_BOX.width * FULL_BOX.height) throw new Error(`the stored photo is ${frame.width}x${frame.height}`);
  const size = fitWithin(frame, CARD_BOX);
  if (size.width === frame.width && size.height === frame.height) return photo;
  const small = codec.decode(photo, frame, (pixels) => resizeArea(pixels, size.width, size.height));
  const [card] = codec.encode([{ image: small, ...STORED_PHOTO_ENCODING }]);
  if (!card) throw new Error("the encoder returned no JPEG");
  return card;
}
