import { usePageTitle } from "../../lib/page-title.ts";

/**
 * The honest stand-in for a screen that later work builds: the route, its
 * page title and its heading exist, and nothing pretends to be data.
 */
export function ComingSoon({ title, heading = title }: { title: string; heading?: string }) {
  usePageTitle(title);
  return (
    <section className="card mx-auto max-w-2xl px-5 py-8">
      <h1 className="text-2xl font-bold text-maroon-800">{heading}</h1>
      <p className="mt-3 text-ink-muted">This screen is coming soon.</p>
    </section>
  );
}
