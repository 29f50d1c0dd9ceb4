import { useState } from "react";
import { Link } from "react-router";
import type { AdminOutboxMessage, OutboxStatus } from "#shared/admin-types.ts";
import type { OutboxKind } from "#shared/whatsapp-messages.ts";
import { useMarkSentByHand } from "../api/mark-sent-by-hand.ts";
import { useOpenMessage } from "../api/open-message.ts";
import { useRetryMessage } from "../api/retry-message.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment } from "../lib/labels.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { WhatsappButton } from "./whatsapp-button.tsx";

const KIND_LABELS: Record<OutboxKind, string> = {
  registration_code: "Code after registration",
  staff_reset_code: "Code after a password reset",
  forgot_password_code: "Code for Forgot password",
  mobile_code: "Code for a new WhatsApp number",
  delete_profile_code: "Code to delete a profile",
  interest_received: "Interest received",
  interest_approved: "Interest approved",
  link: "Sign-in link",
  membership: "Membership",
  data_erasure_notice: "Erasure notice (48 hours before)",
};

const STATUS_CLASS: Record<OutboxStatus, string> = {
  pending: "border-saffron-600 bg-saffron-50 text-saffron-900",
  sent: "border-line bg-white text-ink",
  delivered: "border-green-700 bg-green-50 text-green-900",
  read: "border-sky-700 bg-sky-50 text-sky-900",
  failed: "border-red-700 bg-red-50 text-red-900",
};

// As WhatsApp shows them: one grey tick sent, two delivered, two blue read.
export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "✓ Sent", delivered: "✓✓ Delivered", read: "✓✓ Read", failed: "Failed" };

/** Opens a hidden code's message in WhatsApp: the link is asked for (and audited) only on the tap. */
function OpenHiddenButton({ message, label }: { message: AdminOutboxMessage; label: string }) {
  const open = useOpenMessage();
  const [blocked, setBlocked] = useState<string | null>(null);
  const onOpen = () =>
    open.mutate(message.id, {
      onSuccess: ({ waMe }) => {
        // A pop-up blocker may stop a window opened after a call: the link is then shown to tap.
        if (!window.open(waMe, "_blank", "noopener,noreferrer")) setBlocked(waMe);
      },
    });
  return (
    <>
      <button
        type="button"
        className="btn-small border-2 border-green-800 bg-green-800 text-white hover:bg-green-900"
        aria-label={`Open in WhatsApp: ${label}`}
        disabled={open.isPending}
        onClick={onOpen}
      >
        {open.isPending ? "Opening..." : "Open in WhatsApp"}
      </button>
      {blocked ? <WhatsappButton href={blocked} label="Tap to open WhatsApp" what={label} /> : null}
      {open.isError ? <p className="field-error w-full">{errorText(open.error)}</p> : null}
    </>
  );
}

// One WhatsApp message: who it is for, its text, how far it got, and what
// staff can do with it. A card on every screen size: the message text is the
// point and does not fit a table cell.
export function OutboxMessageCard({ message: listed }: { message: AdminOutboxMessage }) {
  const retry = useRetryMessage();
  const markSent = useMarkSentByHand();
  // What the last action answered is newer than the list until it refreshes.
  const message = markSent.data ?? retry.data ?? listed;
  const failure = retry.error ?? markSent.error;
  const label = `message ${message.id} to ${message.toMobile}`;
  const moments = [
    `Queued ${formatMoment(message.createdAt)}`,
    message.sentAt
      ? `sent ${formatMoment(message.sentAt)}${message.sentAs === "text" ? " as text (the member wrote in the last 24 hours)" : message.sentAs === "template" ? " as its template" : " by hand"}`
      : null,
    message.deliveredAt ? `delivered ${formatMoment(message.deliveredAt)}` : null,
    message.readAt ? `read ${formatMoment(message.readAt)}` : null,
    message.status === "pending" && message.attempts > 0 ? (message.attempts === 1 ? "1 attempt" : `${message.attempts} attempts`) : null,
    message.expiresAt && message.byHand ? `the code works until ${formatMoment(message.expiresAt)}` : null,
  ].filter(Boolean);
  return (
    <li className="card list-none px-4 py-3">
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
          {message.language === "te" ? " · తెలుగు" : null}
        </p>
        <span className={`rounded-full border px-2 text-sm font-bold ${STATUS_CLASS[message.status]}`}>{STATUS_LABELS[message.status]}</span>
      </div>
      <p className={`m-0 mt-1 whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-base ${message.bodyHidden ? "bg-[#f3ede8] italic text-ink-muted" : "bg-[#faf6f2]"}`}>
        {message.body}
      </p>
      <p className="m-0 mt-1 text-sm text-ink-muted">{moments.join(" · ")}</p>
      {message.problem ? (
        <div
          className={`mt-2 rounded-lg border-l-4 px-3 py-2 text-sm ${message.status === "failed" ? "border-red-700 bg-red-50 text-red-900" : "border-saffron-500 bg-saffron-50 text-ink"}`}
        >
          <p className="m-0">{message.problem.reason}</p>
          <p className="m-0 mt-1 font-semibold">What to do: {message.problem.action}</p>
          {message.lastError && message.status === "failed" ? <p className="m-0 mt-1 break-words text-xs text-ink-muted">WhatsApp said: {message.lastError}</p> : null}
        </div>
      ) : null}
      {message.byHand ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {message.waMe ? <WhatsappButton href={message.waMe} what={label} /> : message.bodyHidden ? <OpenHiddenButton message={message} label={label} /> : null}
          {/* Asked first: marking removes the code or link from the stored
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
            Do this only after you have sent it in WhatsApp. Its code or link is then removed from the outbox.
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
        <OutboxMessageCard key={message.id} message={message} />
      ))}
    </ul>
  );
}
