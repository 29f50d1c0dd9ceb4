import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryFailureText } from "#web/lib/failure-reason.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { Alert } from "./alert.tsx";
import { PageLoading } from "./page-loading.tsx";

// The states every list of profiles shares around its cards.

/**
 * Says what happened to a card that left the list (removed, withdrawn,
 * dismissed). The live region stays in the page, empty, so that the text is
 * announced when it appears.
 */
export function ListNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div aria-live="polite">
      {children ? (
        <Alert tone="success" live={false} {...(className ? { className } : {})}>
          {children}
        </Alert>
      ) : null}
    </div>
  );
}

/** Loading the first page, and a failure with nothing to show (a failed next page keeps the previous one). */
export function ListLoadState({ query }: { query: UseQueryResult<unknown> }) {
  const t = useT();
  return (
    <>
      {query.isPending ? <PageLoading label={t("common.loadingProfiles")} /> : null}
      {query.isError && !query.data ? (
        <Alert tone="error">
          {queryFailureText(query.error)}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void query.refetch()}>
            {t("common.tryAgain")}
          </button>
        </Alert>
      ) : null}
    </>
  );
}
