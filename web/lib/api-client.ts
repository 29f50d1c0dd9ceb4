// The one way the SPA talks to the agency API (/api). Success bodies are
// `{ data }`; failures are non-2xx with `{ error, code, err? }` (ADR 0002). Every failure, including the transport ones of § "8. Error catalogue"
// (network error, timeout, aborted request), becomes an ApiError, so screens
// handle one error type.
import type { HonoBase } from "hono/hono-base";
import type { ParamKeys } from "hono/types";
import type { ApiFailure, ErrorCode } from "#shared/api-types.ts";
import type { AppType } from "#worker/app.ts";
import { getToken } from "./session.ts";
import { currentLanguage } from "./i18n.ts";

/** Codes for failures that never reached the server or came back unreadable. */
export type ClientErrorCode = "NETWORK_ERROR" | "TIMEOUT" | "ABORTED" | "BAD_RESPONSE";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** Text a member can read. */
  readonly error: string;
  /** Sign-in failures only: the text the login screen shows (§ "8. Error catalogue"). */
  readonly err: string | undefined;
  /** Seconds, from Retry-After on 429 and 503 responses. */
  readonly retryAfter: number | undefined;
  /** Validation failures: the server's message for each invalid field, by field name. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /**
   * Whether `error` is the server's own text. Screens that show "the server's
   * error text, otherwise a default" (§ "8. Error catalogue") need to tell it apart from
   * the texts this client makes up for transport failures.
   */
  readonly fromServer: boolean;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    error: string;
    err?: string | undefined;
    retryAfter?: number | undefined;
    fields?: Record<string, string> | undefined;
    fromServer?: boolean;
    cause?: unknown;
  }) {
    super(init.error, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.err = init.err;
    this.retryAfter = init.retryAfter;
    this.fields = init.fields;
    this.fromServer = init.fromServer ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Read-your-writes (ADR 0032): every answer names the newest point of the
 * database the server read or wrote for this tab, and every request sends
 * the newest one seen back, so the server reads from a copy at least that
 * new. Kept for the tab (sessionStorage: a reload keeps it, other tabs and
 * the next visit do not share it; clearSession empties it), or in the
 * page's memory where the browser refuses storage. It says nothing about
 * the member.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const BOOKMARK_KEY = "d1Bookmark";

let bookmarkInMemory: string | null = null;

function currentBookmark(): string | null {
  try {
    return window.sessionStorage.getItem(BOOKMARK_KEY);
  } catch {
    return bookmarkInMemory;
  }
}

/** Keeps the newer of the two: answers can arrive out of order, and bookmarks sort oldest to newest as text. */
function rememberBookmark(received: string | null): void {
  const current = currentBookmark();
  if (!received || (current !== null && received <= current)) return;
  try {
    window.sessionStorage.setItem(BOOKMARK_KEY, received);
  } catch {
    bookmarkInMemory = received;
  }
}

/** Long enough for a slow rural mobile connection, short enough not to hang forever. */
export const DEFAULT_TIMEOUT_MS = 30_000;

type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * The Worker's routes (worker/app.ts), each path with what each method
 * answers: the SPA's calls are typed from them, so a changed answer in the
 * Worker fails the type check of the screens that read it (ADR 0036). Types
 * only: nothing of the Worker reaches the browser.
 */
type Routes = AppType extends HonoBase<infer _Env, infer S, infer _Base, infer _Current> ? S : never;

/**
 * What a route answers by `method`. Left out: entries a middleware adds for
 * the paths it guards (rate limits), which declare no answer, and the
 * catch-all paths of the link pages.
 */
type Answers<Path extends string, M extends Method> = Routes extends infer R
  ? R extends Record<Path, infer Methods>
    ? string extends keyof R
      ? never
      : Methods extends Record<`$${Lowercase<M>}`, infer Answer>
        ? Extract<Answer, { outputFormat: "json" | "body" }>
        : never
    : never
  : never;

/** Paths below /api that answer `method`, as the Worker writes them ("/users/:pid"). */
type PathsOf<M extends Method> = Routes extends infer R
  ? R extends unknown
    ? string extends keyof R
      ? never
      : { [K in keyof R]: K extends `/api/${infer Path}` ? ([Answers<K, M>] extends [never] ? never : `/${Path}`) : never }[keyof R]
    : never
  : never;

/** A call of the agency API as the specification writes it: "GET /users/:pid". */
export type ApiCall = { [M in Method]: `${M} ${PathsOf<M>}` }[Method];

type MethodOf<R extends ApiCall> = R extends `${infer M extends Method} ${string}` ? M : never;
type PathOf<R extends ApiCall> = R extends `${Method} ${infer Path}` ? Path : never;

/** The `data` of a route's success body; undefined for a 204. */
export type ApiData<R extends ApiCall> = DataOf<Answers<`/api${PathOf<R>}`, MethodOf<R>>>;
type DataOf<Answer> = Answer extends { outputFormat: "json"; output: { data: infer Data } } ? Data : Answer extends { status: 204 } ? undefined : never;

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (photo uploads). */
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** react-query's signal, so leaving a screen cancels its requests. */
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  /**
   * The bearer token to send instead of the member's: the agency console
   * keeps a staff session of its own beside a member's (null sends none).
   */
  token?: string | null;
}

/** The values of a route's `:name` segments, required exactly when it has some. */
type ParamsOf<R extends ApiCall> = [ParamKeys<PathOf<R>>] extends [never] ? { params?: never } : { params: Record<ParamKeys<PathOf<R>>, string | number> };

/** The options of a call: its path's values, and RequestOptions. */
export type CallOptions<R extends ApiCall> = RequestOptions & ParamsOf<R>;

/** Options are optional only where the path has no values to fill in. */
export type CallArguments<R extends ApiCall> = [ParamKeys<PathOf<R>>] extends [never] ? [options?: CallOptions<R>] : [options: CallOptions<R>];

function combineSignals(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  // Safari before 17.4 lacks AbortSignal.any.
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

function buildUrl(path: string, params: Record<string, string | number> | undefined, query: RequestOptions["query"]): string {
  // Paths are written as the Worker's routes name them, below /api.
  // A segment ":name" or ":name{pattern}" takes the value of params.name.
  const filled = path.replace(/:(\w+)(?:\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
  const url = `/api${filled}`;
  if (!query) return url;
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) searchParams.set(key, String(value));
  }
  const search = searchParams.toString();
  return search ? `${url}?${search}` : url;
}

function isFailureBody(body: unknown): body is ApiFailure {
  return typeof body === "object" && body !== null && "error" in body && typeof body.error === "string";
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text);
}

/**
 * A caller of the agency API: `caller("GET /users/:pid", { params: { pid } })`
 * returns the `data` of the success body (undefined for 204), typed from the
 * Worker's route. Sends `Authorization: Bearer <token>` with `token()` (or
 * the one a call names in `options.token`), and the newest bookmark.
 */
export function apiCaller(token: () => string | null) {
  return <R extends ApiCall>(route: R, ...[options]: CallArguments<R>): Promise<ApiData<R>> =>
    // The one unchecked step: `data` is what the Worker's route answers for R
    // (or, in proxy mode, an agency backend held to the same contract).
    send(route, options ?? {}, token) as Promise<ApiData<R>>;
}

/** Calls with the member's token whenever one is stored (§ "6. Roles and permissions"). */
export const apiRequest = apiCaller(getToken);

async function send(route: string, options: RequestOptions & { params?: Record<string, string | number> }, defaultToken: () => string | null): Promise<unknown> {
  const [method, path] = route.split(" ") as [Method, string];
  const headers = new Headers({ Accept: "application/json" });
  const token = options.token === undefined ? defaultToken() : options.token;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  // The Worker answers in the screens' language (ADR 0040), not the browser's.
  headers.set("Accept-Language", currentLanguage());
  const bookmark = currentBookmark();
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);

  let body: BodyInit | undefined;
  if (options.formData) {
    // The browser sets the multipart boundary itself.
    body = options.formData;
  } else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? combineSignals([options.signal, timeout]) : timeout;

  return readAnswer(fetch(buildUrl(path, options.params, options.query), { method, headers, body, signal, credentials: "same-origin" }), signal);
}

