import { TimedAlert, type TimedMessage } from "../../../components/ui/timed-alert.tsx";

/** The end of each tab's form: the 3 s result alert (sections 4 and 8) and the Save button. */
export function SaveBar({ saving, message }: { saving: boolean; message: TimedMessage | null }) {
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
      <TimedAlert message={message} className="sm:flex-1" />
      <button type="submit" className="btn-primary sm:min-w-40" disabled={saving}>
        {saving ? "Saving..." : "Save"}
      </button>
    </div>
  );
}
