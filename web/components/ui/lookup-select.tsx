import type { ComponentProps } from "react";
import type { LookupItem } from "#shared/api-types.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { lookupLabel, useReferenceList, type ReferenceListName } from "#web/lib/reference-lists.ts";
import { SelectField } from "./form-field.tsx";

type LookupSelectProps = Omit<ComponentProps<typeof SelectField>, "options"> & {
  list: ReferenceListName;
  /** Districts of one state (§ "3. Entities and their fields"); the select waits until a state is chosen. */
  stateId?: number | undefined;
  /** Stars and raasis show their Telugu names beside the English ones. */
  withTelugu?: boolean;
  filter?: (item: LookupItem) => boolean;
};

/** A select filled from one of the reference lists (§ "7. The calls the product makes"). */
export function LookupSelect({ list, stateId, withTelugu = false, filter, hint, ...select }: LookupSelectProps) {
  const t = useT();
  const language = useLanguage();
  const needsState = list === "districts";
  const query = useReferenceList(list, { stateId, enabled: !needsState || stateId !== undefined });
  const items = query.data ?? [];
  const options = (filter ? items.filter(filter) : items).map((item) => ({ value: String(item.id), label: lookupLabel(item, withTelugu, language) }));
  // Reference lists are not retried on their own (QUERY_DEFAULTS), and a
  // reload would empty the form the select is in: the member asks again here.
  if (query.isError) {
    const retry = (
      <button type="button" className="btn-quiet mt-2" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {t("common.tryAgain")}
      </button>
    );
    return <SelectField {...select} options={options} hint={t("common.listFailed")} action={retry} />;
  }
  return <SelectField {...select} options={options} hint={hint} />;
}
