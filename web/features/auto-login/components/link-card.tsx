import type { ReactNode } from "react";

/**
 * The one centred card the link pages show: members arrive here from a
 * WhatsApp message on a phone, so it is the whole screen there and a calm
 * box on a desktop.
 */
export function LinkCard({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-col sm:pt-6">
      <section className="card px-5 py-8 text-center sm:px-8" aria-labelledby="link-heading" aria-busy={busy}>
        {children}
      </section>
    </div>
  );
}

export function LinkHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id="link-heading" className="m-0 text-2xl font-bold leading-tight text-maroon-800">
      {children}
    </h1>
  );
}

/**
 * The waiting state: a spinner and what is happening, announced politely
 * (role="status"). The heading and the line are new elements for each
 * heading: React would otherwise rewrite their words in place, and centred
 * words that start elsewhere are a layout shift (Lighthouse measured
 * 0.010–0.015 when "Signing you in..." became "Signed in", ADR 0031).
 */
export function LinkProgress({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <span aria-hidden="true" className="inline-block h-10 w-10 animate-spin rounded-full border-4 border-maroon-200 border-t-maroon-700" />
      <LinkHeading key={`heading ${heading}`}>{heading}</LinkHeading>
      <p key={`line ${heading}`} className="m-0 text-lg text-ink">
        {children}
      </p>
    </div>
  );
}
