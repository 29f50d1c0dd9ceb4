import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A new screen opens at its top: a tap low on one screen (Set password and
 * sign in, a card's button) would otherwise leave the next one scrolled as
 * far down, the member in the middle of someone's card. Only a change of
 * path counts: a screen that changes its own query (/search's pages and
 * filters, ADR 0015) places the member itself. Back and forward (POP) and
 * the first load are left where the browser puts them.
 */
export function useNewScreenAtTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new path moves the member; how they came is read as it is then.
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo({ top: 0 });
  }, [pathname]);
}
