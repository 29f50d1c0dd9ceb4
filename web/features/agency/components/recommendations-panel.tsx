import { Link } from "react-router";
import type { AdminRecommendation } from "#shared/admin-types.ts";
import { recommendationSchema } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useAddRecommendation } from "../api/add-recommendation.ts";
import { useRecommendations } from "../api/get-recommendations.ts";
import { useRemoveRecommendation } from "../api/remove-recommendation.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment, tierLabel } from "../lib/labels.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { Panel } from "./panel.tsx";
import { QueryState } from "./query-state.tsx";

interface AddValues {
  pid: string;
}

const resolver = zodMiniResolver<AddValues, typeof recommendationSchema>(recommendationSchema, (values) => ({
  pid: values.pid.trim() === "" ? undefined : Number(values.pid.trim()),
}));

function RecommendationRow({ pid, recommendation }: { pid: number; recommendation: AdminRecommendation }) {
  const remove = useRemoveRecommendation(pid);
  return (
    <li className="flex items-center justify-between gap-3 border-b border-line py-2 last:border-b-0">
      <div className="min-w-0">
        <Link to={`/agency/members/${recommendation.pid}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          {recommendation.pid} {recommendation.surName} {recommendation.name}
        </Link>{" "}
        <span className="text-sm font-semibold">{tierLabel(recommendation.profileType)}</span>
        <p className="m-0 text-sm text-ink-muted">
          {recommendation.source === "agency" ? "Chosen by the agency" : "From matching"} · {formatMoment(recommendation.createdAt)}
          {recommendation.dismissedAt ? ` · member said Not interested ${formatMoment(recommendation.dismissedAt)}` : ""}
        </p>
        {remove.isError ? <p className="field-error">{errorText(remove.error)}</p> : null}
      </div>
      <button
        type="button"
        className="btn-danger shrink-0"
        aria-label={`Remove recommendation ${recommendation.pid}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(recommendation.pid)}
      >
        {remove.isPending ? "Removing..." : "Remove"}
      </button>
    </li>
  );
}

// Profiles the agency recommends to the member: they appear on the member's
// /recommended_profiles. Removing one is undone by adding it again, so it
// does not ask first.
export function RecommendationsPanel({ pid }: { pid: number }) {
  const recommendations = useRecommendations(pid);
  const add = useAddRecommendation(pid);
  const {
    register,
    reset,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<AddValues, { pid: number }>({ resolver, defaultValues: { pid: "" }, fields: ["pid"] });

  const submit = onSubmit(({ pid: recommended }) => send(add.mutate, recommended, { onSuccess: () => reset(), failureText: errorText }));

  return (
    <Panel title="Recommendations">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-busy={add.isPending}>
        <TextField label="Recommend Profile ID" inputMode="numeric" className="flex-1" error={errors.pid?.message} {...register("pid")} />
        <button type="submit" className="btn-primary sm:mt-8" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add recommendation"}
        </button>
      </form>
      {failure ? (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      <div className="mt-3">
        <QueryState query={recommendations} label="Recommendations">
          {(items) =>
            items.length === 0 ? (
              <p className="m-0 text-base text-ink-muted">No recommendations yet.</p>
            ) : (
              <ul className="m-0 list-none p-0">
                {items.map((item) => (
                  <RecommendationRow key={item.pid} pid={pid} recommendation={item} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </Panel>
  );
}
