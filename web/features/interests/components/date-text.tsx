import { interestDate } from "../lib/action-messages.ts";

/** An interest date as members read it (dd-MM-yyyy), never broken at its hyphens on a narrow screen. */
export function DateText({ timestamp }: { timestamp: string }) {
  return (
    <time dateTime={timestamp} className="whitespace-nowrap">
      {interestDate(timestamp)}
    </time>
  );
}
