// Where /search puts the member after its list changes (ADR 0015). A page
// change starts at the top of the page, as § "2. Screens and routes" asks. After the detailed
// search's Search (or Clear all) the member is at the bottom of a long form,
// often on a phone: the results move to the top of the screen instead, and
// focus goes to the line that says how many were found, so that a screen
// reader says what the search did. Removing one filter chip leaves the screen
// where it is; the chips move focus themselves.
import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/** show: bring the results to the top; stay: leave scrolling and focus alone. */
export type ResultsMove = "show" | "stay";

/** The location state of a navigation that moves to the results (react-router's `navigate(to, { state })`). */
export function resultsLocationState(move: ResultsMove): { results: ResultsMove } {
  return { results: move };
}

function readResultsMove(state: unknown): ResultsMove | null {
  if (typeof state !== "object" || state === null || !("results" in state)) return null;
  return state.results === "show" || state.results === "stay" ? state.results : null;
}

/**
 * Room left above the element: the "found" line sits 14 px inside its box,
 * which then starts 14 px below the screen's edge.
 */
const TOP_GAP = 28;

function scrollToTop(element: HTMLElement): void {
  window.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + window.scrollY - TOP_GAP) });
}

interface ResultsFocusOptions {
  /** The list's heading: focused after a page change, and after Search when no summary is shown. */
  titleRef: RefObject<HTMLElement | null>;
  /** The detailed search's "found" line, when the list is a detailed search. */
  summaryRef: RefObject<HTMLElement | null>;
  /** Whether the list on screen is the one asked for (not the previous one kept while it loads). */
  ready: boolean;
}

export function useResultsFocus({ titleRef, summaryRef, ready }: ResultsFocusOptions): void {
  const location = useLocation();
  const move = readResultsMove(location.state);
  const firstRender = useRef(true);
  // The list may still be loading after Search: the page is then too short to
  // scroll the results to the top, so they are scrolled there again once it
  // has loaded.
  const scrollWhenReady = useRef(false);

  // The location's key, not the list: Search with unchanged filters opens the
  // same address and must still show its results.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address moves the member; `move` and `ready` are read as they are then.
  useEffect(() => {
    if (firstRender.current) {
      // A link opened or reloaded starts where the browser puts it.
      firstRender.current = false;
      return;
    }
    scrollWhenReady.current = false;
    if (move === "stay") return;
    if (move === "show") {
      const target = summaryRef.current ?? titleRef.current;
      if (!target) return;
      scrollToTop(target);
      target.focus({ preventScroll: true });
      scrollWhenReady.current = !ready;
      return;
    }
    // § "2. Screens and routes": the page scrolls to the top on a page change; focus follows,
    // so that the next Tab starts at the new page's first card.
    window.scrollTo({ top: 0 });
    titleRef.current?.focus({ preventScroll: true });
    // Only a new address moves the member; `move` and `ready` are read as they are then.
  }, [location.key]);

  useEffect(() => {
    if (!ready || !scrollWhenReady.current) return;
    scrollWhenReady.current = false;
    const target = summaryRef.current ?? titleRef.current;
    if (target) scrollToTop(target);
  }, [ready, summaryRef, titleRef]);
}
