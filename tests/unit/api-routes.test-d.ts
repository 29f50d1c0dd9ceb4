// The SPA's calls are typed from the Worker's routes (ADR 0036): what a route
// answers is what its caller reads, and a call of a path the Worker does not
// serve, or without the values of its path, does not compile. Checked by
// `tsc -b` (npm test's type check); nothing here runs.
import { expectTypeOf } from "vitest";
import type { CurrentUser, ProfilePage } from "#shared/api-types.ts";
import { apiRequest, type ApiData, type ApiCall } from "#web/lib/api-client.ts";

expectTypeOf<ApiData<"GET /health">>().toEqualTypeOf<{ ok: true }>();
expectTypeOf<ApiData<"GET /users/current">>().toEqualTypeOf<CurrentUser>();
expectTypeOf<ApiData<"GET /matching_profiles">>().toEqualTypeOf<ProfilePage>();
// A 204 brings no body.
expectTypeOf<ApiData<"POST /client_errors">>().toEqualTypeOf<undefined>();
// Each list of worker/db/reference-lists.ts is a route of its own.
expectTypeOf<"GET /stars">().toExtend<ApiCall>();
expectTypeOf<"GET /users/not_a_route">().not.toExtend<ApiCall>();
expectTypeOf<"POST /users/current">().not.toExtend<ApiCall>();

expectTypeOf(() => {
  // @ts-expect-error the path's pid is required
  void apiRequest("GET /users/:pid{[0-9]+}");
  // @ts-expect-error no such path
  void apiRequest("GET /users/not_a_route");
  void apiRequest("GET /users/:pid{[0-9]+}", { params: { pid: 7 } });
}).toBeFunction();
