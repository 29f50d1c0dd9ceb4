import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";

// GET /images/{key}: member photos from R2 (§ "3. Entities and their fields", s3PhotoKey). Keys hold
// 128 random bits and are never reused, so a key works as an unguessable
// capability and the bytes behind it never change; which key a member is
// given (the photo or its blurred derivative) is decided by the API.

const PHOTO_KEY = /^photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)?\.jpg$/;

const images = new Hono<AppEnv>().get("/*", async (c) => {
  const key = c.req.path.slice("/images/".length);
  if (!PHOTO_KEY.test(key)) throw notFound(text("server.photoNotFound"));
  const object = await c.env.PHOTOS.get(key);
  if (!object) throw notFound(text("server.photoNotFound"));
  return c.body(object.body, 200, {
    "Content-Type": "image/jpeg",
    "Cache-Control": "private, max-age=31536000, immutable",
    ETag: object.httpEtag,
  });
});

export default images;
