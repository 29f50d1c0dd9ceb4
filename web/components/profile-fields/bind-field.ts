import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";

// The profile's field groups are shared by registration and the edit-profile
// tabs, whose forms hold different sets of fields. A group asks only for a
// way to bind each of its own fields, whichever form it sits in.

/** What a control spreads into itself: react-hook-form's registration and the field's message. */
export type FieldBinding = UseFormRegisterReturn & { error: string | undefined };

/** Binds field `name` of the form the group sits in. */
export type BindField<Name extends string> = (name: Name) => FieldBinding;

export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>): BindField<Path<T>> {
  // The profile forms are flat: every field's error sits at its own name.
  return (name) => ({ ...register(name), error: (errors[name] as FieldError | undefined)?.message });
}
