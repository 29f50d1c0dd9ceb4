import { useId, useState, type FormEvent } from "react";
import type { DataRequestKind } from "#shared/api-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useIntlLocale, useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { useSendDataRequest } from "../api/send-data-request.ts";
import { dayText } from "../lib/day-text.ts";

// A signed-in member's request about their data (ADR 0033): correct it,
// erase it, or a complaint. The agency sees it in the console with the date
// its answer is due; the member sees that date here.

const KINDS: { kind: DataRequestKind; label: MessageId; hint: MessageId }[] = [
  { kind: "correction", label: "privacy.kindCorrection", hint: "privacy.kindCorrectionHint" },
  { kind: "erasure", label: "privacy.kindErasure", hint: "privacy.kindErasureHint" },
  { kind: "grievance", label: "privacy.kindGrievance", hint: "privacy.kindGrievanceHint" },
];

const MAX_DETAILS = 2000;

function failureText(error: unknown, t: ReturnType<typeof useT>): string {
  if (isApiError(error) && error.fromServer) return error.error;
  return t("privacy.requestFailed");
}

export function DataRequestForm() {
  const t = useT();
  const locale = useIntlLocale();
  const ids = useId();
  const [kind, setKind] = useState<DataRequestKind | null>(null);
  const [details, setDetails] = useState("");
  // An id, not a text: the message follows a switch of language.
  const [problem, setProblem] = useState<MessageId | null>(null);
  const send = useSendDataRequest();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return setProblem("privacy.chooseKind");
    if (!details.trim()) return setProblem("privacy.writeDetails");
    setProblem(null);
    send.mutate({ kind, details: details.trim() });
  };

  if (send.isSuccess) {
    const receipt = send.data;
    return (
      <Alert tone="success">
        <p className="m-0 font-semibold">{t("privacy.requestReached", { id: receipt.id })}</p>
        <p className="m-0">{t("privacy.answerBy", { date: dayText(receipt.dueOn, locale) })}</p>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={send.isPending}>
      <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
        <legend className="field-label">{t("privacy.askingFor")}</legend>
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
              <span className="block font-semibold">{t(choice.label)}</span>
              <span className="block text-sm text-ink-muted">{t(choice.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${ids}-details`} className="field-label">
          {t("privacy.yourRequest")}
        </label>
        <textarea id={`${ids}-details`} rows={4} maxLength={MAX_DETAILS} value={details} onChange={(event) => setDetails(event.target.value)} className="field-input resize-y" />
        <p className="field-hint">{t("privacy.yourRequestHint")}</p>
      </div>
      <div aria-live="polite">
        {problem ? (
          <Alert tone="error" live={false}>
            {t(problem)}
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert tone="error" live={false}>
            {failureText(send.error, t)}
          </Alert>
        ) : null}
      </div>
      <button type="submit" className="btn-primary self-start" disabled={send.isPending}>
        {send.isPending ? t("common.sending") : t("privacy.sendRequest")}
      </button>
    </form>
  );
}
