import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import type { AppEnv } from "../env.ts";
import { ApiError, text } from "../lib/errors.ts";

const JSON_LIMIT = 64 * 1024;
/** A photo at its cap plus the text fields of the registration form. */
const MULTIPART_LIMIT = PHOTO_LIMITS.maxBytes + 256 * 1024;

/**
 * Caps request bodies before they are read: forms with a photo may be a few
 * megabytes, everything else is small JSON.
 */
export function limitBodies(): MiddlewareHandler<AppEnv> {
  const forJson = bodyLimit({
    maxSize: JSON_LIMIT,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", text("server.tooLarge"));
    },
  });
  const forForms = bodyLimit({
    maxSize: MULTIPART_LIMIT,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", PHOTO_MESSAGES.tooLarge, { fields: { photo: PHOTO_MESSAGES.tooLarge } });
    },
  });
  return (c, next) => (/^multipart\/form-data/i.test(c.req.header("Content-Type") ?? "") ? forForms(c, next) : forJson(c, next));
}
