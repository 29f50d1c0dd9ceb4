import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useT } from "#web/lib/i18n-react.tsx";
import { schemaMessage } from "#web/lib/schema-message.ts";

// One way to lay out a form control: a visible label, an optional hint, the
// control, and the error under it, tied together with aria-describedby and
// aria-invalid so that a screen reader reads the message with the field.

/** What the control inside a FormField must carry. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  /** Shows the "*" members know from the required-field messages (§ "5. Validation rules"). */
  required?: boolean | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
}

export function FormField({
  label,
  required,
  error,
  hint,
  hintFirst = false,
  action,
  className,
  children,
}: FieldFrameProps & {
  /** The hint above the control, for controls that grow below (a photo preview). */
  hintFirst?: boolean;
  /** A button that helps with the message or hint above it (a refused photo's "Don't change the photo"). */
  action?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {/* The star is decoration: the control itself says it is required. */}
        {required ? (
          <span aria-hidden="true" className="text-red-800">
            {" *"}
          </span>
        ) : null}
      </label>
      {hint && hintFirst ? (
        <p id={hintId} className="field-hint mb-1">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="field-error">
          {schemaMessage(error)}
        </p>
      ) : null}
      {/* Under the control, so that controls side by side on wide screens
          stay level whether or not one of them has a hint. */}
      {hint && !hintFirst ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {action}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "required"> & { ref?: Ref<HTMLInputElement> };

/** A text input in a FormField; spread react-hook-form's `register()` into it. */
export function TextField({ label, required, error, hint, className, ref, ...input }: FieldFrameProps & InputProps) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <input ref={ref} type="text" {...input} {...control} required={required} className="field-input" />}
    </FormField>
  );
}

/**
 * A password with "Show password" under it (named after the field when a
 * form has two). Passwords arrive by WhatsApp and are typed on a phone:
 * seeing them avoids typos.
 */
export function PasswordField({ className, ...field }: FieldFrameProps & Omit<InputProps, "type"> & { label: string }) {
  const [shown, setShown] = useState(false);
  const t = useT();
  return (
    <div className={className}>
      <TextField {...field} type={shown ? "text" : "password"} autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 text-base text-ink">
        <input type="checkbox" className="h-5 w-5 accent-maroon-700" checked={shown} onChange={(event) => setShown(event.target.checked)} />
        {t("common.showField", { label: field.label.toLowerCase() })}
      </label>
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className" | "required"> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, required, error, hint, className, ref, rows = 3, ...textarea }: FieldFrameProps & TextAreaProps) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <textarea ref={ref} rows={rows} {...textarea} {...control} required={required} className="field-input resize-y" />}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

function optionsKey(options: readonly SelectOption[]): string {
  return `${options.length}:${options[0]?.value ?? ""}:${options.at(-1)?.value ?? ""}`;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "required" | "children"> & {
  ref?: Ref<HTMLSelectElement>;
  options: readonly SelectOption[];
  /** The empty first choice; a select sends "" while it is chosen (shared schemas). */
  placeholder?: string;
};

export function SelectField({ label, required, error, hint, action, className, ref, options, placeholder, ...select }: FieldFrameProps & SelectProps & { action?: ReactNode }) {
  const t = useT();
  return (
    <FormField label={label} required={required} error={error} hint={hint} action={action} className={className}>
      {(control) => (
        // Options often arrive after the form has its values (reference lists
        // load on demand). A browser select cannot show a value it has no
        // option for, so it is mounted afresh when the options change and
        // react-hook-form's ref callback writes the form's value into it again.
        <select key={optionsKey(options)} ref={ref} {...select} {...control} required={required} className="field-input field-select">
          <option value="">{placeholder ?? t("common.select")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
