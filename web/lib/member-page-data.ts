import type { QueryClient } from "@tanstack/react-query";
import { takePageData } from "./page-data.ts";
import { browserQueryClient } from "./query-client.ts";
import { setRenderedSignedIn } from "./use-has-token.ts";

/**
 * A member's page the Worker rendered (ADR 0041, ADR 0042), before the first
 * render: the answers it was rendered from go into the browser's cache
 * through `keep`, and the page is hydrated as the member's, so that the
 * application adopts the markup and asks for neither.
 */
export function adoptMemberPageData<Data>(id: string, keep: (client: QueryClient, data: Data) => void): void {
  const data = takePageData<Data>(id);
  if (!data) return;
  keep(browserQueryClient(), data);
  setRenderedSignedIn(true);
}
