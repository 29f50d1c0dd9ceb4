import { useLanguage } from "../lib/i18n-react.tsx";
import { WithTelugu } from "./profile-card/profile-values.tsx";

/**
 * A name from a reference list or the panchangam (a star, a raasi, a koota)
 * that has a Telugu name: the Telugu name alone in Telugu mode, and in
 * English the English name with the Telugu one beside it, as before
 * (ADR 0040). The English name is the list's, not a text of the catalogue.
 */
export function LookupName({ name, te }: { name: string | null; te: string | null }) {
  const language = useLanguage();
  if (language === "te" && te) return <span lang="te">{te}</span>;
  return (
    <span translate="no">
      <WithTelugu name={name} te={te} />
    </span>
  );
}
