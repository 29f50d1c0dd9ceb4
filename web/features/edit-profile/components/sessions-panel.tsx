import type { MemberSession, SignInMethod } from "../../../../shared/api-types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useEndOtherSessions, useSessions } from "../api/sessions.ts";

// "Where you are signed in" (ADR 0024): every phone or computer signed in
// to the member's profile, how it signed in, and a way to sign them all
// out but this one. A session opened with a link the agency issued is shown
// as such, so that staff signing in as the member is never hidden from them.

const HOW: Record<SignInMethod, string> = {
  password: "With your password",
  code: "With a code sent on WhatsApp",
  link: "With a link from a WhatsApp message",
  agency_link: "With a sign-in link the agency issued",
};

const moment = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" });

function SessionRow({ session }: { session: MemberSession }) {
  return (
    <li className="flex flex-col gap-1 border-b border-line py-3 last:border-b-0">
      <p className="m-0 flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
        <span>{session.method ? HOW[session.method] : "Signed in earlier"}</span>
        {session.current ? (
          <span className="whitespace-nowrap rounded-full border border-green-700 bg-green-50 px-2 text-sm font-normal text-green-900">This phone or computer</span>
        ) : null}
      </p>
      <p className="m-0 text-base text-ink-muted">
        Signed in <span className="whitespace-nowrap">{moment.format(new Date(session.signedInAt))}</span> · ends{" "}
        <span className="whitespace-nowrap">{moment.format(new Date(session.expiresAt))}</span>
      </p>
    </li>
  );
}

export function SessionsPanel() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="card px-4 py-5 sm:px-6" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="m-0 text-xl font-bold text-maroon-800">
        Where you are signed in
      </h2>
      <p className="m-0 mt-2 text-base text-ink-muted">If you do not know one of these, sign out everywhere else and change your password.</p>
      {sessions.isPending ? <p className="m-0 mt-3 text-base text-ink-muted">Loading...</p> : null}
      {sessions.isError ? (
        <Alert tone="error" className="mt-3">
          {isApiError(sessions.error) && sessions.error.fromServer ? sessions.error.error : "The list could not be loaded. Please check your connection."}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}
      {sessions.data ? (
        <ul className="m-0 mt-2 list-none p-0" aria-label="Signed-in phones and computers">
          {sessions.data.map((session, index) => (
            // Sessions have no id the member may see; the list is replaced whole on every load.
            <SessionRow key={`${index}-${session.signedInAt}`} session={session} />
          ))}
        </ul>
      ) : null}
      <div aria-live="polite">
        {endOthers.isSuccess ? (
          <Alert tone="success" live={false} className="mt-3">
            {endOthers.data.ended === 1 ? "1 other phone or computer is signed out." : `${endOthers.data.ended} other phones or computers are signed out.`}
          </Alert>
        ) : null}
        {endOthers.isError ? (
          <Alert tone="error" live={false} className="mt-3">
            {isApiError(endOthers.error) && endOthers.error.fromServer ? endOthers.error.error : "Could not sign out the others. Please check your connection and try again."}
          </Alert>
        ) : null}
      </div>
      {others > 0 ? (
        <button type="button" className="btn-outline mt-3" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {endOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
        </button>
      ) : sessions.data ? (
        <p className="m-0 mt-3 text-base text-ink-muted">You are signed in only here.</p>
      ) : null}
    </section>
  );
}
