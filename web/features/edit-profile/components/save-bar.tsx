import { TimedAlert, type TimedMessage } from "#web/components/ui/timed-alert.tsx";
import { useT } from "#web/lib/i18n-react.tsx";

/**
 * The end of each tab's form: the 3 s result alert (§ "4. States and transitions" and § "8. Error catalogue") and the Save button,
 * which waits while a chosen photo is checked: until then the form does not hold it (ADR 0013).
 */
export function SaveBar({ saving, checkingPhoto = false, message }: { saving: boolean; checkingPhoto?: boolean; message: TimedMessage | null }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
      <TimedAlert message={message} className="sm:flex-1" />
      <button type="submit" className="btn-primary sm:min-w-40" disabled={saving || checkingPhoto}>
        {t(saving ? "editProfile.saving" : checkingPhoto ? "photo.checking" : "editProfile.save")}
      </button>
    </div>
  );
}
