import { Link } from "react-router";
import type { InboundMessage } from "#shared/admin-types.ts";
import { formatMoment } from "../lib/labels.ts";

/** Whether the agency may still answer in free text: within 24 hours of the sender's latest message (ADR 0020). */
function windowText(message: InboundMessage): string {
  const until = Date.parse(message.windowOpenUntil);
  return until > Date.now() ? `You can answer in WhatsApp until ${formatMoment(message.windowOpenUntil)}.` : "More than 24 hours ago: the product answers with templates only.";
}

// What members wrote to the agency's WhatsApp number: questions, "I did not
// get my code", replies to a message. Each opens the sender's 24-hour window.
export function InboundList({ messages, showMember = true }: { messages: InboundMessage[]; showMember?: boolean }) {
  return (
    <ul aria-label="Messages from members" className="m-0 flex list-none flex-col gap-3 p-0">
      {messages.map((message) => (
        <li key={message.wamid} className="card px-4 py-3">
          <p className="m-0 font-semibold">
            From {message.fromMobile}
            {message.profileName ? ` (${message.profileName})` : ""}
            {showMember && message.memberPid ? (
              <>
                {" · "}
                <Link to={`/agency/members/${message.memberPid}`} className="inline-flex min-h-11 items-center text-maroon-800 underline underline-offset-2">
                  {message.memberPid} {message.memberName}
                </Link>
              </>
            ) : null}
            {showMember && !message.memberPid ? " · not a member's number" : null}
          </p>
          <p className="m-0 mt-1 whitespace-pre-wrap break-words rounded-lg bg-[#eef6ee] px-3 py-2 text-base">{message.text ?? `(a ${message.type} message)`}</p>
          <p className="m-0 mt-1 text-sm text-ink-muted">
            {formatMoment(message.receivedAt)} · {windowText(message)}
          </p>
        </li>
      ))}
    </ul>
  );
}
