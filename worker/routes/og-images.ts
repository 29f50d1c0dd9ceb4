import { Hono } from "hono";
import { previewPhotoKey } from "../db/profile-previews.ts";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { defaultPreview, previewImageKey, profilePreview } from "../lib/photos/og-image.ts";
import { workerJpegCodec } from "../lib/photos/worker-codec.ts";

// GET /og/default.jpg and /og/profile/{pid}.jpg: link-preview images made
// once and kept in R2 under og/ (a new photo has a new blurred key, so a
// stale preview is never served). A profile's image exists only while its
// preview may be shown (ADR 0017): a deactivated or unpublished member's,
// like an unknown ID's, is a 404, even when an earlier one is kept in R2.

const PREVIEW_HEADERS = { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400" };

async function cached(bucket: R2Bucket, key: string, make: () => Promise<Uint8Array | null>): Promise<ArrayBuffer | null> {
  const stored = await bucket.get(key);
  if (stored) return stored.arrayBuffer();
  const bytes = await make();
  if (!bytes) return null;
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  return bytes.slice().buffer;
}

const ogImages = new Hono<AppEnv>()
  .get("/default.jpg", async (c) => {
    const body = await cached(c.env.PHOTOS, "og/default.jpg", async () => defaultPreview(workerJpegCodec));
    if (!body) throw notFound(text("server.previewNotFound"));
    return c.body(body, 200, PREVIEW_HEADERS);
  })
  .get("/profile/:file{[0-9]+\\.jpg}", async (c) => {
    const pid = Number(c.req.param("file").replace(".jpg", ""));
    const blurKey = await previewPhotoKey(c.env.DB, pid);
    if (!blurKey) throw notFound(text("server.previewNotFound"));
    const key = previewImageKey(blurKey);
    const body = await cached(c.env.PHOTOS, key, async () => {
      const blur = await c.env.PHOTOS.get(blurKey);
      return blur ? profilePreview(workerJpegCodec, new Uint8Array(await blur.arrayBuffer())) : null;
    });
    if (!body) throw notFound(text("server.previewNotFound"));
    return c.body(body, 200, PREVIEW_HEADERS);
  });

export default ogImages;
