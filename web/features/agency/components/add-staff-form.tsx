import type { StaffPassword } from "#shared/admin-types.ts";
import { newStaffSchema, type NewStaff } from "#shared/schemas/staff.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useAddStaff } from "../api/add-staff.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { Panel } from "./panel.tsx";

interface NewStaffValues {
  username: string;
  name: string;
  role: string;
}

const EMPTY: NewStaffValues = { username: "", name: "", role: "staff" };

const resolver = zodMiniResolver<NewStaffValues, typeof newStaffSchema>(newStaffSchema, (values) => values);

// Adding a console account: the same schema as the server's, so a bad
// username is caught before the call; a taken one comes back from the server
// under the Username field.
export function AddStaffForm({ onAdded }: { onAdded: (result: StaffPassword) => void }) {
  const add = useAddStaff();
  const {
    register,
    reset,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<NewStaffValues, NewStaff>({ resolver, defaultValues: EMPTY, fields: ["username", "name", "role"] });

  const submit = onSubmit((body) =>
    send(add.mutate, body, {
      onSuccess: (result) => {
        reset(EMPTY);
        onAdded(result);
      },
    }),
  );

  return (
    <Panel title="Add an account">
      <form noValidate onSubmit={submit} aria-label="Add an account" className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start" aria-busy={add.isPending}>
        <TextField
          label="Username"
          required
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          hint="3 to 60 letters, digits, dots, dashes or underscores."
          error={errors.username?.message}
          {...register("username")}
        />
        <TextField label="Full name" required autoComplete="off" error={errors.name?.message} {...register("name")} />
        <SelectField
          label="Role"
          required
          hint="Owners also manage staff and see the audit log."
          error={errors.role?.message}
          options={[
            { value: "staff", label: "Staff" },
            { value: "owner", label: "Owner" },
          ]}
          {...register("role")}
        />
        <button type="submit" className="btn-primary md:mt-8" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add account"}
        </button>
        {failure ? (
          <Alert tone="error" className="md:col-span-4">
            {failure}
          </Alert>
        ) : null}
      </form>
    </Panel>
  );
}
