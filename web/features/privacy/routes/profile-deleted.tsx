import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { usePageTitle } from "#web/lib/page-title.ts";
import { forgetSession } from "#web/lib/auth.ts";
import { Message, useIntlLocale, useT } from "#web/lib/i18n-react.tsx";
import { dayText } from "../lib/day-text.ts";

/** Sent by "Delete my profile": the session the server ended is forgotten here. */
export interface ProfileDeletedState {
  signOut: true;
}

function isSignOut(state: unknown): state is ProfileDeletedState {
  return typeof state === "object" && state !== null && "signOut" in state && state.signOut === true;
}

// /profile_deleted?on=yyyy-MM-dd: where a member lands after deleting their
// profile (ADR 0034), signed out everywhere by the server and here by this
// page. It says what happened and until when the agency still holds the data.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function ProfileDeletedRoute() {
  const t = useT();
  const locale = useIntlLocale();
  usePageTitle(t("title.profileDeleted"));
  const on = useSearchParams()[0].get("on");
  const day = on && DAY.test(on) ? on : null;
  const fromDeletion = isSignOut(useLocation().state);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!fromDeletion) return;
    // The server ended every session of the member with the deletion: there
    // is nothing to tell it, so the phone forgets the session and the
    // member's data at once rather than after a sign-out call.
    forgetSession(queryClient);
    // Arrived from the bottom of the delete screen: the news is at the top.
    window.scrollTo({ top: 0 });
  }, [fromDeletion, queryClient]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{t("privacy.deletedHeading")}</h1>
      <p className="m-0 text-base">{t("privacy.deletedIntro")}</p>
      <p className="m-0 text-base" data-testid="erased-on">
        {day ? <Message id="privacy.erasedBy" values={{ date: dayText(day, locale) }} components={{ 0: <strong className="font-semibold" /> }} /> : t("privacy.erasedSoon")}
      </p>
      <p className="m-0 text-base">
        <Message id="privacy.deletedQuestions" components={{ 0: <Link to="/privacy" className="font-semibold text-maroon-800 underline" /> }} />
      </p>
    </div>
  );
}
