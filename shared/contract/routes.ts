import { memberRoutes } from "./members.ts";
import { profileRoutes } from "./profiles.ts";
import { publicRoutes } from "./public.ts";
import { adminRoutes } from "./admin.ts";
import { privacyRoutes } from "./privacy.ts";
import type { ApiRoute } from "./api-route.ts";

/**
 * Every route of the agency API, in the document's order. A route the
 * Worker serves without an entry here fails tests/worker/contract-routes.test.ts.
 */
export const API_ROUTES: readonly ApiRoute[] = [...publicRoutes, ...memberRoutes, ...profileRoutes, ...adminRoutes, ...privacyRoutes];
