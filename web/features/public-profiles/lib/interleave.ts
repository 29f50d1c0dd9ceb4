// § "2. Screens and routes": the public page lists its cards "interleaved at random positions
// with promotional messages". Each message takes a random gap between cards
// (before the first and after the last included); messages keep the agency's
// order, and two share a gap only when there are more messages than gaps.

export type PageItem<Card, Message> = { kind: "card"; card: Card } | { kind: "message"; message: Message };

/** `random` returns a float in [0, 1), as Math.random does; tests pass a seeded one. */
export function interleave<Card, Message>(cards: readonly Card[], messages: readonly Message[], random: () => number = Math.random): PageItem<Card, Message>[] {
  const gapCount = cards.length + 1;
  const gaps = Array.from({ length: gapCount }, (_, gap) => gap);
  // A partial Fisher-Yates shuffle: the first messages.length gaps, all distinct.
  const chosen: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (i < gapCount) {
      const j = i + Math.floor(random() * (gapCount - i));
      [gaps[i], gaps[j]] = [gaps[j] ?? j, gaps[i] ?? i];
      chosen.push(gaps[i] ?? 0);
    } else {
      chosen.push(Math.floor(random() * gapCount));
    }
  }
  chosen.sort((a, b) => a - b);

  const items: PageItem<Card, Message>[] = [];
  let next = 0;
  for (let gap = 0; gap < gapCount; gap++) {
    while (next < messages.length && chosen[next] === gap) {
      items.push({ kind: "message", message: messages[next] as Message });
      next += 1;
    }
    const card = cards[gap];
    if (gap < cards.length) items.push({ kind: "card", card: card as Card });
  }
  return items;
}

/**
 * A random in [0, 1) that repeats for the same seed (mulberry32): the Worker
 * and the browser place the messages of a page it rendered the same way.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
