import { useEffect, useRef, useState, type ChangeEvent, type Ref } from "react";
import { PHOTO_PREVIEW_MAX_WIDTH } from "#shared/constants.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { checkPhoto, isCheckedPhoto, isLandscape, type PhotoValue } from "#web/lib/photo.ts";
import { Alert } from "./alert.tsx";
import { FormField } from "./form-field.tsx";

interface PhotoFieldProps {
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string;
  name: string;
  value: PhotoValue;
  onChange: (value: PhotoValue) => void;
  onBlur?: () => void;
  /** The photo already on the profile (edit screen), shown until another is chosen. */
  currentUrl?: string | undefined;
  /**
   * Told when the check of a chosen photo starts and ends: the form gets the
   * photo only once it is checked, so its Save must wait (ADR 0013).
   */
  onCheckingChange?: ((checking: boolean) => void) | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A JPEG photo input with the checks of lib/photo.ts, a preview at most
 * 300 px wide and the landscape hint (§ "2. Screens and routes" and § "5. Validation rules").
 */
export function PhotoField({ label, required, error, hint, name, value, onChange, onBlur, currentUrl, onCheckingChange, ref }: PhotoFieldProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [checking, setChecking] = useState(false);
  // The last choice: a photo chosen while another is checked replaces it, whichever check ends first.
  const lastChoice = useRef(0);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const checked = value !== null && isCheckedPhoto(value) ? value : null;
  const file = checked?.file ?? null;

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // A refused or cleared photo must not stay in the input, or the browser
  // would keep showing its name as if it were chosen.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = "";
  }, [file]);

  const showChecking = (busy: boolean) => {
    setChecking(busy);
    onCheckingChange?.(busy);
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const choice = ++lastChoice.current;
    const chosen = event.target.files?.[0];
    if (!chosen) {
      showChecking(false);
      onChange(null);
      return;
    }
    showChecking(true);
    try {
      const result = await checkPhoto(chosen);
      if (choice === lastChoice.current) onChange(result);
    } finally {
      if (choice === lastChoice.current) showChecking(false);
    }
  };

  const shownUrl = previewUrl ?? currentUrl ?? null;
  // Where a photo is optional (edit), a refused one would block every save:
  // choosing none again keeps the profile's photo. The file input cannot be
  // cleared by the member, and cancelling its picker changes nothing.
  const keepCurrent =
    error && !required && value !== null ? (
      <button
        type="button"
        className="btn-quiet mt-2"
        onClick={() => {
          onChange(null);
          // The button goes with the message: the focus stays in the field.
          inputRef.current?.focus();
        }}
      >
        {t("photo.keepCurrent")}
      </button>
    ) : null;

  return (
    <FormField label={label} required={required} error={error} hint={hint} hintFirst action={keepCurrent}>
      {(control) => (
        <>
          <input
            {...control}
            ref={(element) => {
              inputRef.current = element;
              if (typeof ref === "function") ref(element);
              else if (ref) ref.current = element;
            }}
            type="file"
            name={name}
            accept="image/jpeg"
            required={required}
            onChange={(event) => void onFileChange(event)}
            onBlur={onBlur}
            className="field-file"
          />
          {checking ? (
            <p role="status" className="field-hint mt-2">
              {t("photo.checking")}
            </p>
          ) : null}
          {shownUrl ? (
            <figure className="m-0 mt-3">
              <img
                src={shownUrl}
                alt={previewUrl ? t("photo.preview") : t("photo.current")}
                className="block h-auto w-full rounded-lg border border-line"
                style={{ maxWidth: PHOTO_PREVIEW_MAX_WIDTH }}
              />
              {/* Says which photo this is when a new one may replace it; the
                  image's own text already tells a screen reader. */}
              {previewUrl ? null : (
                <figcaption aria-hidden="true" className="field-hint">
                  {t("photo.current")}
                </figcaption>
              )}
            </figure>
          ) : null}
          {checked && isLandscape(checked) ? (
            <Alert tone="info" className="mt-3">
              {t("photo.landscape")}
            </Alert>
          ) : null}
        </>
      )}
    </FormField>
  );
}
