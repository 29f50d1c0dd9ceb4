import { CONSENT_TEXTS } from "../../../../shared/privacy-notice.ts";
import type { ConsentPurpose } from "../../../../shared/schemas/privacy.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useChangeConsents, useConsents } from "../api/consents.ts";

// "Privacy and consents" (ADR 0033): each optional consent with how it stands
// and since when, one tap to give it and one to withdraw it (Rule 3: as easy
// to withdraw as to give), the notice the member agreed to, and when the
// notice in force is newer, a prompt to read it and agree.

const PURPOSES: readonly ConsentPurpose[] = ["publicList", "promotions"];

const moment = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" });
const day = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A notice version is the day it was published (yyyy-MM-dd). */
function versionText(version: string): string {
  const date = new Date(`${version}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? version : day.format(date);
}

function since(granted: boolean, at: string | null): string {
  if (!at) return granted ? "Given" : "Not given";
  return `${granted ? "Given" : "Not given"} since ${moment.format(new Date(at))}`;
}

function failureText(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.error;
  return "Your choice could not be saved. Please check your connection and try again.";
}

export function ConsentsPanel() {
  const consents = useConsents();
  const change = useChangeConsents();
  const state = consents.data;
  const running = change.isPending ? change.variables : null;
  const outdated = state ? state.noticeVersion !== state.currentNoticeVersion : false;

  return (
    <section className="card px-4 py-5 sm:px-6" aria-labelledby="consents-heading" aria-busy={change.isPending}>
      <h2 id="consents-heading" className="m-0 text-xl font-bold text-maroon-800">
        Privacy and consents
      </h2>
      {consents.isPending ? <p className="m-0 mt-3 text-base text-ink-muted">Loading...</p> : null}
      {consents.isError ? (
        <Alert tone="error" className="mt-3">
          {failureText(consents.error)}{" "}
          <button type="button" className="min-h-11 cursor-pointer font-semibold underline" onClick={() => void consents.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}
      {state ? (
        <>
          {outdated ? (
            <Alert tone="info" className="mt-3">
              <p className="m-0">
                {state.noticeVersion
                  ? "The privacy notice has changed since you agreed to it."
                  : "You have not yet agreed to our privacy notice."}{" "}
                <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline">
                  Read the notice
                </a>
                , then:
              </p>
              <button
                type="button"
                className="btn-primary mt-2"
                disabled={change.isPending}
                onClick={() => change.mutate({ publicList: state.publicList.granted, promotions: state.promotions.granted })}
              >
                I have read it and agree
              </button>
            </Alert>
          ) : null}
          <ul className="m-0 mt-2 list-none p-0">
            {PURPOSES.map((purpose) => {
              const { granted, at } = state[purpose];
              const text = CONSENT_TEXTS.en[purpose];
              return (
                <li key={purpose} className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between" data-testid={`consent-${purpose}`}>
                  <div className="min-w-0">
                    <p className="m-0 font-semibold">{text.label}</p>
                    <p className="m-0 text-base">{text.sentence}</p>
                    <p lang="te" className="m-0 text-sm text-ink-muted">
                      {CONSENT_TEXTS.te[purpose].sentence}
                    </p>
                    <p className={`m-0 mt-1 text-base font-semibold ${granted ? "text-green-800" : "text-ink-muted"}`}>{since(granted, at)}</p>
                  </div>
                  <button
                    type="button"
                    className={`${granted ? "btn-quiet" : "btn-primary"} shrink-0 sm:min-w-40`}
                    disabled={change.isPending}
                    aria-label={`${granted ? "Withdraw" : "Give"}: ${text.label}`}
                    onClick={() => change.mutate({ [purpose]: !granted })}
                  >
                    {running?.[purpose] !== undefined ? "Saving..." : granted ? "Withdraw" : "Give consent"}
                  </button>
                </li>
              );
            })}
          </ul>
          <div aria-live="polite">
            {change.isError ? (
              <Alert tone="error" live={false} className="mt-2">
                {failureText(change.error)}
              </Alert>
            ) : null}
          </div>
          <p className="m-0 mt-2 text-sm text-ink-muted">
            {state.noticeVersion ? `You agreed to the privacy notice of ${versionText(state.noticeVersion)}.` : "No privacy notice agreed to yet."}{" "}
            <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-maroon-800 underline">
              Privacy notice
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
