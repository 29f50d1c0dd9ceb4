import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "#shared/api-types.ts";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import type { PhotoKeys } from "../db/members.ts";
import { ApiError } from "./errors.ts";
import { BLURRED_KEY_END, cardPhotoKey } from "./photos/card-photo.ts";
import { previewImageKey } from "./photos/og-image.ts";
import { PhotoError, processPhoto, type PhotoErrorCode } from "./photos/process-photo.ts";
import { workerJpegCodec } from "./photos/worker-codec.ts";
import { randomId } from "./session-token.ts";

// An uploaded member photo: checked and re-encoded by the photo pipeline,
// stored in R2 under unguessable keys with its blurred derivative.

const PHOTO_FAILURES: Record<PhotoErrorCode, { status: ContentfulStatusCode; code: ErrorCode }> = {
  NOT_JPEG: { status: 415, code: "UNSUPPORTED_MEDIA_TYPE" },
  TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE" },
  TOO_MANY_PIXELS: { status: 413, code: "PAYLOAD_TOO_LARGE" },
  TOO_COMPLEX: { status: 400, code: "VALIDATION_FAILED" },
  UNREADABLE: { status: 400, code: "VALIDATION_FAILED" },
};

/** Processes and stores a photo; a bad photo is an ApiError on the `photo` field. */
export async function storeUploadedPhoto(bucket: R2Bucket, file: File): Promise<PhotoKeys> {
  let processed: ReturnType<typeof processPhoto>;
  try {
    // The size is known before reading: no copy of an oversized upload is made.
    if (file.size > PHOTO_LIMITS.maxBytes) throw new PhotoError("TOO_LARGE", PHOTO_MESSAGES.tooLarge);
    processed = processPhoto(workerJpegCodec, new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    const failure = PHOTO_FAILURES[error.code];
    throw new ApiError(failure.status, failure.code, error.message, { fields: { photo: error.message } });
  }
  // Two random names: the blurred key is handed to members who may not see
  // the photo, so the full photo's key must not follow from it.
  const keys: PhotoKeys = { photoKey: `photos/${randomId(16)}.jpg`, photoBlurKey: `photos/${randomId(16)}${BLURRED_KEY_END}` };
  const httpMetadata = { contentType: "image/jpeg" };
  await Promise.all([bucket.put(keys.photoKey, processed.full, { httpMetadata }), bucket.put(keys.photoBlurKey, processed.blur, { httpMetadata })]);
  return keys;
}

/**
 * The R2 objects of a photo pair: the photo, its blurred derivative, and the
 * copies made from them on first use (the link preview, the card-size copy).
 * Either key may be missing from a row. A card-size copy of the blurred
 * derivative is named too: /images/cards/ made one for any key before it
 * refused blurred ones (ADR 0043).
 */
export function photoObjects({ photoKey, photoBlurKey }: { photoKey: string | null; photoBlurKey: string | null }): string[] {
  return [
    ...(photoKey === null ? [] : [photoKey, cardPhotoKey(photoKey)]),
    ...(photoBlurKey === null ? [] : [photoBlurKey, previewImageKey(photoBlurKey), cardPhotoKey(photoBlurKey)]),
  ];
}

/** Removes a photo pair and the copies made from it: after a replacement, or when the row that would name it was not written. */
export async function deletePhotos(bucket: R2Bucket, keys: PhotoKeys): Promise<void> {
  await bucket.delete(photoObjects(keys));
}

/** True when a multipart field holds a chosen file (an empty file input sends a 0-byte part). */
export function isChosenFile(file: File | undefined): file is File {
  return file !== undefined && file.size > 0;
}
