import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiFailure, ErrorCode } from "../../shared/api-types.ts";

/**
 * The one error type of the API. Every failure a member can cause is thrown
 * as an ApiError and turned into `{ error, code }` by the app's onError, so
 * that no handler builds an error body by hand and no stack trace leaves.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the error body, e.g. `err` for sign-in or `fields`. */
    readonly extra: Partial<Omit<ApiFailure, "error" | "code">> = {},
    /** Headers such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  body(): ApiFailure {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const notFound = (what = "Not found") => new ApiError(404, "NOT_FOUND", what);

export const unauthenticated = () => new ApiError(401, "UNAUTHENTICATED", "Please log in again.");
