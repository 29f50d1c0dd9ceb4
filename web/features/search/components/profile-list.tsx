import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import type { CurrentUser, ProfilePage } from "#shared/api-types.ts";
import type { CardPage } from "#web/components/profile-card/main-action.ts";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { ListLoadState } from "#web/components/ui/list-states.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { CardActions } from "./card-actions.tsx";
import { RemovedNotice, type Removal } from "./removed-notice.tsx";

// One page of profile cards with its states: loading, failed, empty, and the
// previous page kept on screen (dimmed) while the next one loads.

interface ProfileListProps {
  query: UseQueryResult<ProfilePage>;
  user: CurrentUser;
  page: CardPage;
  title: string;
  /** Receives focus after a page change, so keyboard and screen-reader users start at the top too. */
  titleRef: RefObject<HTMLHeadingElement | null>;
  lastPageKnown: boolean;
  hrefForPage: (page: number) => string;
  /** What an empty first page says: nothing in this list at all. */
  empty: ReactNode;
  /** No sidebar beside the list: three columns on wide screens. */
  wide?: boolean;
}

export function ProfileList({ query, user, page, title, titleRef, lastPageKnown, hrefForPage, empty, wide = false }: ProfileListProps) {
  const t = useT();
  const [removed, setRemoved] = useState<Removal | null>(null);
  const onRemoved = useCallback((pid: number) => setRemoved({ pid }), []);
  // A removed card takes the focus of its dialog with it: Undo has it next,
  // the list's heading if Undo is not there.
  const undoButton = useRef<HTMLButtonElement>(null);
  const afterRemoval = () => undoButton.current ?? titleRef.current;
  // Undo's few seconds are over: if it had focus, the heading takes it, not the page's start.
  const clearRemoved = useCallback(() => {
    if (undoButton.current !== null && document.activeElement === undoButton.current) titleRef.current?.focus({ preventScroll: true });
    setRemoved(null);
  }, [titleRef]);
  const data = query.data;

  // After Undo, focus goes from the button, which leaves, to the card that
  // came back, as after a card's dialog (ADR 0015); to the list's heading
  // when the list read again has it on another page.
  const list = useRef<HTMLUListElement>(null);
  const [restored, setRestored] = useState<number | null>(null);
  const { isFetching } = query;
  useEffect(() => {
    if (restored === null || !data) return;
    const card = list.current?.querySelector<HTMLElement>(`article[data-pid="${restored}"]`);
    if (card) card.focus();
    else if (!isFetching) titleRef.current?.focus();
    else return;
    setRestored(null);
  }, [restored, data, isFetching, titleRef]);

  return (
    <section aria-labelledby="profile-list-title" aria-busy={query.isFetching} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="profile-list-title" ref={titleRef} tabIndex={-1} className="m-0 text-xl font-bold text-maroon-800 outline-none">
          {title}
        </h2>
        {/* The page shown counts, whatever a backend says (an agency's may answer 0 pages for an empty list). */}
        {data?.paging && lastPageKnown ? (
          <p className="m-0 text-base text-ink-muted">{t("common.pageOf", { page: data.page, count: Math.max(data.page, data.pageCount) })}</p>
        ) : null}
      </div>

      <RemovedNotice removal={removed} onGone={clearRemoved} undoRef={undoButton} onRestored={setRestored} />

      <ListLoadState query={query} />

      {data ? (
        <>
          {data.profiles.length === 0 ? (
            data.page > 1 ? (
              // A later page emptied meanwhile (its last card removed, or
              // the lists that only say whether another page follows, ADR
              // 0015): the list itself still has profiles on page 1.
              <Alert tone="info">
                <Message
                  id="search.pageEmptyNow"
                  values={{ page: data.page }}
                  components={{ 0: <Link to={hrefForPage(1)} className="font-semibold text-maroon-800 underline" /> }}
                />
              </Alert>
            ) : (
              empty
            )
          ) : (
            <ul
              ref={list}
              className={`m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""} transition-opacity ${query.isPlaceholderData ? "opacity-60" : ""}`}
            >
              {data.profiles.map((card) => (
                <li key={card.pid} className="flex min-w-0">
                  <ProfileCard
                    card={card}
                    viewerProfileType={user.profileLimits.profileType}
                    actions={<CardActions card={card} user={user} page={page} allowHiding onRemoved={onRemoved} focusAfterRemoval={afterRemoval} />}
                  />
                </li>
              ))}
            </ul>
          )}
          {data.paging && data.pageCount > 1 ? <Pager page={data.page} pageCount={data.pageCount} lastPageKnown={lastPageKnown} hrefFor={hrefForPage} /> : null}
        </>
      ) : null}
    </section>
  );
}
