import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiFailure, ErrorCode } from "#shared/api-types.ts";
import type { MessageId } from "#shared/i18n/en.ts";
import type { Language } from "#shared/i18n/language.ts";
import { readMessageRef } from "#shared/i18n/message-ref.ts";
import { englishCatalogue, message } from "./i18n.ts";

/** A catalogue message and its placeholders, written in the reader's language when the error is answered (ADR 0040). */
export interface Text {
  id: MessageId;
  values?: Record<string, string | number>;
}

/**
 * What an error says: a catalogue Text; a text made of several messages,
 * written for the language asked (a membership that ended); or a string: a
 * schema's message, which is read into a Text (shared/i18n/message-ref.ts),
 * or a text that stays English (the console's, ADR 0040).
 */
export type ErrorText = Text | ((language: Language) => string) | string;

export const text = (id: MessageId, values?: Text["values"]): Text => ({ id, values });

/** Extra fields of the error body: `err` for sign-in, `fields` for validation. */
export interface ErrorExtra {
  err?: ErrorText;
  fields?: Record<string, ErrorText>;
}

function render(language: Language, what: ErrorText): string {
  if (typeof what === "function") return what(language);
  const ref = typeof what === "string" ? readMessageRef(what, englishCatalogue) : what;
  return ref ? message(language, ref.id, ref.values) : (what as string);
}

/**
 * The one error type of the API. Every failure a member can cause is thrown
 * as an ApiError and turned into `{ error, code }` by the app's onError, so
 * that no handler builds an error body by hand and no stack trace leaves.
 * Its texts are written in the request's language only then; `message` is
 * the English, for logs.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly text: ErrorText,
    readonly extra: ErrorExtra = {},
    /** Headers such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(render("en", text));
    this.name = "ApiError";
  }

  body(language: Language): ApiFailure {
    const { err, fields } = this.extra;
    return {
      error: render(language, this.text),
      code: this.code,
      ...(err === undefined ? {} : { err: render(language, err) }),
      ...(fields === undefined ? {} : { fields: Object.fromEntries(Object.entries(fields).map(([name, what]) => [name, render(language, what)])) }),
    };
  }
}

export const notFound = (what: ErrorText = text("server.notFound")) => new ApiError(404, "NOT_FOUND", what);

export const unauthenticated = () => new ApiError(401, "UNAUTHENTICATED", text("server.logInAgain"));

/**
 * A form read against another notice than the one in force (DPDP Rules 2025,
 * Rule 3; ADR 0033): registration and agreeing in Edit profile both refuse
 * it, so that nobody is recorded as agreeing to a notice they did not read.
 */
export const noticeChanged = () =>
  new ApiError(409, "NOTICE_CHANGED", text("server.noticeChanged"), {
    fields: { noticeVersion: text("server.readNewNotice") },
  });
