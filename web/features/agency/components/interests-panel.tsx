import { Link } from "react-router";
import type { AdminInterest, AdminMember, RequestState } from "#shared/admin-types.ts";
import { formatMoment } from "../lib/labels.ts";
import { Panel } from "./panel.tsx";
import { SendInterestForm } from "./send-interest-form.tsx";

const STATE_LABELS: Record<RequestState, string> = {
  pending: "Waiting",
  approved: "Approved",
  denied: "Rejected",
  withdrawn: "Withdrawn",
};

function InterestRow({ pid, interest }: { pid: number; interest: AdminInterest }) {
  const sent = interest.fromPid === pid;
  const other = sent ? interest.toPid : interest.fromPid;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 border-b border-line py-2 last:border-b-0">
      <span>
        {sent ? "Asked about " : "Interest from "}
        <Link to={`/agency/members/${other}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          {other}
        </Link>
      </span>
      <span className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">{STATE_LABELS[interest.state]}</span> · {formatMoment(interest.decidedAt ?? interest.interestedAt)}
      </span>
    </li>
  );
}

/**
 * Requests made by and to the member, so staff can answer "did they see my
 * interest?", and interest sent for the member as their family asks.
 */
export function InterestsPanel({ member }: { member: AdminMember }) {
  const { pid, interests } = member;
  return (
    <Panel title={`Interests (${interests.length})`}>
      <SendInterestForm pid={pid} gender={member.gender} active={member.active} />
      {interests.length === 0 ? (
        <p className="m-0 text-base text-ink-muted">No interest sent or received yet.</p>
      ) : (
        <ul className="m-0 max-h-96 list-none overflow-y-auto p-0">
          {interests.map((interest) => (
            <InterestRow key={`${interest.fromPid}-${interest.toPid}`} pid={pid} interest={interest} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
