import { useId, useState } from "react";
import type { Sibling, OwnRecord } from "../../../../shared/api-types.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { MARITAL_STATUSES, SIBLING_TYPES, WORKING } from "../../../../shared/schemas/sibling.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { reportClientError } from "../../../lib/report-error.ts";
import { useCreateSibling, type SiblingFormBody } from "../api/create-sibling.ts";
import { useDeleteSibling } from "../api/delete-sibling.ts";
import { useSiblings } from "../api/get-siblings.ts";
import { useUpdateHasSiblings } from "../api/update-has-siblings.ts";
import { useUpdateSibling } from "../api/update-sibling.ts";
import { SiblingForm } from "./sibling-form.tsx";

type SiblingAction = "add" | "edit" | "delete" | "has-siblings";

const FAILED_TEXT: Record<SiblingAction, string> = {
  add: "The sibling was not added.",
  edit: "Your changes were not saved.",
  delete: "The sibling was not deleted.",
  "has-siblings": "Your choice was not saved.",
};

/**
 * Section 8 only logs sibling failures; a member who typed a sibling's
 * details and saw nothing happen would type them again or give up. So the
 * failure is also said where it happened, and the form keeps what was typed
 * (ADR 0023).
 */
function failureText(action: SiblingAction, error: unknown): string {
  console.error(`Sibling ${action} failed`, error);
  reportClientError(error);
  const reason = isApiError(error) ? ` ${error.error}` : "";
  return `${FAILED_TEXT[action]}${reason} Please try again.`;
}

function SiblingActions({ sibling, onEdit, onDelete }: { sibling: Sibling; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="button" className="btn-quiet" onClick={onEdit}>
        Edit<span className="sr-only"> {sibling.name}</span>
      </button>
      <button type="button" className="btn-danger" onClick={onDelete}>
        Delete<span className="sr-only"> {sibling.name}</span>
      </button>
    </div>
  );
}

