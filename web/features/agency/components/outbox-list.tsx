import { Link } from "react-router";
import type { AdminOutboxMessage, OutboxKind, OutboxStatus } from "../../../../shared/admin-types.ts";
import { useMarkSentByHand } from "../api/mark-sent-by-hand.ts";
import { useRetryMessage } from "../api/retry-message.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment } from "../lib/labels.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { WhatsappButton } from "./whatsapp-button.tsx";

const KIND_LABELS: Record<OutboxKind, string> = {
  password: "Password",
  interest_received: "Interest received",
  interest_approved: "Interest approved",
  new_profiles: "New profiles",
  link: "Link",
};

const STATUS_CLASS: Record<OutboxStatus, string> = {
  pending: "border-saffron-600 bg-saffron-50 text-saffron-900",
  sent: "border-green-700 bg-green-50 text-green-900",
  failed: "border-red-700 bg-red-50 text-red-900",
};

export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "Sent", failed: "Failed" };

// One WhatsApp message: who it is for, its text, and what staff can do with
// it. A card on every screen size: the message text is the point and does
// not fit a table cell.
function OutboxMessage({ message }: { message: AdminOutboxMessage }) {
  const retry = useRetryMessage();
  const markSent = useMarkSentByHand();
  const failure = retry.error ?? markSent.error;
  const label = `message ${message.id} to ${message.toMobile}`;
  return (
    <li className="card px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="m-0 font-semibold">
          {KIND_LABELS[message.kind]} to {message.toMobile}
          {message.memberPid ? (
            <>
              {" · "}
              <Link to={`/agency/members/${message.memberPid}`} className="inline-flex min-h-11 items-center text-maroon-800 underline underline-offset-2">
                {message.memberPid}
              </Link>
            </>
          ) : null}
        </p>
        <span className={`rounded-full border px-2 text-sm font-bold ${STATUS_CLASS[message.status]}`}>{STATUS_LABELS[message.status]}</span>
      </div>
      <p className="m-0 mt-1 whitespace-pre-wrap break-words rounded-lg bg-[#faf6f2] px-3 py-2 text-base">{message.body}</p>
      <p className="m-0 mt-1 text-sm text-ink-muted">
        Queued {formatMoment(message.createdAt)} · {message.attempts === 1 ? "1 attempt" : `${message.attempts} attempts`}
        {message.sentAt ? ` · sent ${formatMoment(message.sentAt)}` : ""}
      </p>
      {message.lastError ? <p className="m-0 mt-1 text-sm text-red-800">Last error: {message.lastError}</p> : null}
      {message.status !== "sent" ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {message.waMe ? <WhatsappButton href={message.waMe} what={label} /> : null}
          {/* Asked first: marking removes the password or link from the stored
              text, so the message cannot be opened in WhatsApp again. */}
          <ConfirmButton
            label="Mark as sent"
            ariaLabel={`Mark ${label} as sent`}
            pendingLabel="Saving..."
            title="Mark this message as sent?"
            confirmLabel="Mark as sent"
            className="btn-quiet"
            pending={markSent.isPending}
            onConfirm={() => markSent.mutate(message.id)}
          >
            Do this only after you have sent it in WhatsApp. Its password or link is then removed from the outbox.
          </ConfirmButton>
          <button type="button" className="btn-quiet" aria-label={`Retry ${label}`} disabled={retry.isPending} onClick={() => retry.mutate(message.id)}>
            {retry.isPending ? "Retrying..." : "Retry"}
          </button>
        </div>
      ) : null}
      {failure ? <p className="field-error">{errorText(failure)}</p> : null}
    </li>
  );
}

export function OutboxList({ messages }: { messages: AdminOutboxMessage[] }) {
  return (
    <ul aria-label="Messages" className="m-0 flex list-none flex-col gap-3 p-0">
      {messages.map((message) => (
        <OutboxMessage key={message.id} message={message} />
      ))}
    </ul>
  );
}
