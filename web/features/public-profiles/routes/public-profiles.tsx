import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { publicListFrom, type PublicListRef } from "#shared/public-list.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { agency } from "#web/lib/agency.ts";
import { queryFailureText } from "#web/lib/failure-reason.ts";
import { Message, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useHasToken } from "#web/lib/use-has-token.ts";
import { usePublicMessages } from "../api/get-public-messages.ts";
import { usePublicProfiles } from "../api/get-public-profiles.ts";
import { JoinSection } from "../components/join-section.tsx";
import { PublicCard } from "../components/public-card.tsx";
import { PublicMessage } from "../components/public-message.tsx";
import { keepListsSentWithPage, placementSentWithPage } from "../lib/edge-answers.ts";
import { interleave, seededRandom } from "../lib/interleave.ts";
import { listDate, listHeading } from "../lib/public-list.ts";

// /link (§ "2. Screens and routes"): the profiles the agency publishes for a day (?id=) or a
// week (?wid=), shared on WhatsApp, open to visitors. The agency's messages
// sit at random places between the cards (ADR 0017).

export function PublicProfilesRoute() {
  const t = useT();
  const language = useLanguage();
  usePageTitle(t("title.publicProfiles"));
  const [params] = useSearchParams();
  const list = publicListFrom(params);
  const signedIn = useHasToken();
  const heading = listHeading(list);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">
        {/* The date must not break at its hyphens or spaces on a phone. */}
        <Message id={heading.id} values={{ date: heading.date && listDate(heading.date, language) }} components={{ 0: <span className="whitespace-nowrap" /> }} />
      </h1>
      {list ? (
        <PublicList list={list} signedIn={signedIn} />
      ) : (
        <>
          <Alert tone="error">{t("public.invalidLink")}</Alert>
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
  const t = useT();
  const { name: agencyName } = agency();
  keepListsSentWithPage(useQueryClient(), list);
  const profiles = usePublicProfiles(list);
  // The messages are the agency's words around the profiles: without them the
  // profiles still show.
  const messages = usePublicMessages(list);
  const settled = !messages.isPending;
  // Placed once per arrival of the data, not on every render; where the
  // Worker placed them for a page it rendered (ADR 0031).
  const seed = placementSentWithPage(list);
  const items = useMemo(() => {
    if (!profiles.data || !settled) return null;
    return interleave(profiles.data, messages.data ?? [], seed === undefined ? Math.random : seededRandom(seed));
  }, [seed, profiles.data, messages.data, settled]);

  if (profiles.isError) {
    return (
      <>
        <Alert tone="error">{t("public.failed", { message: queryFailureText(profiles.error) })}</Alert>
        <JoinIfVisitor signedIn={signedIn} />
      </>
    );
  }
  // The join card waits for the cards: shown while they load, it would jump
  // far down the page when they arrive (a layout shift Lighthouse measured).
  if (!items) return <PageLoading label={t("public.loading")} />;

  return (
    <>
      {profiles.data?.length === 0 ? <Alert tone="info">{t("public.empty")}</Alert> : null}
      <ul aria-label={t("public.listLabel")} className="m-0 flex list-none flex-col gap-4 p-0">
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
