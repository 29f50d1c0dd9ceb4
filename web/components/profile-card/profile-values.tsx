import type { ReactNode } from "react";
import { MAX_POINTS } from "../../../shared/astro/ashtakoota.ts";
import { profileTypeLabel } from "../../../shared/constants.ts";

// How a profile's values read (sections 2 and 3), the same on cards and on
// the full profile: "-" for empty optional values, First/Second, India or
// Abroad, income in lakhs, Telugu names beside English ones.

/** A value as members read it: empty optional values show "-". */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "-";
  const text = String(value).trim();
  return text === "" ? "-" : text;
}

/** Matching points out of 36 ("27.5 / 36"); "-" when they cannot be computed. */
export function pointsLabel(points: number | null): string {
  return points === null ? "-" : `${points} / ${MAX_POINTS}`;
}

export function marriageLabel(turn: 1 | 2): string {
  return turn === 2 ? "Second" : "First";
}

export function workingInLabel(workingIn: 1 | 2 | null): string {
  return workingIn === 1 ? "India" : workingIn === 2 ? "Abroad" : "-";
}

/** Income names are ranges in lakhs ("10 - 15"); in India they read as "10 - 15 Lakhs Per Annum" (section 2). */
export function incomeLabel(annualIncome: string | null, workingIn: 1 | 2 | null): string {
  if (!annualIncome) return "-";
  return workingIn === 1 ? `${annualIncome} Lakhs Per Annum` : annualIncome;
}

/** The tier chip's colours: the paid tiers stand out, all at 7:1 or better. */
const TIER_CLASS: Record<string, string> = {
  LIFE: "border-slate-700 bg-slate-800 text-white",
  PREMIUM: "border-maroon-700 bg-maroon-700 text-white",
  DONOR: "border-saffron-500 bg-saffron-100 text-saffron-900",
  MEMBER: "border-slate-400 bg-slate-100 text-slate-900",
};

export function ProfileTypeChip({ profileType }: { profileType: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-3 py-0.5 text-sm font-bold tracking-wide ${TIER_CLASS[profileType] ?? "border-line bg-white text-ink"}`}
    >
      {profileTypeLabel(profileType)}
    </span>
  );
}

/** English name with the Telugu one beside it, marked as Telugu for screen readers and fonts. */
export function WithTelugu({ name, te }: { name: string | null; te: string | null }) {
  if (!name) return <>-</>;
  return (
    <>
      {name}
      {te ? (
        <>
          {" "}
          {/* leading-none: the Telugu font, arriving after the first paint,
              must not make the line taller (CLS, ADR 0031). */}
          (<span lang="te" className="leading-none">
            {te}
          </span>
          )
        </>
      ) : null}
    </>
  );
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.25rem_minmax(0,1fr)] items-baseline gap-x-3 border-b border-line/70 py-1.5 last:border-b-0">
      <dt className="text-sm font-semibold leading-6 text-ink-muted">{label}</dt>
      <dd className="m-0 break-words text-base leading-6 text-ink">{children}</dd>
    </div>
  );
}
