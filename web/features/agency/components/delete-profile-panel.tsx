import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminMember } from "#shared/admin-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { useDeleteMemberProfile } from "../api/delete-member-profile.ts";
import { errorText } from "../lib/error-text.ts";
import { formatDay } from "../lib/labels.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { Panel } from "./panel.tsx";

// "Delete profile on the member's request" (ADR 0034): only when the member
// asked, by phone, in person or with a data request, whose number is kept
// with the deletion (a link from Data requests fills it in). The profile
// leaves every list at once; the data is erased on the day the server says.

export function DeleteProfilePanel({ member }: { member: AdminMember }) {
  const ids = useId();
  const [search] = useSearchParams();
  const [requestId, setRequestId] = useState(search.get("delete_request")?.replace(/\D/g, "") ?? "");
  const remove = useDeleteMemberProfile(member.pid);

  return (
    <div id="delete-profile">
      <Panel title="Delete profile on the member's request">
        {remove.isSuccess ? (
          <Alert tone="success">
            Profile ID {member.pid} is deleted: it no longer appears anywhere, and its data will be erased on {formatDay(remove.data.erasedOn)}.
          </Alert>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="m-0 text-base">
              Only when the member asks for it. The profile disappears from every list at once, the member is signed out, and the data is erased for good a few days later. Payments
              and the audit log keep only what the law needs.
            </p>
            <div>
              <label htmlFor={`${ids}-request`} className="field-label">
                Data request No. (if the member filed one)
              </label>
              <input
                id={`${ids}-request`}
                inputMode="numeric"
                value={requestId}
                onChange={(event) => setRequestId(event.target.value.replace(/\D/g, ""))}
                className="field-input w-40"
              />
            </div>
            {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
            <ConfirmButton
              label="Delete profile…"
              pendingLabel="Deleting..."
              title={`Delete Profile ID ${member.pid}?`}
              confirmLabel="Yes, delete it"
              pending={remove.isPending}
              className="btn-danger self-start"
              onConfirm={() => remove.mutate(requestId ? Number(requestId) : undefined)}
            >
              {`${member.surName} ${member.name} (Profile ID ${member.pid}) will disappear from every list now and be signed out everywhere; the data will be erased for good. This cannot be undone. Do it only if the member asked.`}
            </ConfirmButton>
          </div>
        )}
      </Panel>
    </div>
  );
}
