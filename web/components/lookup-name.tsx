import { useLanguage } from "../lib/i18n-react.tsx";
import { useTeluguName, type ReferenceListName } from "../lib/reference-lists.ts";
import { WithTelugu, orDash } from "./profile-card/profile-values.tsx";

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

/**
 * A profile's value that a reference list names (religion, subcaste, district,
 * profession type, ...): in Telugu mode the list's Telugu name, found by the
 * English name the profile answers; otherwise, and for a name the list does
 * not have in Telugu, the name as answered, marked translate="no" like what
 * members write (ADR 0040). "-" when there is none.
 */
export function ListValue({ list, name }: { list: ReferenceListName; name: string | null }) {
  const te = useTeluguName(list, name, useLanguage());
  return te ? <span>{te}</span> : <span translate="no">{orDash(name)}</span>;
}
