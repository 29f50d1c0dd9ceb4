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

let browserClient: QueryClient | undefined;

/**
 * The browser's one cache for the page's lifetime (AppProviders). A page the
 * Worker rendered puts the answers it was rendered from there before the
 * first render (ADR 0041).
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
