import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { useT } from "../lib/i18n-react.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { reportClientError } from "../lib/report-error.ts";

/**
 * The route error element (§ "8. Error catalogue"): "Unexpected Application Error!". Render
 * errors reach it with their component stack already reported through the
 * root's onCaughtError; loader and lazy-import failures are reported here.
 */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const t = useT();
  usePageTitle(t("title.error"));

  useEffect(() => {
    reportClientError(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error);
  }, [error]);

  const content = (
    <section className="card mx-auto max-w-xl px-5 py-8 text-center">
      <h1 className="text-2xl font-bold text-maroon-800">{t("common.unexpectedError")}</h1>
      <p className="mt-3 text-ink-muted">{t("error.text")}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {/* A full reload also picks up a newly deployed version, the usual
              cause of a screen's code failing to load. */}
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t("error.reload")}
        </button>
        <a href="/search" className="btn-outline">
          {t("error.toSearch")}
        </a>
      </div>
    </section>
  );
  // Inside the layout the page already has its <main>; when the layout itself
  // failed, this page stands alone.
  return standalone ? (
    <main id="main" className="px-4 py-10">
      {content}
    </main>
  ) : (
    content
  );
}
