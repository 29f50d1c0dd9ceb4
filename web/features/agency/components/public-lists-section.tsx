import { useState } from "react";
import type { AdminPublicList, AdminTemplate } from "#shared/admin-types.ts";
import { MAX_PUBLIC_LIST_PROFILES, publicListSchema, type PublicListInput } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useDeletePublicList } from "../api/delete-public-list.ts";
import { usePublicLists } from "../api/get-public-lists.ts";
import { useTemplates } from "../api/get-templates.ts";
import { useSavePublicList } from "../api/save-public-list.ts";
import { errorText } from "../lib/error-text.ts";
import { formatDay } from "../lib/labels.ts";
import { agencyToday } from "../lib/agency-today.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ConfirmButton } from "./confirm-button.tsx";
import { CopyButton } from "#web/components/ui/copy-button.tsx";
import { LinkAddress } from "./link-address.tsx";
import { Panel } from "./panel.tsx";
import { QueryState } from "./query-state.tsx";

interface ListValues {
  date: string;
  week: "day" | "week";
  templateId: string;
  pids: string;
}

/** Profile IDs as staff paste them: one a line, or separated by commas or spaces. */
function parsePids(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

const resolver = zodMiniResolver<ListValues, typeof publicListSchema>(publicListSchema, (values) => ({
  date: values.date,
  week: values.week === "week",
  templateId: values.templateId === "" ? null : Number(values.templateId),
  pids: parsePids(values.pids),
}));

const EMPTY: ListValues = { date: agencyToday(), week: "day", templateId: "", pids: "" };

function valuesOf(list: AdminPublicList): ListValues {
  return { date: list.date, week: list.week ? "week" : "day", templateId: list.templateId === null ? "" : String(list.templateId), pids: list.pids.join("\n") };
}

/**
 * The schema names a bad Profile ID by its place ("pids.3"), which the
 * resolver files under that index; the form has one text box for all of them.
 */
function pidsMessage(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("message" in error && typeof error.message === "string") return error.message;
  if (Array.isArray(error)) {
    const index = error.findIndex((item) => item !== undefined);
    const item: unknown = error[index];
    if (typeof item === "object" && item !== null && "message" in item) return `Profile ID number ${index + 1}: ${String(item.message)}`;
  }
  return undefined;
}

function profileCount(list: AdminPublicList): string {
  return list.pids.length === 1 ? "1 profile" : `${list.pids.length} profiles`;
}

function ListRow({ list, templates, onEdit }: { list: AdminPublicList; templates: AdminTemplate[]; onEdit: () => void }) {
  const remove = useDeletePublicList();
  const name = `${list.week ? "week" : "day"} list of ${formatDay(list.date)}`;
  return (
    <li className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0">
      <p className="m-0 font-semibold">
        {list.week ? "Week of " : "Day: "}
        <span className="whitespace-nowrap">{formatDay(list.date)}</span> · {profileCount(list)}
        <span className="font-normal text-ink-muted"> · {templates.find((template) => template.id === list.templateId)?.name ?? "no template"}</span>
      </p>
      <LinkAddress url={list.url} className="text-ink" />
      <div className="flex flex-wrap gap-2">
        <CopyButton text={list.url} what={`the link of the ${name}`} />
        <a href={list.url} target="_blank" rel="noopener noreferrer" className="btn-quiet no-underline" aria-label={`Open the ${name}`}>
          Open
        </a>
        <button type="button" className="btn-quiet" aria-label={`Edit the ${name}`} onClick={onEdit}>
          Edit
        </button>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the ${name}`}
          pendingLabel="Deleting..."
          title="Delete this list?"
          confirmLabel="Delete list"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(list.id)}
        >
          The {name} is deleted; its link then shows no profiles.
        </ConfirmButton>
      </div>
      {remove.isError ? <p className="field-error">{errorText(remove.error)}</p> : null}
    </li>
  );
}

// A day's or a week's public list: the profiles of /link?id={date} or
// /link?wid={date} in order, and the template whose messages go between them.
// Saving a date that has a list replaces it (the server upserts by date+week),
// so the form asks first unless that list is the one opened with Edit.
export function PublicListsSection() {
  const lists = usePublicLists();
  const templates = useTemplates();
  const save = useSavePublicList();
  const [saved, setSaved] = useState<AdminPublicList | null>(null);
  /** The list opened with Edit (or just saved): saving over it needs no question. */
  const [editingId, setEditingId] = useState<number | null>(null);
  /** A save waiting for "Replace list", with the list it would replace. */
  const [replacing, setReplacing] = useState<{ body: PublicListInput; existing: AdminPublicList } | null>(null);
  const {
    register,
    reset,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<ListValues, PublicListInput>({ resolver, defaultValues: EMPTY, fields: ["date", "week", "templateId", "pids"] });

  const store = (body: PublicListInput) => {
    // The link of an earlier save is not this attempt's: it would sit under a refusal.
    setSaved(null);
    send(save.mutate, body, {
      onSuccess: (list) => {
        setSaved(list);
        setEditingId(list.id);
      },
      // A refusal naming the profiles is said under them, not again above the buttons.
      failureText: (error, inFields) => (inFields ? null : errorText(error)),
    });
  };

  const submit = onSubmit((body) => {
    // A week's body is already dated by its Monday (publicListSchema).
    const existing = lists.data?.find((list) => list.date === body.date && list.week === body.week);
    if (existing && existing.id !== editingId) setReplacing({ body, existing });
    else store(body);
  });

  const edit = (list: AdminPublicList) => {
    reset(valuesOf(list));
    setSaved(null);
    setEditingId(list.id);
    document.getElementById("public-list-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <Panel title="Public lists">
      <form id="public-list-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy={save.isPending} aria-label="Public list">
        <TextField label="Date" type="date" required error={errors.date?.message} {...register("date")} />
        <fieldset className="m-0 border-0 p-0">
          <legend className="field-label">List for</legend>
          <div className="flex gap-2">
            {(["day", "week"] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-12 flex-1 cursor-pointer items-center gap-2 rounded-lg border-2 border-line bg-white px-3 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50"
              >
                <input type="radio" value={value} className="h-5 w-5 accent-maroon-700" {...register("week")} />
                {value === "day" ? "A day (/link?id=)" : "A week (/link?wid=)"}
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField
          label="Template"
          placeholder="No template"
          className="sm:col-span-2"
          error={errors.templateId?.message}
          options={(templates.data ?? []).map((template) => ({ value: String(template.id), label: template.name }))}
          {...register("templateId")}
        />
        <TextAreaField
          label="Profile IDs, in order"
          rows={5}
          className="sm:col-span-2"
          hint={`One a line, or separated by commas. At most ${MAX_PUBLIC_LIST_PROFILES}.`}
          error={pidsMessage(errors.pids)}
          {...register("pids")}
        />
        {failure ? (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save list"}
          </button>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              reset(EMPTY);
              setSaved(null);
              setEditingId(null);
            }}
          >
            New list
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {saved ? (
          <div className="mt-4 rounded-lg border-2 border-green-700 bg-green-50 px-3 py-3">
            <p className="m-0 mb-2 font-semibold text-green-900">List saved. Share this link:</p>
            <LinkAddress url={saved.url} />
            <div className="mt-2 flex flex-wrap gap-2">
              <CopyButton text={saved.url} what="the list's link" />
              <a href={saved.url} target="_blank" rel="noopener noreferrer" className="btn-quiet no-underline">
                Open the page
              </a>
            </div>
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={replacing !== null}
        title="Replace the saved list?"
        destructive
        noLabel="Cancel"
        yesLabel="Replace list"
        onNo={() => setReplacing(null)}
        onYes={() => {
          setReplacing(null);
          if (replacing) store(replacing.body);
        }}
      >
        {replacing ? (
          <>
            A {replacing.existing.week ? "week" : "day"} list for <span className="whitespace-nowrap">{formatDay(replacing.existing.date)}</span> already exists{" "}
            <span className="whitespace-nowrap">({profileCount(replacing.existing)})</span>. Replace it?
          </>
        ) : null}
      </ConfirmDialog>

      <h3 className="mb-1 mt-5 text-base font-bold text-maroon-800">Saved lists</h3>
      <QueryState query={lists} label="Lists">
        {(items) =>
          items.length === 0 ? (
            <p className="m-0 text-base text-ink-muted">No lists yet.</p>
          ) : (
            <ul className="m-0 list-none p-0">
              {items.map((list) => (
                <ListRow key={list.id} list={list} templates={templates.data ?? []} onEdit={() => edit(list)} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}
