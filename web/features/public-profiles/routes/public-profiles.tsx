import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { MESSAGES, PUBLIC_PAGE_MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { agency } from "../../../lib/agency.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useHasToken } from "../../../lib/session.ts";
import { usePublicMessages } from "../api/get-public-messages.ts";
import { usePublicProfiles } from "../api/get-public-profiles.ts";
import { JoinSection } from "../components/join-section.tsx";
import { PublicCard } from "../components/public-card.tsx";
import { PublicMessage } from "../components/public-message.tsx";
import { interleave } from "../lib/interleave.ts";
import { listHeading, publicListFrom, type PublicListRef } from "../lib/public-list.ts";

// /link (section 2): the profiles the agency publishes for a day (?id=) or a
// week (?wid=), shared on WhatsApp, open to visitors. The agency's messages
// sit at random places between the cards (ADR 0017).

export function PublicProfilesRoute() {
  usePageTitle("Public Profiles");
  const [params] = useSearchParams();
  const list = publicListFrom(params);
  const signedIn = useHasToken();
  // The heading ends with the date, which must not break at its hyphens on a phone.
  const title = listHeading(list);
  const lastWord = title.lastIndexOf(" ") + 1;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">
        {title.slice(0, lastWord)}
        <span className="whitespace-nowrap">{title.slice(lastWord)}</span>
      </h1>
      {list ? (
        <PublicList list={list} signedIn={signedIn} />
      ) : (
        <>
          <Alert tone="error">{MESSAGES.invalidLink}</Alert>
          <JoinIfVisitor signedIn={signedIn} />
        </>
      )}
    </div>
  );
}

/** Whatever the link held, a visitor has a way on. */
function JoinIfVisitor({ signedIn }: { signedIn: boolean }) {
  return signedIn ? null : <JoinSection />;
}

function PublicList({ list, signedIn }: { list: PublicListRef; signedIn: boolean }) {
  const { name: agencyName } = agency();
  const profiles = usePublicProfiles(list);
  // The messages are the agency's words around the profiles: without them the
  // profiles still show.
  const messages = usePublicMessages(list);
  const settled = !messages.isPending;
  // Placed once per arrival of the data, not on every render.
  const items = useMemo(
    () => (profiles.data && settled ? interleave(profiles.data, messages.data ?? []) : null),
    [profiles.data, messages.data, settled],
  );

  if (profiles.isError) {
    return (
      <>
        <Alert tone="error">{fillMessage(PUBLIC_PAGE_MESSAGES.failed, { message: profiles.error.message })}</Alert>
        <JoinIfVisitor signedIn={signedIn} />
      </>
    );
  }
  // The join card waits for the cards: shown while they load, it would jump
  // far down the page when they arrive (a layout shift Lighthouse measured).
  if (!items) return <PageLoading label={PUBLIC_PAGE_MESSAGES.loading} />;

  return (
    <>
      {profiles.data?.length === 0 ? <Alert tone="info">No profiles in this list yet.</Alert> : null}
      <ul aria-label="Profiles and messages" className="m-0 flex list-none flex-col gap-4 p-0">
        {items.map((item) =>
          item.kind === "card" ? (
            <li key={`card-${item.card.pid}`}>
              <PublicCard card={item.card} signedIn={signedIn} />
            </li>
          ) : (
            <li key={`message-${item.message.id}`}>
              <PublicMessage message={item.message} agencyName={agencyName} />
            </li>
          ),
        )}
      </ul>
      <JoinIfVisitor signedIn={signedIn} />
    </>
  );
}
