import { QueryClient } from "@tanstack/react-query";
import { QUERY_DEFAULTS } from "#shared/constants.ts";

/** The data cache with the specification's defaults (§ "9. Business constants and limits"). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS },
      mutations: { retry: false },
    },
  });
}
