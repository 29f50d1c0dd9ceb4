import { Link } from "react-router";
import { useT } from "#web/lib/i18n-react.tsx";

// Previous / "Page N" / Next (§ "2. Screens and routes", "/search" and "/viewed_by_profiles"):
// pages wrap around, so Next on the last page leads to the first and
// Previous on the first to the last. When the number of pages is not known
// (detailed search and matching answer only whether another page follows),
// Previous stops at the first page. Links, so that the back button returns
// to the page the member came from.

interface PagerProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Whether pageCount is the real number of pages, or only "one more". */
  lastPageKnown?: boolean;
  /** Names this pager apart from other navigation on the page. */
  label?: string;
}

const linkClass = "btn-outline min-w-28";

export function Pager({ page, pageCount, hrefFor, lastPageKnown = true, label }: PagerProps) {
  const t = useT();
  const previous = page > 1 ? page - 1 : lastPageKnown ? pageCount : null;
  const next = page < pageCount ? page + 1 : 1;
  return (
    <nav aria-label={label ?? t("common.pagination")} className="mt-6 flex items-center justify-between gap-3">
      {previous === null ? (
        <button type="button" className={linkClass} disabled>
          {t("common.pagePrevious")}
        </button>
      ) : (
        <Link to={hrefFor(previous)} rel="prev" className={linkClass} aria-label={t("common.pagePreviousName", { page: previous })}>
          {t("common.pagePrevious")}
        </Link>
      )}
      <p aria-current="page" className="m-0 text-base font-bold text-ink">
        {t("common.pageNumber", { page })}
      </p>
      <Link to={hrefFor(next)} rel="next" className={linkClass} aria-label={t("common.pageNextName", { page: next })}>
        {t("common.pageNext")}
      </Link>
    </nav>
  );
}