/**
 * An answer of the agency API read as every call reads it: the bookmark
 * kept, the `data` of a success, an ApiError for anything else. `answer` is
 * the request's fetch, whose `signal` tells a timeout from a cancellation;
 * exported for the one request this client does not send itself, the
 * auto-login links' sign-in started before the application (ADR 0042).
 */
export async function readAnswer(answer: Promise<Response>, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await answer;
  } catch (cause) {
    throw transportError(cause, signal);
  }
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));

  let parsed: unknown;
  try {
    parsed = await readJson(response);
  } catch (cause) {
    if (signal.aborted) throw transportError(cause, signal);
    if (response.ok) {
      throw unreadableAnswer(response.status, cause);
    }
    parsed = undefined;
  }

  if (!response.ok) {
    const failure = isFailureBody(parsed) ? parsed : undefined;
    throw new ApiError({
      status: response.status,
      code: failure?.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "BAD_RESPONSE"),
      error: failure?.error ?? `Request failed with status ${response.status}.`,
      err: failure?.err,
      retryAfter: parseRetryAfter(response.headers.get("Retry-After")),
      fields: failure?.fields,
      fromServer: failure !== undefined,
    });
  }

  if (response.status === 204) return undefined;
  if (typeof parsed !== "object" || parsed === null || !("data" in parsed)) {
    throw unreadableAnswer(response.status);
  }
  return parsed.data;
}

/** An answer this page cannot read: not JSON, no `data`, or not the shape a caller asked for. */
export function unreadableAnswer(status: number, cause?: unknown): ApiError {
  return new ApiError({ status, code: "BAD_RESPONSE", error: "The server sent an answer this page cannot read.", cause });
}

function transportError(cause: unknown, signal: AbortSignal): ApiError {
  const reason: unknown = signal.aborted ? signal.reason : cause;
  if (reason instanceof DOMException && reason.name === "TimeoutError") {
    return new ApiError({ status: 0, code: "TIMEOUT", error: "The server took too long to answer. Please try again.", cause });
  }
  if (signal.aborted) {
    return new ApiError({ status: 0, code: "ABORTED", error: "The request was cancelled.", cause });
  }
  return new ApiError({ status: 0, code: "NETWORK_ERROR", error: "Could not reach the server. Please check your internet connection.", cause });
}
