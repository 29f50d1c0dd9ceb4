import { Link } from "react-router";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { getStoredUser } from "#web/lib/session.ts";
import { useDownloadMyData, type MyDataFormat } from "../api/download-my-data.ts";

// /my_data, "Download my data" in the member's menu (ADR 0033): everything
// the agency stores about the member, as a page to read or print and as
// JSON for another service. Each button saves a file; nothing is shown
// inside the app, so nothing lingers on a shared phone's screen.

const FILES: { format: MyDataFormat; label: MessageId; hint: MessageId }[] = [
  { format: "html", label: "privacy.readableFile", hint: "privacy.readableFileHint" },
  { format: "json", label: "privacy.jsonFile", hint: "privacy.jsonFileHint" },
];

/** File formats are names, in Latin letters in either language. */
const FORMAT_NAME = <span translate="no" />;

export function MyDataRoute() {
  const t = useT();
  usePageTitle(t("title.myData"));
  const pid = useCurrentUser().data?.pid ?? getStoredUser()?.pid;
  const download = useDownloadMyData();
  const running = download.isPending ? download.variables.format : null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{t("nav.myData")}</h1>
      <p className="m-0 text-base">{t("privacy.myDataIntro")}</p>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {FILES.map((file) => (
          <li key={file.format} className="card flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="m-0 text-lg font-bold">
                <Message id={file.label} components={{ 0: FORMAT_NAME }} />
              </p>
              <p className="m-0 text-base text-ink-muted">{t(file.hint)}</p>
            </div>
            <button
              type="button"
              className="btn-primary sm:min-w-40"
              disabled={pid === undefined || download.isPending}
              onClick={() => pid !== undefined && download.mutate({ pid, format: file.format })}
            >
              {running === file.format ? (
                t("privacy.preparing")
              ) : (
                <Message id="privacy.downloadFormat" values={{ format: file.format.toUpperCase() }} components={{ 0: FORMAT_NAME }} />
              )}
            </button>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {download.isSuccess ? (
          <Alert tone="success" live={false}>
            {t("privacy.fileSaved")}
          </Alert>
        ) : null}
        {download.isError ? (
          <Alert tone="error" live={false}>
            {isApiError(download.error) && download.error.fromServer ? download.error.error : t("privacy.downloadFailed")}
          </Alert>
        ) : null}
      </div>
      <p className="m-0 text-base">
        <Message
          id="privacy.somethingWrong"
          components={{
            0: <Link to="/edit_profile" className="font-semibold text-maroon-800 underline" />,
            1: <Link to="/privacy" className="font-semibold text-maroon-800 underline" />,
          }}
        />
      </p>
    </div>
  );
}
