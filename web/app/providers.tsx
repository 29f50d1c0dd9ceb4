import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "../lib/query-client.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  // One cache for the page's lifetime; useState keeps it across re-renders.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
