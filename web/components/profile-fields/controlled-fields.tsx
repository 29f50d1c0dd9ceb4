import { useController, type Control, type FieldPathByValue, type FieldValues, type UseFormTrigger } from "react-hook-form";
import { DateField, TimeField } from "#web/components/ui/date-field.tsx";
import { PhotoField } from "#web/components/ui/photo-field.tsx";
import type { PhotoValue } from "#web/lib/photo.ts";

// The birth date, the birth time and the photo as the profile forms enter
// them (registration, the member's Personal tab, the console's correction):
// controls that hold a value of their own rather than an input's text, so
// react-hook-form drives them through its controller. Wired here once, the
// way they are entered changes in one place. Their message is the form's own
// error for the field; their ref lets the form focus them on a failed submit.

interface ControlledFieldProps<T extends FieldValues, TTransformed, V> {
  control: Control<T, unknown, TTransformed>;
  name: FieldPathByValue<T, V>;
  label: string;
}

/** What DateField and TimeField take from the form: the field's value, events, ref and message. */
function usePickerBinding<T extends FieldValues, TTransformed>({ control, name }: Omit<ControlledFieldProps<T, TTransformed, string>, "label">) {
  const { field, fieldState } = useController({ control, name });
  return {
    error: fieldState.error?.message,
    name: field.name,
    // The name is one of the form's string fields (FieldPathByValue), which
    // react-hook-form's types cannot narrow while the form is generic.
    value: field.value as string,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
  };
}

/** Date of birth, dd/MM/yyyy (§ "5. Validation rules"): required wherever it may be entered. */
export function BirthDateField<T extends FieldValues, TTransformed>({ label, ...field }: ControlledFieldProps<T, TTransformed, string>) {
  const binding = usePickerBinding(field);
  return <DateField label={label} required {...binding} />;
}

/** Time of birth, h:mm AM (§ "5. Validation rules"): required wherever it may be entered. */
export function BirthTimeField<T extends FieldValues, TTransformed>({ label, ...field }: ControlledFieldProps<T, TTransformed, string>) {
  const binding = usePickerBinding(field);
  return <TimeField label={label} required {...binding} />;
}

interface ProfilePhotoFieldProps<T extends FieldValues, TTransformed> extends ControlledFieldProps<T, TTransformed, PhotoValue> {
  /** The form's trigger: a chosen photo is checked at once, not at the next submit. */
  trigger: UseFormTrigger<T>;
  required?: boolean;
  hint: string;
  /** The photo already on the profile, shown until another is chosen. */
  currentUrl?: string | undefined;
  /** The form disables its Save while a chosen photo is checked (PhotoField). */
  onCheckingChange: (checking: boolean) => void;
}

/** The profile photo, a JPEG checked in the browser (lib/photo.ts) as soon as it is chosen. */
export function ProfilePhotoField<T extends FieldValues, TTransformed>({ control, name, trigger, ...shown }: ProfilePhotoFieldProps<T, TTransformed>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PhotoField
      {...shown}
      name={field.name}
      value={field.value as PhotoValue}
      onChange={(value) => {
        field.onChange(value);
        void trigger(name);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      ref={field.ref}
    />
  );
}