/** The Sibling details tab (sections 2 and 7, "Siblings"). */
export function SiblingsPanel({ user }: { user: OwnRecord }) {
  const pid = user.pid;
  const hintId = useId();
  const siblings = useSiblings(pid);
  const hasSiblings = useUpdateHasSiblings(pid);
  const create = useCreateSibling(pid);
  const update = useUpdateSibling(pid);
  const remove = useDeleteSibling(pid);
  // null: no dialog; { sibling: null }: adding one.
  const [editing, setEditing] = useState<{ sibling: Sibling | null } | null>(null);
  const [deleting, setDeleting] = useState<Sibling | null>(null);
  // What failed, said inside the dialog or beside the box it belongs to.
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [choiceFailure, setChoiceFailure] = useState<string | null>(null);

  // The box follows the member's tap at once (set in the same event, or React
  // would put the controlled box back until the mutation's state arrives),
  // and the server's answer after.
  const [chosen, setChosen] = useState<1 | 2 | null>(null);
  const noSiblings = chosen === null ? user.hasSiblings === 2 : chosen === 2;
  const onNoSiblingsChange = (checked: boolean) => {
    const value = checked ? 2 : 1;
    setChosen(value);
    setChoiceFailure(null);
    hasSiblings.mutate(value, {
      onError: (error) => setChoiceFailure(failureText("has-siblings", error)),
      onSettled: () => setChosen(null),
    });
  };
  const list = siblings.data ?? [];

  const openForm = (sibling: Sibling | null) => {
    setFormFailure(null);
    setEditing({ sibling });
  };
  const closeForm = () => setEditing(null);
  const onSave = (body: SiblingFormBody) => {
    const target = editing?.sibling;
    setFormFailure(null);
    if (target) {
      update.mutate({ id: target.id, body }, { onSuccess: closeForm, onError: (error) => setFormFailure(failureText("edit", error)) });
    } else {
      create.mutate(body, { onSuccess: closeForm, onError: (error) => setFormFailure(failureText("add", error)) });
    }
  };
  const openDelete = (sibling: Sibling) => {
    setDeleteFailure(null);
    setDeleting(sibling);
  };
  const onConfirmDelete = () => {
    if (!deleting) return;
    setDeleteFailure(null);
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => setDeleteFailure(failureText("delete", error)),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-lg font-semibold text-ink">
          <input
            type="checkbox"
            className="h-6 w-6 shrink-0 cursor-pointer accent-maroon-700"
            checked={noSiblings}
            disabled={hasSiblings.isPending}
            aria-describedby={noSiblings ? hintId : undefined}
            onChange={(event) => onNoSiblingsChange(event.target.checked)}
          />
          I have no siblings
        </label>
        {noSiblings ? (
          <p id={hintId} className="mt-2 rounded-lg bg-saffron-50 px-4 py-3 text-base text-ink">
            Your profile says you have no brothers or sisters. To add siblings, uncheck “I have no siblings”.
          </p>
        ) : null}
        {choiceFailure ? (
          <Alert tone="error" className="mt-2">
            {choiceFailure}
          </Alert>
        ) : null}
      </div>

      {noSiblings ? null : (
        <>
          {siblings.isPending ? <PageLoading label="Loading siblings..." /> : null}
          {siblings.isError ? <p className="text-base text-red-800">Your siblings could not be loaded. Please reload the page.</p> : null}
          {siblings.isSuccess && list.length === 0 ? <p className="text-base text-ink-muted">No siblings added yet.</p> : null}

          {list.length > 0 ? (
            <>
              {/* Phones: one card per sibling, since six columns do not fit 390 px. */}
              <ul className="m-0 flex list-none flex-col gap-3 p-0 md:hidden" aria-label="Your siblings">
                {list.map((sibling) => (
                  <li key={sibling.id} className="rounded-lg border border-line bg-white px-4 py-3">
                    <p className="text-lg font-semibold text-ink">{sibling.name}</p>
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-base">
                      <dt className="text-ink-muted">Relation</dt>
                      <dd className="m-0">{SIBLING_TYPES[sibling.type]}</dd>
                      <dt className="text-ink-muted">Marital status</dt>
                      <dd className="m-0">{MARITAL_STATUSES[sibling.married]}</dd>
                      <dt className="text-ink-muted">Job</dt>
                      <dd className="m-0">{WORKING[sibling.working]}</dd>
                      <dt className="text-ink-muted">Details</dt>
                      <dd className="m-0 break-words">{sibling.workDetails}</dd>
                    </dl>
                    <div className="mt-3">
                      <SiblingActions sibling={sibling} onEdit={() => openForm(sibling)} onDelete={() => openDelete(sibling)} />
                    </div>
                  </li>
                ))}
              </ul>

              <table className="hidden w-full border-collapse text-left text-base md:table">
                <caption className="sr-only">Your siblings</caption>
                <thead>
                  <tr className="border-b-2 border-line text-ink-muted">
                    <th scope="col" className="py-2 pr-3 font-semibold">Relation</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Name</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Marital status</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Job</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Details</th>
                    <th scope="col" className="py-2 font-semibold">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((sibling) => (
                    <tr key={sibling.id} className="border-b border-line align-middle">
                      <td className="py-3 pr-3">{SIBLING_TYPES[sibling.type]}</td>
                      <td className="py-3 pr-3 font-semibold">{sibling.name}</td>
                      <td className="py-3 pr-3">{MARITAL_STATUSES[sibling.married]}</td>
                      <td className="py-3 pr-3">{WORKING[sibling.working]}</td>
                      <td className="py-3 pr-3 break-words">{sibling.workDetails}</td>
                      <td className="py-2 whitespace-nowrap">
                        <SiblingActions sibling={sibling} onEdit={() => openForm(sibling)} onDelete={() => openDelete(sibling)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}

          <div>
            <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => openForm(null)}>
              Add Sibling
            </button>
          </div>
        </>
      )}

      <Dialog open={editing !== null} title={editing?.sibling ? "Edit Sibling" : "Add Sibling"} onDismiss={closeForm} describeBody={false}>
        {editing ? (
          <SiblingForm
            key={editing.sibling?.id ?? "new"}
            sibling={editing.sibling}
            saving={create.isPending || update.isPending}
            failure={formFailure}
            onSave={onSave}
            onCancel={closeForm}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        title="Delete sibling"
        onDismiss={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={() => setDeleting(null)}>
              No
            </button>
            <button type="button" className="btn-primary" disabled={remove.isPending} onClick={onConfirmDelete}>
              {remove.isPending ? "Deleting..." : "Yes, delete"}
            </button>
          </>
        }
      >
        <p>{MESSAGES.areYouSure}</p>
        {deleting ? (
          <p className="mt-2">
            {deleting.name} ({SIBLING_TYPES[deleting.type]}) will be removed from your profile.
          </p>
        ) : null}
        {deleteFailure ? (
          <Alert tone="error" className="mt-3">
            {deleteFailure}
          </Alert>
        ) : null}
      </Dialog>
    </div>
  );
}
