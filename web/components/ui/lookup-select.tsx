import type { ComponentProps } from "react";
import type { LookupItem } from "../../../shared/api-types.ts";
import { lookupLabel, useReferenceList, type ReferenceListName } from "../../lib/reference-lists.ts";
import { SelectField } from "./form-field.tsx";

type LookupSelectProps = Omit<ComponentProps<typeof SelectField>, "options"> & {
  list: ReferenceListName;
  /** Districts of one state (section 3); the select waits until a state is chosen. */
  stateId?: number | undefined;
  /** Stars and raasis show their Telugu names beside the English ones. */
  withTelugu?: boolean;
  filter?: (item: LookupItem) => boolean;
};

/** A select filled from one of the reference lists (section 7). */
export function LookupSelect({ list, stateId, withTelugu = false, filter, hint, ...select }: LookupSelectProps) {
  const needsState = list === "districts";
  const query = useReferenceList(list, { stateId, enabled: !needsState || stateId !== undefined });
  const items = query.data ?? [];
  const options = (filter ? items.filter(filter) : items).map((item) => ({ value: String(item.id), label: lookupLabel(item, withTelugu) }));
  const problem = query.isError ? "This list could not be loaded. Please check your connection and reload the page." : undefined;
  return <SelectField {...select} options={options} hint={problem ?? hint} />;
}
