import { Link } from "react-router";
import type { AdminSuggestion } from "../../../../shared/admin-types.ts";
import { suggestionSchema } from "../../../../shared/schemas/admin.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { TextField } from "../../../components/ui/form-field.tsx";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useAddSuggestion } from "../api/add-suggestion.ts";
import { useSuggestions } from "../api/get-suggestions.ts";
import { useRemoveSuggestion } from "../api/remove-suggestion.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment, tierLabel } from "../lib/labels.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { Panel } from "./panel.tsx";
import { QueryState } from "./query-state.tsx";

interface AddValues {
  pid: string;
}

const resolver = zodMiniResolver<AddValues, typeof suggestionSchema>(suggestionSchema, (values) => ({
  pid: values.pid.trim() === "" ? undefined : Number(values.pid.trim()),
}));

function SuggestionRow({ pid, suggestion }: { pid: number; suggestion: AdminSuggestion }) {
  const remove = useRemoveSuggestion(pid);
  return (
    <li className="flex items-center justify-between gap-3 border-b border-line py-2 last:border-b-0">
      <div className="min-w-0">
        <Link to={`/agency/members/${suggestion.pid}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          {suggestion.pid} {suggestion.surName} {suggestion.name}
        </Link>{" "}
        <span className="text-sm font-semibold">{tierLabel(suggestion.profileType)}</span>
        <p className="m-0 text-sm text-ink-muted">
          {suggestion.source === "agency" ? "Chosen by the agency" : "From matching"} · {formatMoment(suggestion.createdAt)}
          {suggestion.dismissedAt ? ` · member said Not interested ${formatMoment(suggestion.dismissedAt)}` : ""}
        </p>
        {remove.isError ? <p className="field-error">{errorText(remove.error)}</p> : null}
      </div>
      <button type="button" className="btn-danger shrink-0" aria-label={`Remove suggestion ${suggestion.pid}`} disabled={remove.isPending} onClick={() => remove.mutate(suggestion.pid)}>
          {remove.isPending ? "Removing..." : "Remove"}
        </button>
    </li>
  );
}

// Profiles the agency recommends to the member: they appear on the member's
// /recommended_profiles. Removing one is undone by adding it again, so it
// does not ask first.
export function SuggestionsPanel({ pid }: { pid: number }) {
  const suggestions = useSuggestions(pid);
  const add = useAddSuggestion(pid);
  const {
    register,
    reset,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<AddValues, { pid: number }>({ resolver, defaultValues: { pid: "" }, fields: ["pid"] });

  const submit = onSubmit(({ pid: suggested }) => send(add.mutate, suggested, { onSuccess: () => reset(), failureText: errorText }));

  return (
    <Panel title="Suggestions">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-busy={add.isPending}>
        <TextField label="Suggest Profile ID" inputMode="numeric" className="flex-1" error={errors.pid?.message} {...register("pid")} />
        <button type="submit" className="btn-primary sm:mt-8" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add suggestion"}
        </button>
      </form>
      {failure ? (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      <div className="mt-3">
        <QueryState query={suggestions} label="Suggestions">
          {(items) =>
            items.length === 0 ? (
              <p className="m-0 text-base text-ink-muted">No suggestions yet.</p>
            ) : (
              <ul className="m-0 list-none p-0">
                {items.map((item) => (
                  <SuggestionRow key={item.pid} pid={pid} suggestion={item} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </Panel>
  );
}
