import { Link } from "react-router";

// Previous / "Page N" / Next (section 2): pages wrap around, so Next on the
// last page leads to the first and Previous on the first to the last. When
// the number of pages is not known (detailed search and matching answer only
// whether another page follows), Previous stops at the first page.

interface PagerProps {
  page: number;
  pageCount: number;
  /** Whether pageCount is the real number of pages (simple search) or only "one more" (the others). */
  lastPageKnown: boolean;
  hrefFor: (page: number) => string;
}

const linkClass = "btn-outline min-w-28";

export function Pager({ page, pageCount, lastPageKnown, hrefFor }: PagerProps) {
  const previous = page > 1 ? page - 1 : lastPageKnown ? pageCount : null;
  const next = page < pageCount ? page + 1 : 1;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {previous === null ? (
        <button type="button" className={linkClass} disabled>
          Previous
        </button>
      ) : (
        <Link to={hrefFor(previous)} rel="prev" className={linkClass}>
          Previous
        </Link>
      )}
      <p aria-current="page" className="m-0 text-base font-bold text-ink">
        Page {page}
      </p>
      <Link to={hrefFor(next)} rel="next" className={linkClass}>
        Next
      </Link>
    </nav>
  );
}
