import { useId, useRef, useState } from "react";
import type { Sibling, OwnRecord } from "#shared/api-types.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { failureReason } from "#web/lib/failure-reason.ts";
import { translate, type MessageId } from "#web/lib/i18n.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { reportClientError } from "#web/lib/report-error.ts";
import { useCreateSibling, type SiblingFormBody } from "../api/create-sibling.ts";
import { useDeleteSibling } from "../api/delete-sibling.ts";
import { useSiblings } from "../api/get-siblings.ts";
import { useUpdateHasSiblings } from "../api/update-has-siblings.ts";
import { useUpdateSibling } from "../api/update-sibling.ts";
import { MARITAL_STATUS_LABELS, SIBLING_TYPE_LABELS, WORKING_LABELS } from "#web/components/profile-fields/sibling-labels.ts";
import { SiblingForm } from "./sibling-form.tsx";

type SiblingAction = "add" | "edit" | "delete" | "has-siblings";

const FAILED_TEXT: Record<SiblingAction, MessageId> = {
  add: "editProfile.siblings.addFailed",
  edit: "editProfile.siblings.editFailed",
  delete: "editProfile.siblings.deleteFailed",
  "has-siblings": "editProfile.siblings.choiceFailed",
};

/** What failed, kept until the member acts again; its words come at each render (failureText). */
interface SiblingFailure {
  action: SiblingAction;
  error: unknown;
}

/**
 * § "8. Error catalogue" only logs sibling failures; a member who typed a sibling's
 * details and saw nothing happen would type them again or give up. So the
 * failure is also said where it happened, and the form keeps what was typed
 * (ADR 0023).
 */
function failed(action: SiblingAction, error: unknown): SiblingFailure {
  console.error(`Sibling ${action} failed`, error);
  reportClientError(error);
  return { action, error };
}

/**
 * A failure in the active language, worded where it is shown, so that a
 * switch of language re-words it (ADR 0040); a reason the server gave stays
 * in the words it answered with.
 */
function failureText({ action, error }: SiblingFailure): string {
  const reason = isApiError(error) ? ` ${failureReason(error)}` : "";
  return translate("editProfile.siblings.failed", { what: translate(FAILED_TEXT[action]), reason });
}

function SiblingActions({ sibling, onEdit, onDelete }: { sibling: Sibling; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <div className="flex gap-2">
      <button type="button" className="btn-quiet" onClick={onEdit}>
        {t("editProfile.siblings.edit")}
        <span className="sr-only" translate="no">
          {" "}
          {sibling.name}
        </span>
      </button>
      <button type="button" className="btn-danger" onClick={onDelete}>
        {t("editProfile.siblings.delete")}
        <span className="sr-only" translate="no">
          {" "}
          {sibling.name}
        </span>
      </button>
    </div>
  );
}

