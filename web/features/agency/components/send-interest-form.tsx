import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type * as z from "zod/mini";
import type { Gender } from "#shared/constants.ts";
import { profileInterestSchema } from "#shared/schemas/staff.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { TextField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useSendInterestForMember, type InterestOutcome } from "../api/send-interest-for-member.ts";
import { errorText } from "../lib/error-text.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";

interface SendValues {
  interestedId: string;
}

interface Outcome {
  tone: "success" | "info";
  text: string;
  /** The other member, to open their record. */
  other: number;
}

/** What each answer means, in the words staff say to the family. */
function outcomeText(status: InterestOutcome, pid: number, other: number): string {
  switch (status) {
    case "sent":
      return `Interest sent from ${pid} to ${other}. The family of ${other} is told on WhatsApp.`;
    case "pending":
      return `${pid} has already sent interest to ${other}: waiting for their answer. Nothing new was sent.`;
    case "approved":
      return `${other} has already approved the request of ${pid}. Nothing new was sent.`;
    case "denied":
      return `${other} did not accept the request of ${pid}. Nothing new was sent.`;
  }
}

const others = (gender: Gender) => (gender === "F" ? { one: "groom", many: "grooms" } : { one: "bride", many: "brides" });

/** The server's refusals, told as this member's, not as a member speaking of themselves. */
function failureText(error: unknown, gender: Gender, other: number): string {
  if (isApiError(error) && error.status === 404) return `No active member has Profile ID ${other}. Check the number with the family.`;
  if (isApiError(error) && error.code === "BAD_REQUEST") return `${other} is not a ${others(gender).one}: interest goes to ${others(gender).many} only.`;
  return errorText(error);
}

// The agency sends interest on the member's behalf (POST
// /api/admin/profile_interest), as a family asks on the phone; the request
// then shows in both members' lists, and the other family is told on WhatsApp.
export function SendInterestForm({ pid, gender, active }: { pid: number; gender: Gender; active: boolean }) {
  const sendInterest = useSendInterestForMember(pid);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resolver = useMemo(
    () =>
      zodMiniResolver<SendValues, typeof profileInterestSchema>(profileInterestSchema, (values) => ({
        userId: pid,
        interestedId: values.interestedId.trim() === "" ? undefined : values.interestedId.trim(),
        skip: true,
      })),
    [pid],
  );
  const {
    register,
    setError,
    reset,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<SendValues, z.output<typeof profileInterestSchema>>({ resolver, defaultValues: { interestedId: "" }, fields: ["interestedId"] });

  const submit = onSubmit(({ interestedId }) => {
    setOutcome(null);
    if (interestedId === pid) {
      setError("interestedId", { type: "self", message: "This is the member's own Profile ID." }, { shouldFocus: true });
      return;
    }
    send(sendInterest.mutate, interestedId, {
      onSuccess: ({ status }) => {
        setOutcome({ tone: status === "sent" ? "success" : "info", text: outcomeText(status, pid, interestedId), other: interestedId });
        reset();
      },
      failureText: (error, inFields) => (inFields ? null : failureText(error, gender, interestedId)),
    });
  });

  let note: ReactNode = null;
  if (outcome) {
    note = (
      <Alert tone={outcome.tone} live={false}>
        <p className="m-0">{outcome.text}</p>
        <Link to={`/agency/members/${outcome.other}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          Open {outcome.other}
        </Link>
      </Alert>
    );
  } else if (failure) {
    note = (
      <Alert tone="error" live={false}>
        <p className="m-0">{failure}</p>
      </Alert>
    );
  }

  return (
    <section aria-labelledby={`send-interest-${pid}`} className="mb-4 border-b border-line pb-4">
      <h3 id={`send-interest-${pid}`} className="m-0 mb-2 text-base font-bold text-maroon-800">
        Send interest for this member
      </h3>
      {active ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-busy={sendInterest.isPending}>
          <TextField
            label="To Profile ID"
            inputMode="numeric"
            autoComplete="off"
            className="flex-1"
            hint={`A ${others(gender).one}'s Profile ID.`}
            error={errors.interestedId?.message}
            {...register("interestedId")}
          />
          <button type="submit" className="btn-primary sm:mt-8" disabled={sendInterest.isPending}>
            {sendInterest.isPending ? "Sending..." : "Send interest"}
          </button>
        </form>
      ) : (
        <p className="m-0 text-base text-ink-muted">The member is deactivated: reactivate them first to send interest for them.</p>
      )}
      <div aria-live="polite" aria-atomic="true" className={note ? "mt-3" : ""}>
        {note}
      </div>
    </section>
  );
}
