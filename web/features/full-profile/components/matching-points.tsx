import type { AshtakootaScore } from "#shared/astro/ashtakoota.ts";
import { DOSHA_NAMES, KOOTAS, MAX_POINTS } from "#shared/astro/ashtakoota.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { LookupName } from "#web/components/lookup-name.tsx";
import { Section } from "./profile-sections.tsx";

// The eight kootas behind the matching points (ADR 0016): each
// koota's points out of its maximum, the total out of 36, and the two doshas
// families ask about before anything else. In Telugu the kootas and doshas
// go by their panchangam names alone (shared/astro).

export function MatchingPointsDetails({ match }: { match: AshtakootaScore }) {
  const t = useT();
  return (
    <Section name="matching-points" title={t("matchingPoints.title")} wide>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:gap-8">
        <table className="w-full border-collapse text-left text-base md:flex-1">
          <caption className="sr-only">{t("matchingPoints.caption")}</caption>
          <thead>
            <tr className="border-b-2 border-line">
              <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                {t("matchingPoints.koota")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold text-ink-muted">
                {t("matchingPoints.points")}
              </th>
            </tr>
          </thead>
          <tbody>
            {KOOTAS.map((koota) => (
              <tr key={koota.key} className="border-b border-line/70">
                <th scope="row" className="py-1.5 pr-3 font-normal text-ink">
                  <LookupName name={koota.name} te={koota.nameTe} />
                </th>
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums text-ink">
                  {match[koota.key]} <span className="text-ink-muted">/ {koota.max}</span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-2 pr-3 text-left font-bold text-maroon-800">
                {t("matchingPoints.total")}
              </th>
              <td className="whitespace-nowrap pt-2 text-right text-lg font-bold tabular-nums text-maroon-800">
                {match.total} / {MAX_POINTS}
              </td>
            </tr>
          </tfoot>
        </table>
        {/* Families ask about these two first: each on a line of its own, the answer at the end. */}
        <dl className="m-0 md:w-80">
          {(["nadi", "bhakoot"] as const).map((dosha) => (
            <div key={dosha} className="flex items-baseline justify-between gap-3 border-b border-line/70 py-1.5">
              <dt className="text-base text-ink">
                <LookupName name={DOSHA_NAMES[dosha].name} te={DOSHA_NAMES[dosha].nameTe} />
              </dt>
              <dd className="m-0 text-base">
                {match.doshas[dosha] ? <span className="font-bold text-red-800">{t("matchingPoints.doshaYes")}</span> : t("matchingPoints.doshaNo")}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
