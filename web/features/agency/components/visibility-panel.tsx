import type { AdminMember } from "#shared/admin-types.ts";
import { visibilitySchema, type VisibilityInput } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { TimedAlert, useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useUpdateVisibility } from "../api/update-visibility.ts";
import { PUBLIC_PROFILE_LABELS } from "../lib/labels.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { Panel } from "./panel.tsx";

interface VisibilityValues {
  showPhoto: "1" | "2";
  publicProfile: "" | "PAID" | "PUBLIC" | "MEMBERS";
}

const resolver = zodMiniResolver<VisibilityValues, typeof visibilitySchema>(visibilitySchema, (values) => ({
  showPhoto: Number(values.showPhoto),
  publicProfile: values.publicProfile === "" ? null : values.publicProfile,
}));

const PUBLIC_CHOICES = [
  { value: "", label: "Not on public pages", hint: "The profile never appears on a shared /link page." },
  { value: "PAID", label: PUBLIC_PROFILE_LABELS.PAID, hint: "On public pages; the phone number only for paid members." },
  { value: "PUBLIC", label: PUBLIC_PROFILE_LABELS.PUBLIC, hint: "On public pages with the phone number for anyone." },
  { value: "MEMBERS", label: PUBLIC_PROFILE_LABELS.MEMBERS, hint: "On public pages; details for signed-in members." },
] as const;

const radioRow = "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border-2 border-line bg-white px-3 py-2 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50";

export function VisibilityPanel({ member }: { member: AdminMember }) {
  const update = useUpdateVisibility(member.pid);
  const saved = useTimedAlert();
  const {
    register,
    onSubmit,
    send,
    failure,
    formState: { isDirty },
  } = useConsoleForm<VisibilityValues, VisibilityInput>({
    resolver,
    values: { showPhoto: member.showPhoto === 2 ? "2" : "1", publicProfile: member.publicProfile ?? "" },
    // The radio groups show no message of their own: a refusal is shown whole, above Save.
    fields: [],
  });

  const submit = onSubmit((body) => send(update.mutate, body, { onSuccess: () => saved.show("success", () => "Visibility saved.") }));

  return (
    <Panel title="Visibility">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={update.isPending}>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="field-label">Photo</legend>
          <label className={radioRow}>
            <input type="radio" value="1" className="mt-1 h-5 w-5 shrink-0 accent-maroon-700" {...register("showPhoto")} />
            <span>Blurred until the member approves a request</span>
          </label>
          <label className={radioRow}>
            <input type="radio" value="2" className="mt-1 h-5 w-5 shrink-0 accent-maroon-700" {...register("showPhoto")} />
            <span>Shown to every member</span>
          </label>
        </fieldset>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="field-label">Public pages</legend>
          {PUBLIC_CHOICES.map((choice) => (
            <label key={choice.value} className={radioRow}>
              <input type="radio" value={choice.value} className="mt-1 h-5 w-5 shrink-0 accent-maroon-700" {...register("publicProfile")} />
              <span>
                <span className="block font-semibold">{choice.label}</span>
                <span className="block text-sm text-ink-muted">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TimedAlert message={saved.message} />
        <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
          {update.isPending ? "Saving..." : "Save visibility"}
        </button>
      </form>
    </Panel>
  );
}
