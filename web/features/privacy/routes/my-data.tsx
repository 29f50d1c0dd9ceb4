import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { getStoredUser } from "../../../lib/session.ts";
import { useDownloadMyData, type MyDataFormat } from "../api/download-my-data.ts";

// /my_data, "Download my data" in the member's menu (ADR 0033): everything
// the agency stores about the member, as a page to read or print and as
// JSON for another service. Each button saves a file; nothing is shown
// inside the app, so nothing lingers on a shared phone's screen.

const FILES: { format: MyDataFormat; label: string; hint: string }[] = [
  { format: "html", label: "Readable file", hint: "Opens in any browser; you can print it or share it." },
  { format: "json", label: "JSON file", hint: "For computers: to move your data to another service." },
];

export function MyDataRoute() {
  usePageTitle("Download my data");
  const pid = useCurrentUser().data?.pid ?? getStoredUser()?.pid;
  const download = useDownloadMyData();
  const running = download.isPending ? download.variables.format : null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">Download my data</h1>
      <p className="m-0 text-base">
        Everything we store about you: your profile and photo details, brothers and sisters, your choices about the public list and weekly
        messages, the interests you sent and received, the profiles you viewed and the WhatsApp messages we sent you.
      </p>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {FILES.map((file) => (
          <li key={file.format} className="card flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="m-0 text-lg font-bold">{file.label}</p>
              <p className="m-0 text-base text-ink-muted">{file.hint}</p>
            </div>
            <button
              type="button"
              className="btn-primary sm:min-w-40"
              disabled={pid === undefined || download.isPending}
              onClick={() => pid !== undefined && download.mutate({ pid, format: file.format })}
            >
              {running === file.format ? "Preparing..." : `Download ${file.format.toUpperCase()}`}
            </button>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {download.isSuccess ? (
          <Alert tone="success" live={false}>
            Your file is saved. On a phone, look in Downloads.
          </Alert>
        ) : null}
        {download.isError ? (
          <Alert tone="error" live={false}>
            {isApiError(download.error) && download.error.fromServer ? download.error.error : "The file could not be downloaded. Please check your connection and try again."}
          </Alert>
        ) : null}
      </div>
      <p className="m-0 text-base">
        Something wrong in it? Correct it in{" "}
        <Link to="/edit_profile" className="font-semibold text-maroon-800 underline">
          Edit Profile
        </Link>{" "}
        or{" "}
        <Link to="/privacy" className="font-semibold text-maroon-800 underline">
          ask the agency
        </Link>
        .
      </p>
    </div>
  );
}
