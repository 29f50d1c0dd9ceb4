import type { ReactNode } from "react";
import { MAX_POINTS } from "#shared/astro/ashtakoota.ts";
import { tierName } from "#shared/tier-names.ts";
import { translate } from "#web/lib/i18n.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import type { Translate } from "./action-messages.ts";

// How a profile's values read (§ "2. Screens and routes" and § "3. Entities and their fields"), the same on cards and on
// the full profile: "-" for empty optional values, First/Second, India or
// Abroad, income in lakhs, Telugu names beside English ones (in Telugu mode
// the Telugu names alone, ADR 0040).

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

export function marriageLabel(turn: 1 | 2, t: Translate = translate): string {
  return t(turn === 2 ? "common.second" : "common.first");
}

export function workingInLabel(workingIn: 1 | 2 | null, t: Translate = translate): string {
  return workingIn === 1 ? t("common.india") : workingIn === 2 ? t("common.abroad") : "-";
}

/** Income names are ranges in lakhs ("10 - 15"); in India they read as "10 - 15 Lakhs Per Annum" (§ "2. Screens and routes"). */
export function incomeLabel(annualIncome: string | null, workingIn: 1 | 2 | null, t: Translate = translate): string {
  if (!annualIncome) return "-";
  return workingIn === 1 ? t("common.lakhsPerAnnum", { income: annualIncome }) : annualIncome;
}

/** What a profile type is called on the screens, in the active language; an unknown type shows as it is. */
export function useTierLabel(): (profileType: string) => string {
  const t = useT();
  return (profileType) => tierName(profileType, t);
}

/** The tier chip's colours: the paid tiers stand out, all at 7:1 or better. */
const TIER_CLASS: Record<string, string> = {
  LIFE: "border-slate-700 bg-slate-800 text-white",
  PREMIUM: "border-maroon-700 bg-maroon-700 text-white",
  DONOR: "border-saffron-500 bg-saffron-100 text-saffron-900",
  MEMBER: "border-slate-400 bg-slate-100 text-slate-900",
};

export function ProfileTypeChip({ profileType }: { profileType: string }) {
  const tierLabel = useTierLabel();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-3 py-0.5 text-sm font-bold tracking-wide ${TIER_CLASS[profileType] ?? "border-line bg-white text-ink"}`}
    >
      {tierLabel(profileType)}
    </span>
  );
}

/**
 * English name with the Telugu one beside it, marked as Telugu for screen
 * readers and fonts; in Telugu mode the Telugu name alone (a name without one
 * stays as the list has it).
 */
export function WithTelugu({ name, te }: { name: string | null; te: string | null }) {
  const language = useLanguage();
  if (!name) return <>-</>;
  if (language === "te") return te ? te : <span translate="no">{name}</span>;
  return (
    <>
      {name}
      {te ? (
        <>
          {" "}
          {/* leading-none: the Telugu font, arriving after the first paint,
              must not make the line taller (CLS, ADR 0031). */}
          (
          <span lang="te" className="leading-none">
            {te}
          </span>
          )
        </>
      ) : null}
    </>
  );
}

/** `memberData`: the value is what the member typed or a list's English name, shown as it is in either language (translate="no"). */
export function Fact({ label, memberData = false, children }: { label: ReactNode; memberData?: boolean; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.25rem_minmax(0,1fr)] items-baseline gap-x-3 border-b border-line/70 py-1.5 last:border-b-0">
      <dt className="text-sm font-semibold leading-6 text-ink-muted">{label}</dt>
      <dd translate={memberData ? "no" : undefined} className="m-0 break-words text-base leading-6 text-ink">
        {children}
      </dd>
    </div>
  );
}
