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
  const problem = query.isError ? t("common.listFailed") : undefined;
  return <SelectField {...select} options={options} hint={problem ?? hint} />;
}
