import { INDIA_TIME_ZONE } from "#shared/dates.ts";
import type { MemberSession, SignInMethod } from "#shared/api-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import type { MessageId } from "#web/lib/i18n.ts";
import { Message, useIntlLocale, useT } from "#web/lib/i18n-react.tsx";
import { useEndOtherSessions, useSessions } from "../api/sessions.ts";

// "Where you are signed in" (ADR 0024): every phone or computer signed in
// to the member's profile, how it signed in, and a way to sign them all
// out but this one. A session opened with a link the agency issued is shown
// as such, so that staff signing in as the member is never hidden from them.

const HOW: Record<SignInMethod, MessageId> = {
  password: "editProfile.sessions.howPassword",
  code: "editProfile.sessions.howCode",
  link: "editProfile.sessions.howLink",
  agency_link: "editProfile.sessions.howAgencyLink",
};

// India's clock, the agency's, on any phone (shared/dates.ts indiaDate).
const MOMENT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: INDIA_TIME_ZONE };

function SessionRow({ session }: { session: MemberSession }) {
  const t = useT();
  const moment = new Intl.DateTimeFormat(useIntlLocale(), MOMENT);
  return (
    <li className="flex flex-col gap-1 border-b border-line py-3 last:border-b-0">
      <p className="m-0 flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
        <span>{t(session.method ? HOW[session.method] : "editProfile.sessions.earlier")}</span>
        {session.current ? (
          <span className="whitespace-nowrap rounded-full border border-green-700 bg-green-50 px-2 text-sm font-normal text-green-900">{t("editProfile.sessions.current")}</span>
        ) : null}
      </p>
      <p className="m-0 text-base text-ink-muted">
        <Message
          id="editProfile.sessions.period"
          values={{ from: moment.format(new Date(session.signedInAt)), until: moment.format(new Date(session.expiresAt)) }}
          components={{ 0: <span className="whitespace-nowrap" />, 1: <span className="whitespace-nowrap" /> }}
        />
      </p>
    </li>
  );
}

export function SessionsPanel() {
  const t = useT();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="card px-4 py-5 sm:px-6" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="m-0 text-xl font-bold text-maroon-800">
        {t("editProfile.sessions.heading")}
      </h2>
      <p className="m-0 mt-2 text-base text-ink-muted">{t("editProfile.sessions.intro")}</p>
      {sessions.isPending ? <p className="m-0 mt-3 text-base text-ink-muted">{t("common.loading")}</p> : null}
      {sessions.isError ? (
        <Alert tone="error" className="mt-3">
          {isApiError(sessions.error) && sessions.error.fromServer ? sessions.error.error : t("editProfile.sessions.listFailed")}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void sessions.refetch()}>
            {t("common.tryAgain")}
          </button>
        </Alert>
      ) : null}
      {sessions.data ? (
        <ul className="m-0 mt-2 list-none p-0" aria-label={t("editProfile.sessions.listLabel")}>
          {sessions.data.map((session, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sessions have no id the member may see; the list is replaced whole on every load.
            <SessionRow key={`${index}-${session.signedInAt}`} session={session} />
          ))}
        </ul>
      ) : null}
      <div aria-live="polite">
        {endOthers.isSuccess ? (
          <Alert tone="success" live={false} className="mt-3">
            {t("editProfile.sessions.ended", { count: endOthers.data.ended })}
          </Alert>
        ) : null}
        {endOthers.isError ? (
          <Alert tone="error" live={false} className="mt-3">
            {isApiError(endOthers.error) && endOthers.error.fromServer ? endOthers.error.error : t("editProfile.sessions.endFailed")}
          </Alert>
        ) : null}
      </div>
      {others > 0 ? (
        <button type="button" className="btn-outline mt-3" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {endOthers.isPending ? t("editProfile.sessions.signingOut") : t("editProfile.sessions.signOutOthers")}
        </button>
      ) : sessions.data ? (
        <p className="m-0 mt-3 text-base text-ink-muted">{t("editProfile.sessions.onlyHere")}</p>
      ) : null}
    </section>
  );
}
