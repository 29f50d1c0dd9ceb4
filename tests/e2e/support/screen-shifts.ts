import type { Page } from "@playwright/test";

/**
 * Starts recording, from the first paint on, the layout shifts that move the
 * screen itself (`main`); `screenShifts` reads them. The header's row of
 * links may still move sideways on a wide screen when the web font replaces
 * the fallback (ADR 0031).
 */
export async function recordScreenShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        const elements = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node : (source.node?.parentElement ?? null)));
        const moved = elements.filter((element) => element?.closest("main")).map((element) => element?.outerHTML.slice(0, 80));
        if (moved.length > 0) shifts.push(`${entry.value.toFixed(4)} ${moved.join(" | ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export function screenShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
}
