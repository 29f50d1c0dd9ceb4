import { Alert } from "#web/components/ui/alert.tsx";

// The end of each correction form (ADR 0022): what the last save did, and
// the Save button. Staff are on the phone with a family, so neither message
// times out: the success stays until the form is changed again, a failure
// until the next save.

interface CorrectionSaveBarProps {
  saving: boolean;
  /** A chosen photo is being checked: the form holds it only once checked (ADR 0013). */
  checkingPhoto?: boolean;
  /** Shown while nothing was typed since the save. */
  saved: string | null;
  failure: string | null;
  label: string;
}

export function CorrectionSaveBar({ saving, checkingPhoto = false, saved, failure, label }: CorrectionSaveBarProps) {
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <div aria-live="polite" aria-atomic="true">
        {saved ? (
          <Alert tone="success" live={false}>
            {saved}
          </Alert>
        ) : null}
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <button type="submit" className="btn-primary sm:self-end sm:min-w-48" disabled={saving || checkingPhoto}>
        {saving ? "Saving..." : checkingPhoto ? "Checking the photo..." : label}
      </button>
    </div>
  );
}
