import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

// Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the
// tab list, Left/Right (and Up/Down) move between tabs, Home/End jump to the
// ends. Every panel stays mounted and is only hidden, so that half-typed
// changes on one tab survive a look at another.

export interface TabItem {
  id: string;
  label: string;
  panel: ReactNode;
}

export function Tabs({ label, items, initial }: { label: string; items: readonly TabItem[]; initial?: string }) {
  const ids = useId();
  const [selected, setSelected] = useState(initial ?? items[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2 border-b-2 border-line pb-3">
        {items.map((item, index) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${item.id}`}
              aria-selected={active}
              aria-controls={`${ids}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`tab ${active ? "tab-active" : ""}`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${ids}-panel-${item.id}`}
          aria-labelledby={`${ids}-tab-${item.id}`}
          hidden={item.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel takes focus when it holds nothing focusable (WAI-ARIA Authoring Practices, Tabs).
          tabIndex={0}
          className="pt-5 outline-none focus-visible:outline-3 focus-visible:outline-saffron-500"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