/** The Sibling details tab (§ "2. Screens and routes" and § "7. The calls the product makes", "Siblings"). */
export function SiblingsPanel({ user }: { user: OwnRecord }) {
  const t = useT();
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
  // What failed, said inside the dialog or beside the box it belongs to; a
  // save that fails after its dialog was closed, in the panel.
  const [formFailure, setFormFailure] = useState<SiblingFailure | null>(null);
  const [closedFormFailure, setClosedFormFailure] = useState<SiblingFailure | null>(null);
  // Counts the sibling dialog's openings and closings: a save's answer belongs
  // to the dialog it was sent from only while that dialog is still open.
  const formShown = useRef(0);
  const [deleteFailure, setDeleteFailure] = useState<SiblingFailure | null>(null);
  const [choiceFailure, setChoiceFailure] = useState<SiblingFailure | null>(null);

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
      onError: (error) => setChoiceFailure(failed("has-siblings", error)),
      onSettled: () => setChosen(null),
    });
  };
  const list = siblings.data ?? [];

  const openForm = (sibling: Sibling | null) => {
    formShown.current += 1;
    setFormFailure(null);
    setClosedFormFailure(null);
    setEditing({ sibling });
  };
  const closeForm = () => {
    formShown.current += 1;
    setEditing(null);
  };
  const onSave = (body: SiblingFormBody) => {
    const target = editing?.sibling;
    const shown = formShown.current;
    const stillOpen = () => shown === formShown.current;
    const onSuccess = () => {
      if (stillOpen()) closeForm();
    };
    const onFailure = (action: SiblingAction) => (error: unknown) => {
      const failure = failed(action, error);
      if (stillOpen()) setFormFailure(failure);
      else setClosedFormFailure(failure);
    };
    setFormFailure(null);
    if (target) update.mutate({ id: target.id, body }, { onSuccess, onError: onFailure("edit") });
    else create.mutate(body, { onSuccess, onError: onFailure("add") });
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
      onError: (error) => setDeleteFailure(failed("delete", error)),
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
          {t("editProfile.siblings.none")}
        </label>
        {noSiblings ? (
          <p id={hintId} className="mt-2 rounded-lg bg-saffron-50 px-4 py-3 text-base text-ink">
            {t("editProfile.siblings.noneNote")}
          </p>
        ) : null}
        {choiceFailure ? (
          <Alert tone="error" className="mt-2">
            {failureText(choiceFailure)}
          </Alert>
        ) : null}
      </div>

      {noSiblings ? null : (
        <>
          {siblings.isPending ? <PageLoading label={t("editProfile.siblings.loading")} /> : null}
          {siblings.isError ? <p className="text-base text-red-800">{t("editProfile.siblings.loadFailed")}</p> : null}
          {siblings.isSuccess && list.length === 0 ? <p className="text-base text-ink-muted">{t("editProfile.siblings.empty")}</p> : null}

          {list.length > 0 ? (
            <>
              {/* Phones: one card per sibling, since six columns do not fit 390 px. */}
              <ul className="m-0 flex list-none flex-col gap-3 p-0 md:hidden" aria-label={t("editProfile.siblings.list")}>
                {list.map((sibling) => (
                  <li key={sibling.id} className="rounded-lg border border-line bg-white px-4 py-3">
                    <p className="text-lg font-semibold text-ink" translate="no">
                      {sibling.name}
                    </p>
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-base">
                      <dt className="text-ink-muted">{t("fullProfile.sibling.relation")}</dt>
                      <dd className="m-0">{t(SIBLING_TYPE_LABELS[sibling.type])}</dd>
                      <dt className="text-ink-muted">{t("editProfile.siblings.maritalStatus")}</dt>
                      <dd className="m-0">{t(MARITAL_STATUS_LABELS[sibling.married])}</dd>
                      <dt className="text-ink-muted">{t("editProfile.siblings.job")}</dt>
                      <dd className="m-0">{t(WORKING_LABELS[sibling.working])}</dd>
                      <dt className="text-ink-muted">{t("fullProfile.details")}</dt>
                      <dd className="m-0 break-words" translate="no">
                        {sibling.workDetails}
                      </dd>
                    </dl>
                    <div className="mt-3">
                      <SiblingActions sibling={sibling} onEdit={() => openForm(sibling)} onDelete={() => openDelete(sibling)} />
                    </div>
                  </li>
                ))}
              </ul>

              <table className="hidden w-full border-collapse text-left text-base md:table">
                <caption className="sr-only">{t("editProfile.siblings.list")}</caption>
                <thead>
                  <tr className="border-b-2 border-line text-ink-muted">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("fullProfile.sibling.relation")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("fullProfile.sibling.name")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("editProfile.siblings.maritalStatus")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("editProfile.siblings.job")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("fullProfile.details")}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t("editProfile.siblings.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((sibling) => (
                    <tr key={sibling.id} className="border-b border-line align-middle">
                      <td className="py-3 pr-3">{t(SIBLING_TYPE_LABELS[sibling.type])}</td>
                      <td className="py-3 pr-3 font-semibold" translate="no">
                        {sibling.name}
                      </td>
                      <td className="py-3 pr-3">{t(MARITAL_STATUS_LABELS[sibling.married])}</td>
                      <td className="py-3 pr-3">{t(WORKING_LABELS[sibling.working])}</td>
                      <td className="py-3 pr-3 break-words" translate="no">
                        {sibling.workDetails}
                      </td>
                      <td className="py-2 whitespace-nowrap">
                        <SiblingActions sibling={sibling} onEdit={() => openForm(sibling)} onDelete={() => openDelete(sibling)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}

          {closedFormFailure ? <Alert tone="error">{failureText(closedFormFailure)}</Alert> : null}
          <div>
            <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => openForm(null)}>
              {t("editProfile.siblings.add")}
            </button>
          </div>
        </>
      )}

      {/* Closed by its Cancel button only: a tap beside it or Escape would throw away what was typed (ADR 0013). */}
      <Dialog open={editing !== null} title={editing?.sibling ? t("editProfile.siblings.editTitle") : t("editProfile.siblings.add")} describeBody={false}>
        {editing ? (
          <SiblingForm
            key={editing.sibling?.id ?? "new"}
            sibling={editing.sibling}
            saving={create.isPending || update.isPending}
            failure={formFailure && failureText(formFailure)}
            onSave={onSave}
            onCancel={closeForm}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        title={t("editProfile.siblings.deleteTitle")}
        onDismiss={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="btn-outline" onClick={() => setDeleting(null)}>
              {t("common.no")}
            </button>
            <button type="button" className="btn-primary" disabled={remove.isPending} onClick={onConfirmDelete}>
              {remove.isPending ? t("editProfile.siblings.deleting") : t("editProfile.siblings.confirmDelete")}
            </button>
          </>
        }
      >
        <p>{t("common.areYouSure")}</p>
        {deleting ? (
          <p className="mt-2">
            <Message
              id="editProfile.siblings.willBeRemoved"
              values={{ name: deleting.name, relation: t(SIBLING_TYPE_LABELS[deleting.type]) }}
              components={{ 0: <span translate="no" /> }}
            />
          </p>
        ) : null}
        {deleteFailure ? (
          <Alert tone="error" className="mt-3">
            {failureText(deleteFailure)}
          </Alert>
        ) : null}
      </Dialog>
    </div>
  );
}
