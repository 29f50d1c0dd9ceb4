import { Fragment } from "react";

/**
 * A shareable address on a narrow screen. break-all cut it anywhere, and the
 * browser's own breaks fall after the hyphens of the date in /link?id=2026-11-22:
 * here it breaks after a slash (<wbr>, which copying leaves out), the query
 * stays whole, and only a part longer than the line is cut.
 */
export function LinkAddress({ url, className = "" }: { url: string; className?: string }) {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? "" : url.slice(queryAt);
  const parts = path.split("/");
  return (
    <code className={`block select-all text-sm [overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move, so their index is a stable key.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? "/" : null}
          {/* Not inside "https://". */}
          {index < parts.length - 1 && part !== "" && !part.endsWith(":") ? <wbr /> : null}
        </Fragment>
      ))}
      {query ? <span className="whitespace-nowrap">{query}</span> : null}
    </code>
  );
}
