import { Link } from "react-router";

// Previous / "Page N of M" / Next for the console's lists. Unlike the
// members' pager (web/components/ui/pager.tsx) it does not wrap around:
// staff page through a register and need to know where it ends.
export function ConsolePager({ page, pageSize, total, hrefFor, label }: { page: number; pageSize: number; total: number; hrefFor: (page: number) => string; label: string }) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  const button = "btn-outline min-w-28";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={button}>
          Previous
        </Link>
      ) : (
        <button type="button" className={button} disabled>
          Previous
        </button>
      )}
      <p aria-current="page" className="m-0 text-center text-base font-bold text-ink">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={button}>
          Next
        </Link>
      ) : (
        <button type="button" className={button} disabled>
          Next
        </button>
      )}
    </nav>
  );
}
