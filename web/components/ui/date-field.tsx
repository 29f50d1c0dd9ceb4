import { lazy, Suspense, useRef } from "react";
import { useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { FormField, type FieldFrameProps } from "./form-field.tsx";

// Date of birth and time of birth (§ "3. Entities and their fields", § "5. Validation rules" and § "9. Business constants and limits"): a text field members
// may type into (dd/MM/yyyy, h:mm AM), with react-datepicker's calendar or
// time list on top once its chunk has loaded. Until then, and when disabled,
// the plain field stands in, so the form never waits for the picker.

const DatePickerControl = lazy(() => import("./date-picker-control.tsx"));

export interface PickerControlProps {
  mode: "date" | "time";
  id: string;
  name: string;
  /** The text as the member typed or the picker wrote it. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  required?: boolean | undefined;
  /** Receives the text input, so that a form can focus it. */
  inputRef?: ((element: HTMLInputElement | null) => void) | undefined;
  placeholder: string;
  /** The stand-in field had the focus while the picker loaded: take it over. */
  focusOnMount?: boolean;
}

type PickerFieldProps = FieldFrameProps &
  Omit<PickerControlProps, "mode" | "id" | "invalid" | "describedBy" | "placeholder"> & {
    disabled?: boolean | undefined;
  };

const PLACEHOLDERS: Record<PickerControlProps["mode"], MessageId> = { date: "common.datePlaceholder", time: "common.timePlaceholder" };

function PickerField({ mode, label, required, error, hint, className, disabled, ...control }: PickerFieldProps & { mode: PickerControlProps["mode"] }) {
  // A member who tapped the field before the picker arrived keeps the focus
  // (and gets the calendar) when the picker replaces the stand-in.
  const standInFocused = useRef(false);
  const t = useT();
  const placeholder = t(PLACEHOLDERS[mode]);
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={className}>
      {(frame) => {
        const plain = (
          <input
            {...frame}
            ref={control.inputRef}
            type="text"
            name={control.name}
            value={control.value}
            onChange={(event) => control.onChange(event.target.value)}
            onFocus={() => {
              standInFocused.current = true;
            }}
            onBlur={() => {
              standInFocused.current = false;
              control.onBlur?.();
            }}
            required={required}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete="off"
            className="field-input"
          />
        );
        // A disabled field (dob and tob on the edit screen) never needs the picker.
        if (disabled) return plain;
        return (
          <Suspense fallback={plain}>
            <DatePickerControl
              {...control}
              mode={mode}
              id={frame.id}
              invalid={frame["aria-invalid"] === true}
              describedBy={frame["aria-describedby"]}
              required={required}
              placeholder={placeholder}
              focusOnMount={standInFocused.current}
            />
          </Suspense>
        );
      }}
    </FormField>
  );
}

/** dd/MM/yyyy, with month and year dropdowns. */
export function DateField(props: PickerFieldProps) {
  return <PickerField {...props} mode="date" />;
}

/** h:mm a, in 1-minute steps. */
export function TimeField(props: PickerFieldProps) {
  return <PickerField {...props} mode="time" />;
}
