import { Link } from "react-router";

// Previous / "Page N" / Next (section 2, "/viewed_by_profiles"): pages wrap
// around, so Next on the last page leads to the first and Previous on the
// first to the last. Links, so that the back button returns to the page the
// member came from.

interface PagerProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Names this pager apart from other navigation on the page. */
  label: string;
}

export function Pager({ page, pageCount, hrefFor, label }: PagerProps) {
  const previous = page > 1 ? page - 1 : pageCount;
  const next = page < pageCount ? page + 1 : 1;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <Link to={hrefFor(previous)} rel="prev" className="btn-outline min-w-28" aria-label={`Previous page (page ${previous})`}>
        Previous
      </Link>
      <p aria-current="page" className="m-0 text-base font-bold text-ink">
        Page {page}
      </p>
      <Link to={hrefFor(next)} rel="next" className="btn-outline min-w-28" aria-label={`Next page (page ${next})`}>
        Next
      </Link>
    </nav>
  );
}
