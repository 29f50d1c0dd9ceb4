import { QueryClient } from "@tanstack/react-query";
import { QUERY_DEFAULTS } from "../../shared/constants.ts";

/** The data cache with the specification's defaults (section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS },
      mutations: { retry: false },
    },
  });
}
