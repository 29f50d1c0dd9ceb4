import { Link } from "react-router";
import type { AdminMemberRow } from "#shared/admin-types.ts";
import { genderLabel, tierLabel } from "../lib/labels.ts";
import { AccountState, MembershipState } from "./membership-state.tsx";

// The members found: a table on wide screens, one card per member on phones,
// where seven columns cannot fit 390 px. Both come from the same rows; the
// one not shown is display:none, so a screen reader meets only one.

function memberName(member: AdminMemberRow): string {
  return `${member.surName} ${member.name}`.trim();
}

export function MembersTable({ members }: { members: AdminMemberRow[] }) {
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-base md:table">
        <caption className="sr-only">Members found</caption>
        <thead>
          <tr className="border-b-2 border-saffron-300 text-sm text-ink-muted">
            <th scope="col" className="px-3 py-2 font-semibold">
              Profile ID
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Mobile
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Tier
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Membership
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Account
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.pid} className="border-b border-line bg-white align-top">
              <td className="px-3 py-2">
                <Link to={`/agency/members/${member.pid}`} className="inline-flex min-h-11 items-center font-bold text-maroon-800 underline underline-offset-2">
                  {member.pid}
                </Link>
              </td>
              <td className="px-3 py-3">
                {memberName(member)}
                <span className="block text-sm text-ink-muted">{genderLabel(member.gender)}</span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{member.mobile}</td>
              <td className="px-3 py-3">{tierLabel(member.profileLimits.profileType)}</td>
              <td className="px-3 py-3">
                <MembershipState member={member} />
              </td>
              <td className="px-3 py-3">
                <AccountState active={member.active} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label="Members found" className="m-0 flex list-none flex-col gap-3 p-0 md:hidden">
        {members.map((member) => (
          <li key={member.pid} className="card px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/agency/members/${member.pid}`} className="flex min-h-11 min-w-0 flex-col justify-center text-maroon-800 no-underline">
                <span className="text-lg font-bold underline underline-offset-2">{member.pid}</span>
                <span className="break-words text-base text-ink">{memberName(member)}</span>
              </Link>
              <span className="shrink-0 pt-2 text-sm font-semibold">{tierLabel(member.profileLimits.profileType)}</span>
            </div>
            <dl className="m-0 mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-base">
              <dt className="text-sm font-semibold text-ink-muted">Bride/groom</dt>
              <dd className="m-0">{genderLabel(member.gender)}</dd>
              <dt className="text-sm font-semibold text-ink-muted">Mobile</dt>
              <dd className="m-0">{member.mobile}</dd>
              <dt className="text-sm font-semibold text-ink-muted">Membership</dt>
              <dd className="m-0">
                <MembershipState member={member} />
              </dd>
              <dt className="text-sm font-semibold text-ink-muted">Account</dt>
              <dd className="m-0">
                <AccountState active={member.active} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
