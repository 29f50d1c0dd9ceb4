import type { ReactNode } from "react";

/** One titled block of a console screen; the title names the region for screen readers. */
export function Panel({ title, children, actions, className = "" }: { title: string; children: ReactNode; actions?: ReactNode; className?: string }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={`card min-w-0 px-4 py-4 sm:px-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 border-b-2 border-saffron-300 pb-2">
        <h2 id={id} className="m-0 text-lg font-bold text-maroon-800">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
