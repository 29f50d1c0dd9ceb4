import { useId, useState, type FormEvent } from "react";
import type { DataRequestKind } from "../../../../shared/api-types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useSendDataRequest } from "../api/send-data-request.ts";
import { dayText } from "../lib/day-text.ts";

// A signed-in member's request about their data (ADR 0033): correct it,
// erase it, or a complaint. The agency sees it in the console with the date
// its answer is due; the member sees that date here.

const KINDS: { kind: DataRequestKind; label: string; hint: string }[] = [
  { kind: "correction", label: "Correct my data", hint: "Something about you is wrong and you cannot change it in Edit profile." },
  { kind: "erasure", label: "Erase my data", hint: "You can also delete your profile yourself: “Delete my profile” in the menu." },
  { kind: "grievance", label: "A complaint", hint: "Something about how we handled your data went wrong." },
];

const MAX_DETAILS = 2000;

function failureText(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.error;
  return "Your request could not be sent. Please check your connection and try again.";
}

export function DataRequestForm() {
  const ids = useId();
  const [kind, setKind] = useState<DataRequestKind | null>(null);
  const [details, setDetails] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendDataRequest();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return setProblem("Please choose what you are asking for.");
    if (!details.trim()) return setProblem("Please write a few words about your request.");
    setProblem(null);
    send.mutate({ kind, details: details.trim() });
  };

  if (send.isSuccess) {
    const receipt = send.data;
    return (
      <Alert tone="success">
        <p className="m-0 font-semibold">Your request has reached the agency (number {receipt.id}).</p>
        <p className="m-0">We will answer by {dayText(receipt.dueOn)}.</p>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={send.isPending}>
      <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
        <legend className="field-label">What are you asking for?</legend>
        {KINDS.map((choice) => (
          <label
            key={choice.kind}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border-2 border-line px-3 py-2 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50"
          >
            <input
              type="radio"
              name={`${ids}-kind`}
              value={choice.kind}
              checked={kind === choice.kind}
              onChange={() => setKind(choice.kind)}
              className="mt-1 h-5 w-5 shrink-0 accent-maroon-700"
            />
            <span>
              <span className="block font-semibold">{choice.label}</span>
              <span className="block text-sm text-ink-muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${ids}-details`} className="field-label">
          Your request
        </label>
        <textarea
          id={`${ids}-details`}
          rows={4}
          maxLength={MAX_DETAILS}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          className="field-input resize-y"
        />
        <p className="field-hint">What should we correct or erase, or what went wrong. You may write in Telugu.</p>
      </div>
      <div aria-live="polite">
        {problem ? (
          <Alert tone="error" live={false}>
            {problem}
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert tone="error" live={false}>
            {failureText(send.error)}
          </Alert>
        ) : null}
      </div>
      <button type="submit" className="btn-primary self-start" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send request"}
      </button>
    </form>
  );
}
