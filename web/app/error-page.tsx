import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { MESSAGES } from "../../shared/messages.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { reportClientError } from "../lib/report-error.ts";

/**
 * The route error element (section 8): "Unexpected Application Error!". Render
 * errors reach it with their component stack already reported through the
 * root's onCaughtError; loader and lazy-import failures are reported here.
 */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  usePageTitle("Error");

  useEffect(() => {
    reportClientError(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error);
  }, [error]);

  const content = (
      <section className="card mx-auto max-w-xl px-5 py-8 text-center">
        <h1 className="text-2xl font-bold text-maroon-800">{MESSAGES.unexpectedError}</h1>
        <p className="mt-3 text-ink-muted">Something went wrong on this page. Please reload it or go back to the profiles.</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {/* A full reload also picks up a newly deployed version, the usual
              cause of a screen's code failing to load. */}
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/search" className="btn-outline">
            Go to Search Profiles
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
