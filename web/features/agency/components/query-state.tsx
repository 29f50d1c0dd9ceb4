import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { errorText } from "../lib/error-text.ts";

/** Loading, the server's error with a retry, or the data: one way for every console read. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <Alert tone="error">
        <p className="m-0">
          {label} could not be loaded: {errorText(query.error)}
        </p>
        <button type="button" className="btn-quiet mt-2" onClick={() => void query.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return <PageLoading label={`Loading ${label.toLowerCase()}...`} />;
}
