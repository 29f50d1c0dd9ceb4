import { Hono } from "hono";
import { previewPhotoKey } from "../db/profile-previews.ts";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { keptInR2, r2Bytes } from "../lib/photos/kept-in-r2.ts";
import { defaultPreview, previewImageKey, profilePreview } from "../lib/photos/og-image.ts";
import { workerJpegCodec } from "../lib/photos/worker-codec.ts";

// GET /og/default.jpg and /og/profile/{pid}.jpg: link-preview images made
// once and kept in R2 under og/ (a new photo has a new blurred key, so a
// stale preview is never served). A profile's image exists only while its
// preview may be shown (ADR 0017): a deactivated or unpublished member's,
// like an unknown ID's, is a 404, even when an earlier one is kept in R2.

const PREVIEW_HEADERS = { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400" };

const ogImages = new Hono<AppEnv>()
  .get("/default.jpg", async (c) => {
    const image = await keptInR2(c.env.PHOTOS, "og/default.jpg", async () => defaultPreview(workerJpegCodec));
    if (!image) throw notFound(text("server.previewNotFound"));
    return c.body(image.body, 200, PREVIEW_HEADERS);
  })
  .get("/profile/:file{[0-9]+\\.jpg}", async (c) => {
    const pid = Number(c.req.param("file").replace(".jpg", ""));
    const blurKey = await previewPhotoKey(c.env.DB, pid);
    if (!blurKey) throw notFound(text("server.previewNotFound"));
    const image = await keptInR2(
      c.env.PHOTOS,
      previewImageKey(blurKey),
      async () => {
        const blur = await r2Bytes(c.env.PHOTOS, blurKey);
        return blur && profilePreview(workerJpegCodec, blur);
      },
      blurKey,
    );
    if (!image) throw notFound(text("server.previewNotFound"));
    return c.body(image.body, 200, PREVIEW_HEADERS);
  });

export default ogImages;
