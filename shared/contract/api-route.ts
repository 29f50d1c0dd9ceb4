import * as z from "zod/mini";
import { ERROR_CODES, type ErrorCode } from "../api-types.ts";

// One entry per route of the agency API (ADR 0035): what it needs (auth,
// path, query, body) and what it answers (the `data` of a success, the
// statuses and codes of its failures). The OpenAPI document
// (docs/api/openapi.json), the drift check and the conformance suite all
// read these entries; the Worker's routes are checked against them by
// tests/worker/contract-routes.test.ts.

/** Who may call a route: anyone, a signed-in member, any staff, or owners only (ADR 0004, ADR 0018). */
export type Auth = "none" | "member" | "staff" | "owner";

export type HttpMethod = "get" | "post" | "put" | "delete";

/** Failure statuses a route answers beyond those its kind always may, with the codes each carries. */
export type ErrorStatuses = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 504, readonly ErrorCode[]>>;

export interface ApiRoute {
  method: HttpMethod;
  /** The path under /api exactly as the Worker's Hono app routes it, e.g. `/users/:pid{[0-9]+}`. */
  path: string;
  summary: string;
  /** What the route does beyond its shapes (rules, limits, the ADR that decided them): the document's description. */
  notes?: string;
  auth: Auth;
  /** Path parameters, by name. */
  params?: z.ZodMiniObject;
  query?: z.ZodMiniType;
  /** A JSON body, validated with the request schema the Worker and the forms share. */
  json?: z.ZodMiniType;
  /** A multipart form (with a `photo` file where `photoField` says so). */
  multipart?: { schema: z.ZodMiniType; photo: "required" | "optional" };
  /**
   * What `data` holds in a 200 answer; `"no-content"` for a 204, `"text"`
   * for a plain-text answer (Meta's webhook challenge).
   */
  data: z.ZodMiniType | "no-content" | "text";
  /** The success may also be an HTML document (a download), as the route's query asks. */
  html?: true;
  /** Statuses beyond the ones every route of its auth and input may give (see defaultErrors). */
  errors?: ErrorStatuses;
}

/** The error body of ADR 0002: `err` on sign-in failures, `fields` on validation failures. */
export const apiFailureSchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  err: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});

/**
 * The failures any route can give by its shape: bad input, a missing or
 * ended session, a staff member where only owners may, a body too large or
 * not JSON, a rate limit (ADR 0014), and an unexpected failure.
 */
export function defaultErrors(route: ApiRoute): ErrorStatuses {
  const errors: ErrorStatuses = {};
  const takesInput = route.params || route.query || route.json || route.multipart;
  if (takesInput) errors[400] = ["VALIDATION_FAILED", "BAD_REQUEST"];
  if (route.auth !== "none") errors[401] = ["UNAUTHENTICATED"];
  if (route.auth === "owner") errors[403] = ["FORBIDDEN"];
  if (route.json || route.multipart) errors[413] = ["PAYLOAD_TOO_LARGE"];
  if (route.json || route.multipart) errors[415] = ["UNSUPPORTED_MEDIA_TYPE"];
  errors[429] = ["TOO_MANY_REQUESTS"];
  errors[500] = ["INTERNAL"];
  return errors;
}

/** Every failure status of a route with its codes: its kind's and its own, codes merged per status. */
export function errorStatuses(route: ApiRoute): [number, ErrorCode[]][] {
  const merged = new Map<number, Set<ErrorCode>>();
  for (const source of [defaultErrors(route), route.errors ?? {}]) {
    for (const [status, codes] of Object.entries(source)) {
      const set = merged.get(Number(status)) ?? new Set<ErrorCode>();
      for (const code of codes ?? []) set.add(code);
      merged.set(Number(status), set);
    }
  }
  return [...merged.entries()].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes]]);
}

/** `/users/:pid{[0-9]+}` → `/users/{pid}`: Hono's path syntax to OpenAPI's. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_]\w*)(\{[^}]*\})?/g, "{$1}");
}

/** A route whose success carries `{ deleted: true }`-like flags: `{ name: true }`. */
export const flag = <const K extends string>(name: K) => z.object({ [name]: z.literal(true) } as Record<K, z.ZodMiniLiteral<true>>);
