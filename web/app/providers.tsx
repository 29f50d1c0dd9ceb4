import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { browserQueryClient } from "../lib/query-client.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
