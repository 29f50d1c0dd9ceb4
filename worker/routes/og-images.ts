import { Hono } from "hono";
import { previewPhotoKey } from "../db/profile-previews.ts";
import { config, type AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { etagMatches, strongEtag } from "../lib/etag.ts";
import { keptInR2, r2Bytes } from "../lib/photos/kept-in-r2.ts";
import { defaultPreview, previewImageKey, profilePreview } from "../lib/photos/og-image.ts";
import { workerJpegCodec } from "../lib/photos/worker-codec.ts";

// GET /og/default.jpg and /og/profile/{pid}.jpg: link-preview images made
// once and kept in R2 under og/ (a new photo has a new blurred key, so a
// stale preview is never served). A profile's image exists only while its
// preview may be shown (ADR 0017): a deactivated or unpublished member's,
// like an unknown ID's, is a 404, even when an earlier one is kept in R2.
// Its address stays the same through all that, so browsers and shared caches
// ask again on every use: a 304 while the image's key is the same and the
// profile may be shown, without reading R2; the 404 once it may not. A day's
// keeping would show it a day after the member withdrew (ADR 0029).
// WhatsApp's crawler fetches it once, for the message it previews. In proxy
// mode every profile's image is a 404 (ADR 0026).

const DEFAULT_HEADERS = { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400" };
const PROFILE_CACHE_CONTROL = "public, no-cache";

const ogImages = new Hono<AppEnv>()
  .get("/default.jpg", async (c) => {
    const image = await keptInR2(c.env.PHOTOS, "og/default.jpg", async () => defaultPreview(workerJpegCodec));
    if (!image) throw notFound(text("server.previewNotFound"));
    return c.body(image.body, 200, DEFAULT_HEADERS);
  })
  .get("/profile/:file{[0-9]+\\.jpg}", async (c) => {
    // In proxy mode no /request preview names this image, and D1 is not the members' (ADR 0026).
    if (config(c.env).agencyBackend) throw notFound(text("server.previewNotFound"));
    const pid = Number(c.req.param("file").replace(".jpg", ""));
    const blurKey = await previewPhotoKey(c.env.DB, pid);
    if (!blurKey) throw notFound(text("server.previewNotFound"));
    const key = previewImageKey(blurKey);
    // Of the key, hashed: the tag changes with the photo and names no key.
    const etag = await strongEtag(new TextEncoder().encode(key));
    const revalidation = { "Cache-Control": PROFILE_CACHE_CONTROL, ETag: etag };
    if (etagMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304, revalidation);
    const image = await keptInR2(
      c.env.PHOTOS,
      key,
      async () => {
        const blur = await r2Bytes(c.env.PHOTOS, blurKey);
        return blur && profilePreview(workerJpegCodec, blur);
      },
      blurKey,
    );
    if (!image) throw notFound(text("server.previewNotFound"));
    return c.body(image.body, 200, { "Content-Type": "image/jpeg", ...revalidation });
  });

export default ogImages;
