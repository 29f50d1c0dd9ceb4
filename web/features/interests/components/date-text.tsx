import type { ReactElement } from "react";
import { Message, useLanguage } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { interestDate } from "../lib/action-messages.ts";

/**
 * A sentence with an interest date in it (`<0>{date}</0>` in the catalogue):
 * the date as members of the language read it, never broken at its hyphens
 * or spaces on a narrow screen.
 */
export function DatedMessage({ id, timestamp }: { id: MessageId; timestamp: string }): ReactElement {
  const language = useLanguage();
  return <Message id={id} values={{ date: interestDate(timestamp, language) }} components={{ 0: <time dateTime={timestamp} className="whitespace-nowrap" /> }} />;
}
