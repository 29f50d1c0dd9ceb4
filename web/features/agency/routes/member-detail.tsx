import { Link, useParams, useSearchParams } from "react-router";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useMember } from "../api/get-member.ts";
import { AccountPanel } from "../components/account-panel.tsx";
import { DeleteProfilePanel } from "../components/delete-profile-panel.tsx";
import { InboundList } from "../components/inbound-list.tsx";
import { InterestsPanel } from "../components/interests-panel.tsx";
import { LinksPanel } from "../components/links-panel.tsx";
import { MemberEditor, isEditPart, type EditPart } from "../components/member-editor.tsx";
import { MemberRecord } from "../components/member-record.tsx";
import { MembershipPanel } from "../components/membership-panel.tsx";
import { Panel } from "../components/panel.tsx";
import { AccountState, ErasureState } from "../components/membership-state.tsx";
import { QueryState } from "../components/query-state.tsx";
import { RecommendationsPanel } from "../components/recommendations-panel.tsx";
import { VisibilityPanel } from "../components/visibility-panel.tsx";
import { formatMoment, genderLabel, tierLabel } from "../lib/labels.ts";

// /agency/members/{pid}: the member whole. What staff change most (the
// membership, the account, links) comes first; the record and the lists
// follow. "Edit details" (?edit=personal, ADR 0022) turns the record into
// the correction forms; the address keeps it open on reload, and Back
// closes it.
export function MemberDetailRoute() {
  const pid = Number(useParams().pid);
  const valid = Number.isSafeInteger(pid) && pid > 0;
  usePageTitle(`Member ${valid ? pid : ""} | Agency console`);
  const member = useMember(valid ? pid : 0);
  const [search, setSearch] = useSearchParams();
  const editing = search.get("edit");
  const openEditor = (part: EditPart = "personal") => setSearch({ edit: part });
  const closeEditor = () => setSearch({}, { replace: true });

  if (!valid) return <Alert tone="error">That is not a Profile ID.</Alert>;

  return (
    <div className="flex flex-col gap-4">
      <Link to="/agency/members" className="inline-flex min-h-11 items-center self-start font-semibold text-maroon-800 underline underline-offset-2">
        ← Members
      </Link>
      <QueryState query={member} label="The member">
        {(data) => (
          <>
            <header className="card flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center">
              {data.photoUrl ? (
                <img src={data.photoUrl} alt={`Photo of ${data.name}`} className="h-40 w-32 shrink-0 self-center rounded-lg border border-line object-cover sm:self-auto" />
              ) : (
                <div className="flex h-40 w-32 shrink-0 items-center justify-center self-center rounded-lg border border-dashed border-line text-sm text-ink-muted sm:self-auto">
                  No photo
                </div>
              )}
              <div className="min-w-0">
                <h1 className="m-0 break-words text-2xl font-bold text-maroon-800">
                  {data.surName} {data.name}
                </h1>
                <p className="m-0 mt-1 flex flex-wrap items-center gap-2 text-base">
                  <span className="font-semibold">Profile ID {data.pid}</span>
                  <span className="rounded-full border border-line bg-white px-2 text-sm font-bold">{tierLabel(data.profileLimits.profileType)}</span>
                  <AccountState active={data.active} />
                </p>
                <p className="m-0 mt-1 text-base text-ink-muted">
                  {genderLabel(data.gender)} · {data.mobile} · registered {formatMoment(data.createdAt)}
                </p>
                {data.erasure ? (
                  <p className="m-0 mt-1 text-base">
                    <ErasureState erasure={data.erasure} />
                  </p>
                ) : null}
                {isEditPart(editing) ? null : (
                  <button type="button" className="btn-outline mt-3" onClick={() => openEditor()}>
                    Edit details
                  </button>
                )}
              </div>
            </header>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <MembershipPanel member={data} />
              <div className="flex min-w-0 flex-col gap-4">
                <AccountPanel member={data} />
                <VisibilityPanel member={data} />
                {data.inbound.length > 0 ? (
                  <Panel title="WhatsApp from the member">
                    <InboundList messages={data.inbound} showMember={false} />
                  </Panel>
                ) : null}
              </div>
              <LinksPanel pid={data.pid} />
              <div className="flex min-w-0 flex-col gap-4">
                <RecommendationsPanel pid={data.pid} />
                <InterestsPanel member={data} />
              </div>
            </div>
            {isEditPart(editing) ? (
              <MemberEditor key={data.pid} member={data} initial={editing} onClose={closeEditor} />
            ) : (
              <MemberRecord
                record={data.record}
                actions={
                  <button type="button" className="btn-outline" onClick={() => openEditor()}>
                    Edit details
                  </button>
                }
              />
            )}
            <DeleteProfilePanel member={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
