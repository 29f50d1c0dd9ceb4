import { Link, NavLink } from "react-router";
import type { StaffUser } from "#shared/admin-types.ts";
import { agency } from "#web/lib/agency.ts";
import { useOutboxSummary } from "../api/get-outbox-summary.ts";
import { roleLabel } from "../lib/labels.ts";

// The console's own compact header: not the members' navigation bar, so that
// staff never land on a member screen by habit, and a phone keeps most of its
// height for the work.

const linkClass =
  "flex min-h-11 items-center justify-center rounded-lg px-1 text-center text-sm leading-tight font-semibold sm:px-3 sm:text-base text-white no-underline hover:bg-maroon-900 focus-visible:outline-saffron-300 aria-[current=page]:bg-maroon-900 aria-[current=page]:underline aria-[current=page]:decoration-saffron-300 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-6";

/** What waits for staff and what failed, on the Outbox entry (ADR 0020). */
function useOutboxCount(): { count: number; label: string } {
  const summary = useOutboxSummary().data;
  const count = (summary?.waiting ?? 0) + (summary?.failed ?? 0);
  const parts = [summary?.waiting ? `${summary.waiting} waiting` : null, summary?.failed ? `${summary.failed} failed` : null].filter(Boolean);
  return { count, label: parts.length > 0 ? `Outbox, ${parts.join(", ")}` : "Outbox" };
}

export function ConsoleHeader({ staff }: { staff: StaffUser | null }) {
  const name = agency().name || "Telugu Matrimony";
  const outbox = useOutboxCount();
  const links = [
    { to: "/agency/members", label: "Members" },
    { to: "/agency/outbox", label: "Outbox", count: outbox.count, ariaLabel: outbox.label },
    { to: "/agency/public", label: "Public pages" },
    // Members' requests about their data, each with a due date (ADR 0033).
    { to: "/agency/data_requests", label: "Requests" },
    // The server refuses these to staff (403); owners only see the links.
    ...(staff?.role === "owner"
      ? [
          { to: "/agency/audit", label: "Audit log" },
          { to: "/agency/staff", label: "Staff" },
        ]
      : []),
  ];

  return (
    <header className="border-b-4 border-saffron-400 bg-maroon-800 text-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 pt-2 sm:px-4">
        <Link to="/agency/members" className="min-w-0 flex-1 py-1 text-white no-underline focus-visible:outline-saffron-300">
          {/* One line each on a phone: the header must leave the screen to the work. */}
          <span className="block truncate text-base font-bold leading-tight">{name}</span>
          <span className="block truncate text-sm leading-snug text-saffron-100">{staff ? `${staff.name} · ${roleLabel(staff.role)}` : "Agency console"}</span>
        </Link>
        {/* Your password and Sign out live there, one tap from every screen. */}
        <NavLink
          to="/agency/account"
          className="flex min-h-11 shrink-0 items-center rounded-lg border-2 border-white/70 px-3 text-base font-semibold text-white no-underline hover:bg-maroon-900 focus-visible:outline-saffron-300 aria-[current=page]:bg-maroon-900"
        >
          Account
        </NavLink>
      </div>
      <nav aria-label="Console" className="mx-auto max-w-6xl px-1 pb-1.5 pt-1 sm:px-2">
        {/* Every link in one row of equal cells, six for owners also on a 390 px phone: no menu to open. */}
        <ul className={`m-0 grid list-none gap-1 p-0 sm:flex sm:flex-wrap ${links.length > 4 ? "grid-cols-6" : "grid-cols-4"}`}>
          {links.map((link) => (
            <li key={link.to} className="min-w-0">
              <NavLink to={link.to} className={linkClass} aria-label={"ariaLabel" in link ? link.ariaLabel : undefined}>
                {link.label}
                {"count" in link && link.count ? (
                  <span aria-hidden="true" className="ml-1 rounded-full bg-saffron-300 px-1.5 text-xs font-bold leading-5 text-maroon-900">
                    {link.count}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
