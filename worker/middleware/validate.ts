import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { ApiError, text, type ErrorText } from "../lib/errors.ts";
import type { AppEnv } from "../env.ts";

/**
 * Turns schema issues into the error shape: the first message, and one per
 * field. A schema's messages are catalogue references
 * (shared/i18n/message-ref.ts), written in the request's language when the
 * error is answered.
 */
export function validationError(error: z.core.$ZodError | null, moreFields: Record<string, ErrorText> = {}): ApiError {
  const fields: Record<string, ErrorText> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  for (const [key, message] of Object.entries(moreFields)) fields[key] ??= message;
  const first = Object.values(fields)[0] ?? text("server.invalidInput");
  return new ApiError(400, "VALIDATION_FAILED", first, { fields });
}

/**
 * Parses with a shared schema or throws the validation error, together with
 * field messages found outside the schema (a missing photo), so a member
 * sees every problem at once.
 */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, moreFields: Record<string, ErrorText> = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success || Object.keys(moreFields).length > 0) throw validationError(result.success ? null : result.error, moreFields);
  return result.data as z.output<S>;
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/i;

/**
 * Validates a JSON body with the same schema the web form uses. A body that is
 * not JSON is refused before parsing, so a form post never reads as "all
 * fields missing".
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  const check: MiddlewareHandler<AppEnv> = async (c, next) => {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
    if (!JSON_TYPE.test(type)) throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", text("server.sendJson"));
    await next();
  };
  const parse = validator("json", (value: unknown) => parseOrThrow(schema, value));
  return [check, parse] as const;
}

/** Validates query parameters. */
export function queryParams<S extends z.ZodMiniType>(schema: S) {
  return validator("query", (value: unknown) => parseOrThrow(schema, value));
}
