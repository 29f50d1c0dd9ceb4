// A /link page arrives with its list's answers (ADR 0031): the Worker puts
// what the public API gives a visitor into the page (worker/edge/public-list-data.ts),
// and renders the cards from them into the page's HTML; the application's
// first render reads the same answers, so that it adopts those cards. They
// are the first answers of the page's own list only: a later visit, or
// another list, asks the API.
import type { QueryClient } from "@tanstack/react-query";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { PUBLIC_CARD_LISTS, PUBLIC_LIST_DATA_ID, type PublicListData, type PublicListRef } from "#shared/public-list.ts";
import { takePageData } from "#web/lib/page-data.ts";
import { keepReferenceLists } from "#web/lib/reference-lists.ts";

let sent: PublicListData | null | undefined;

/** The Worker's render (web/app/edge-render.tsx), which has no document, gives the data it sends; undefined again after. */
export function presetSentWithPage(data: PublicListData | undefined): void {
  sent = data && { ...data };
}

/** The page's data, read once. */
function sentWithPage(): PublicListData | null {
  if (sent === undefined) sent = typeof document === "undefined" ? null : (takePageData<PublicListData>(PUBLIC_LIST_DATA_ID) ?? null);
  return sent;
}

/** The answer the page brought for `list`, once; undefined otherwise. */
function take<Kind extends "profiles" | "messages">(list: PublicListRef, kind: Kind): PublicListData[Kind] {
  const data = sentWithPage();
  if (!data || data.date !== list.date || data.week !== list.week) return undefined;
  const answer = data[kind];
  data[kind] = undefined;
  return answer;
}

/**
 * Where the page placed the agency's messages between its cards: the seed
 * of their random places, the same in the Worker's render and in the
 * browser's first render (lib/interleave.ts). Not taken: a render may ask twice.
 */
export function placementSentWithPage(list: PublicListRef): number | undefined {
  const data = sentWithPage();
  return data && data.date === list.date && data.week === list.week ? data.seed : undefined;
}

export const profilesSentWithPage = (list: PublicListRef): PublicCard[] | undefined => take(list, "profiles");
export const messagesSentWithPage = (list: PublicListRef): PublicMessage[] | undefined => take(list, "messages");

/**
 * On a Telugu page, the lists the cards name values from (ListValue), put
 * once where the cards read them, before they render: the Worker's render
 * and the browser's first render then both show the Telugu names, instead
 * of the English ones until the lists arrive.
 */
export function keepListsSentWithPage(client: QueryClient, list: PublicListRef): void {
  const data = sentWithPage();
  if (!data?.lists || data.date !== list.date || data.week !== list.week) return;
  keepReferenceLists(client, data.lists, PUBLIC_CARD_LISTS);
  data.lists = undefined;
}
