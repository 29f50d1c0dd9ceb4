import { Hono } from "hono";
import { except } from "hono/combine";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiFailure } from "#shared/api-types.ts";
import { onLinkPages } from "./edge/open-graph.ts";
import { proxyToAgencyBackend } from "./edge/proxy.ts";
import { serveRobots } from "./edge/robots.ts";
import { serveStaticAssets } from "./edge/static-assets.ts";
import type { AppEnv } from "./env.ts";
import { ApiError, text } from "./lib/errors.ts";
import { message, requestLanguage } from "./lib/i18n.ts";
import { benchDbMetrics } from "./middleware/bench-db-metrics.ts";
import { limitBodies } from "./middleware/body-limits.ts";
import { language } from "./middleware/language.ts";
import { d1Session } from "./middleware/d1-session.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import { requestId } from "./middleware/request-id.ts";
import { noStoreByDefault } from "./middleware/no-store-by-default.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import account from "./routes/account.ts";
import admin from "./routes/admin.ts";
import clientErrors from "./routes/client-errors.ts";
import { memberDeleteProfile } from "./routes/delete-profile.ts";
import images from "./routes/images.ts";
import interests from "./routes/interests.ts";
import memberLists from "./routes/member-lists.ts";
import ogImages from "./routes/og-images.ts";
import privacy from "./routes/privacy.ts";
import profile from "./routes/profile.ts";
import publicPages from "./routes/public-pages.ts";
import referenceLists from "./routes/reference-lists.ts";
import registration from "./routes/registration.ts";
import search from "./routes/search.ts";
import sessions from "./routes/sessions.ts";
import siblings from "./routes/siblings.ts";
import users from "./routes/users.ts";
import views from "./routes/views.ts";
import whatsapp from "./routes/whatsapp.ts";
import whatsappWebhook from "./routes/whatsapp-webhook.ts";

// except() matches the request's whole path, which inside this sub-app
// still starts with /api (mounted below), not the path the sub-app routes.
const WEBHOOK_PATH = "/api/whatsapp/webhook";

/** The agency API (§ "7. The calls the product makes"), one sub-app per resource. */
const api = new Hono<AppEnv>()
  // Meta's webhook brings up to 1,000 updates in a body, from addresses
  // Meta shares among many businesses: it has its own body limit, and its
  // signature, not an address, decides what is read.
  .use(except(WEBHOOK_PATH, limitBodies()))
  // Rate limits per client address: the costly and the guessable calls get
  // their own, everything under /api shares a generous one (ADR 0014).
  .use(except(WEBHOOK_PATH, rateLimit("API_LIMIT")))
  .use("/users/sign_in", rateLimit("SIGN_IN_LIMIT"))
  // A code to the member's WhatsApp costs the agency and reaches a person.
  .use("/users/password_reset", rateLimit("CODE_LIMIT"))
  // Guesses of a code or of the current password.
  .use("/users/password_reset/confirm", rateLimit("SIGN_IN_LIMIT"))
  .use("/users/password", rateLimit("SIGN_IN_LIMIT"))
  .use("/users/confirm_mobile", rateLimit("SIGN_IN_LIMIT"))
  // Deleting a profile proves the password or a code (ADR 0034); its code reaches a person.
  .use("/users/delete_profile", rateLimit("SIGN_IN_LIMIT"))
  .use("/users/delete_profile/code", rateLimit("CODE_LIMIT"))
  .use("/admin/sign_in", rateLimit("SIGN_IN_LIMIT"))
  // Proves the current password: as many guesses per address as a sign-in.
  .use("/admin/me/password", rateLimit("SIGN_IN_LIMIT"))
  .use("/users/link_sign_in", rateLimit("LINK_SIGN_IN_LIMIT"))
  .use("/save_new_registration", rateLimit("REGISTRATION_LIMIT"))
  // The edit that may carry a new photo decodes and stores it as registration does.
  .on("PUT", "/profile_personal_data", rateLimit("REGISTRATION_LIMIT"))
  // The export reads every table about the member; a request is work for staff (ADR 0033).
  .use("/users/my_data", rateLimit("PRIVACY_LIMIT"))
  .on("POST", "/users/data_requests", rateLimit("PRIVACY_LIMIT"))
  .on("POST", ["/send_interest", "/delete_interest", "/approve_interest", "/reject_interest", "/admin/profile_interest"], rateLimit("INTEREST_LIMIT"))
  // The /request page's own call: counted with the page (ADR 0026).
  .on("GET", "/profile_teaser/*", rateLimit("LINK_PAGE_LIMIT"))
  // With AGENCY_API_URL set, everything below is answered by that backend.
  .use(proxyToAgencyBackend())
  .use(noStoreByDefault())
  // Reads from the nearest replica as new as the client's bookmark (ADR 0032),
  // after the proxy, which never touches D1. The edge cache reads its misses
  // at the primary and its hits not at all.
  .use(d1Session())
  .get("/health", (c) => c.json({ data: { ok: true } }))
  .route("/users", users)
  .route("/users", account)
  .route("/users", memberDeleteProfile)
  .route("/users", sessions)
  .route("/whatsapp/webhook", whatsappWebhook)
  .route("/admin", admin)
  .route("/save_new_registration", registration)
  .route("/", profile)
  .route("/", siblings)
  .route("/", search)
  .route("/view_profile", views)
  .route("/", interests)
  .route("/", memberLists)
  .route("/", whatsapp)
  .route("/", publicPages)
  .route("/", privacy)
  .route("/client_errors", clientErrors)
  .route("/", referenceLists)
  .all("*", () => {
    throw new ApiError(404, "NOT_FOUND", text("server.noSuchPath"));
  });

const app = new Hono<AppEnv>()
  .use(requestId())
  .use(language())
  .use(securityHeaders())
  // The bench server's D1 rows per request (docs/scaling.md); a pass-through elsewhere.
  .use(benchDbMetrics())
  // Link pages and their preview images need no sign-in and read D1 or R2:
  // a limit of their own per client address, shared with the teaser the
  // /request page loads (ADR 0026).
  .on("GET", "/og/*", rateLimit("LINK_PAGE_LIMIT"))
  .get("*", onLinkPages(rateLimit("LINK_PAGE_LIMIT")))
  .route("/api", api)
  .route("/images", images)
  .route("/og", ogImages)
  .get("/robots.txt", serveRobots)
  .get("*", serveStaticAssets);

app.onError((error, c) => {
  // Set by the language middleware, unless the failure came before it.
  const language = c.var.language ?? requestLanguage(c.req.raw.headers);
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body(language), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx, such as malformed JSON: keep the status, use our shape.
    const body: ApiFailure = { error: error.message || message(language, "server.badRequest"), code: "BAD_REQUEST" };
    return c.json(body, error.status as ContentfulStatusCode);
  }
  console.error(
    JSON.stringify({
      kind: "unhandled_error",
      requestId: c.var.requestId,
      clientRequestId: c.var.clientRequestId,
      path: c.req.path,
      message: String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
  const body: ApiFailure = { error: message(language, "server.somethingWentWrong"), code: "INTERNAL" };
  return c.json(body, 500);
});

app.notFound((c) => {
  const body: ApiFailure = { error: message(c.var.language, "server.notFound"), code: "NOT_FOUND" };
  return c.json(body, 404);
});

/** Every route with its input and answer, from which the SPA types its calls (ADR 0036). */
export type AppType = typeof app;

export default app;
