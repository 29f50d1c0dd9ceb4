import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { BLURRED_KEY_END, cardPhoto, photoKeyOfCard } from "../lib/photos/card-photo.ts";
import { keptInR2, r2Bytes, type KeptImage } from "../lib/photos/kept-in-r2.ts";
import { workerJpegCodec } from "../lib/photos/worker-codec.ts";

// GET /images/{key}: member photos from R2 (§ "3. Entities and their fields", s3PhotoKey). Keys hold
// 128 random bits and are never reused, so a key works as an unguessable
// capability and the bytes behind it never change; which key a member is
// given (the photo or its blurred derivative) is decided by the API.
// GET /images/cards/{key}: the photo's card-size copy (ADR 0043), made on
// its first request; the same capability, as it names the photo. A blurred
// derivative has none: its key is known to every member shown the blur.

const PHOTO_KEY = /^photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)?\.jpg$/;

async function storedImage(bucket: R2Bucket, key: string): Promise<KeptImage | null> {
  const photoKey = photoKeyOfCard(key);
  if (photoKey === null) return PHOTO_KEY.test(key) ? bucket.get(key) : null;
  if (!PHOTO_KEY.test(photoKey) || photoKey.endsWith(BLURRED_KEY_END)) return null;
  return keptInR2(
    bucket,
    key,
    async () => {
      const photo = await r2Bytes(bucket, photoKey);
      return photo && cardPhoto(workerJpegCodec, photo);
    },
    photoKey,
  );
}

const images = new Hono<AppEnv>().get("/*", async (c) => {
  const image = await storedImage(c.env.PHOTOS, c.req.path.slice("/images/".length));
  if (!image) throw notFound(text("server.photoNotFound"));
  return c.body(image.body, 200, {
    "Content-Type": "image/jpeg",
    "Cache-Control": "private, max-age=31536000, immutable",
    ETag: image.httpEtag,
  });
});

export default images;
