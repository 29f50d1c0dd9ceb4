import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { CurrentUser, ProfileCard as CardData } from "#shared/api-types.ts";
import type { MessageRef } from "#shared/i18n/message-ref.ts";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { RemovedProfileCard, isRemovedProfile } from "#web/components/profile-card/removed-profile-card.tsx";
import { ListLoadState, ListNotice } from "#web/components/ui/list-states.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { useProfileVisits, type VisitStatus } from "../api/get-profile-visits.ts";

// One page of a member's interest list (V or F) with its states: loading,
// failed, empty, and the previous page kept on screen (dimmed) while the
// next one loads. The page number is in the address (?page=N), so the back
// button and a reload keep it.

/** ?page=N as a page number; anything else is the first page. */
function pageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

interface InterestListProps {
  user: CurrentUser;
  status: VisitStatus;
  /** The list's heading (h1); it takes focus after a page change. */
  heading: string;
  intro?: ReactNode;
  links?: ReactNode;
  empty: ReactNode;
  /**
   * The buttons of one card; `notify` lets a card say why it left the list
   * (withdrawn, removed), and `focusAfterLeaving` gives the list's heading,
   * where focus goes once the card has left.
   */
  actions: (card: CardData, notify: (notice: MessageRef) => void, focusAfterLeaving: () => HTMLElement | null) => ReactNode;
}

export function InterestList({ user, status, heading, intro, links, empty, actions }: InterestListProps) {
  const [params] = useSearchParams();
  const page = pageParam(params.get("page"));
  const query = useProfileVisits(user.pid, status, page);
  // The notice's message, not its words: it stays until the page changes, and
  // is worded at each render, so a switch of language re-words it (ADR 0040).
  const [notice, setNotice] = useState<MessageRef | null>(null);
  const data = query.data;
  const t = useT();

  // § "2. Screens and routes": the page scrolls to the top on a page change; focus follows,
  // so that the next Tab starts at the new page's first card.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterLeaving = () => headingRef.current;
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page is the trigger, not a value the effect reads.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setNotice(null);
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <section aria-labelledby="interest-list-heading" aria-busy={query.isFetching} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 id="interest-list-heading" ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold text-maroon-800 outline-none sm:text-3xl">
          {heading}
        </h1>
        {intro}
      </div>
      {links}

      <ListNotice>{notice ? t(notice.id, notice.values) : null}</ListNotice>

      <ListLoadState query={query} />

      {data ? (
        <div>
          {data.profiles.length === 0 ? (
            empty
          ) : (
            <ul className={`m-0 grid list-none grid-cols-1 gap-4 p-0 transition-opacity md:grid-cols-2 ${query.isPlaceholderData ? "opacity-60" : ""}`}>
              {data.profiles.map((card) => (
                <li key={card.pid} className="flex min-w-0">
                  {/* A deleted profile (ADR 0034): its Profile ID only, and no buttons: there is no one left to ask. */}
                  {isRemovedProfile(card) ? (
                    <RemovedProfileCard pid={card.pid} />
                  ) : (
                    <ProfileCard card={card} viewerProfileType={user.profileLimits.profileType} actions={actions(card, setNotice, focusAfterLeaving)} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {data.pageCount > 1 ? <Pager label={t("interests.pages", { list: heading })} page={data.page} pageCount={data.pageCount} hrefFor={(next) => `?page=${next}`} /> : null}
        </div>
      ) : null}
    </section>
  );
}
