import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { CodeSentNote } from "#web/components/code-sent-note.tsx";
import { useCodeWait } from "#web/components/resend-code-button.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { PasswordField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { useCurrentUser } from "#web/lib/auth.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { getStoredUser } from "#web/lib/session.ts";
import { useDeleteProfile, useSendDeleteCode, type DeleteProfileBody } from "../api/delete-profile.ts";
import { usePrivacy } from "../api/get-privacy.ts";
import type { ProfileDeletedState } from "./profile-deleted.tsx";

// /delete_profile, "Delete my profile" in the member's menu (ADR 0034): what
// happens, said plainly; the password or a WhatsApp code proves it is the
// member; one last question; then the member is signed out and sees the day
// the data will be erased.

type Proof = "password" | "code";

function WhatHappens() {
  const t = useT();
  const days = usePrivacy().data?.erasureAfterDays;
  return (
    <ul className="m-0 flex list-disc flex-col gap-2 pl-6 text-base">
      <li>{t("privacy.whatHappensGone")}</li>
      <li>{t("privacy.whatHappensSignedOut")}</li>
      <li>{days ? t("privacy.whatHappensErasedInDays", { days }) : t("privacy.whatHappensErasedSoon")}</li>
      <li>{t("privacy.whatHappensKept")}</li>
    </ul>
  );
}

function CodeRequest() {
  const t = useT();
  const send = useSendDeleteCode();
  // Another code only once the server would send one: it counts down the minute between codes.
  const { wait, restart } = useCodeWait(send.isSuccess ? send.submittedAt : null);
  const label = send.isPending ? t("common.sending") : wait > 0 ? t("code.resendIn", { seconds: wait }) : send.isSuccess ? t("privacy.sendAnotherCode") : t("privacy.sendCode");
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-outline self-start"
        disabled={send.isPending || wait > 0}
        onClick={() => {
          restart();
          send.mutate();
        }}
      >
        {label}
      </button>
      <div aria-live="polite">
        {send.isSuccess ? (
          <Alert tone="info" live={false}>
            <CodeSentNote code={send.data} />
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert tone="error" live={false}>
            {isApiError(send.error) && send.error.fromServer ? send.error.error : t("privacy.codeFailed")}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

export function DeleteProfileRoute() {
  const t = useT();
  usePageTitle(t("title.deleteProfile"));
  const ids = useId();
  const navigate = useNavigate();
  const pid = useCurrentUser().data?.pid ?? getStoredUser()?.pid;
  const remove = useDeleteProfile();
  const [proof, setProof] = useState<Proof>("password");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // An id, not a text: the message follows a switch of language.
  const [problem, setProblem] = useState<MessageId | null>(null);
  const [confirming, setConfirming] = useState<DeleteProfileBody | null>(null);

  // A message about the other way (a wrong password, a code not typed) does
  // not apply to the one the member switched to.
  const chooseProof = (choice: Proof) => {
    setProof(choice);
    setProblem(null);
    remove.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (proof === "password" && !password) return setProblem("privacy.typePassword");
    if (proof === "code" && !/^\d{6}$/.test(code.trim())) return setProblem("privacy.typeCode");
    setProblem(null);
    setConfirming(proof === "password" ? { password } : { code: code.trim() });
  };

  const onConfirm = () => {
    if (!confirming) return;
    remove.mutate(confirming, {
      // The server has ended every session; the next page makes this phone
      // forget it too, once the member screens (whose guard would send a
      // signed-out phone to the login) are gone.
      onSuccess: ({ erasedOn }) => void navigate(`/profile_deleted?on=${encodeURIComponent(erasedOn)}`, { replace: true, state: { signOut: true } satisfies ProfileDeletedState }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{t("nav.deleteProfile")}</h1>
      <section aria-labelledby={`${ids}-what`} className="card flex flex-col gap-3 px-4 py-5 sm:px-6">
        <h2 id={`${ids}-what`} className="m-0 text-xl font-bold text-maroon-800">
          {t("privacy.whatHappens")}
        </h2>
        <WhatHappens />
        <p className="m-0 text-base">
          <Message id="privacy.copyFirst" components={{ 0: <Link to="/my_data" className="font-semibold text-maroon-800 underline" /> }} />
        </p>
      </section>

      <form noValidate onSubmit={onSubmit} className="card flex flex-col gap-4 px-4 py-5 sm:px-6" aria-busy={remove.isPending}>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="field-label">{pid ? t("privacy.confirmItsYouPid", { pid }) : t("privacy.confirmItsYou")}</legend>
          <div className="flex flex-wrap gap-2">
            {(["password", "code"] as const).map((choice) => (
              <label
                key={choice}
                className={`tab inline-flex cursor-pointer items-center gap-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-500 ${proof === choice ? "tab-active" : ""}`}
              >
                <input type="radio" name={`${ids}-proof`} className="sr-only" checked={proof === choice} onChange={() => chooseProof(choice)} />
                {choice === "password" ? t("privacy.withPassword") : t("privacy.withCode")}
              </label>
            ))}
          </div>
        </fieldset>
        {proof === "password" ? (
          <PasswordField label={t("signIn.password")} required autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        ) : (
          <>
            <CodeRequest />
            <div>
              <label htmlFor={`${ids}-code`} className="field-label">
                {t("setPassword.code")}
              </label>
              <input
                id={`${ids}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
                className="field-input max-w-48 tracking-wider"
              />
            </div>
          </>
        )}
        <div aria-live="polite" data-testid="delete-problem">
          {problem ? (
            <Alert tone="error" live={false}>
              {t(problem)}
            </Alert>
          ) : null}
          {remove.isError ? (
            <Alert tone="error" live={false}>
              {isApiError(remove.error) && remove.error.fromServer ? remove.error.error : t("privacy.deleteFailed")}
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" className="btn bg-red-800 text-white hover:bg-red-900 sm:min-w-48" disabled={remove.isPending}>
            {t("nav.deleteProfile")}
          </button>
          <Link to="/edit_profile" className="btn-quiet">
            {t("privacy.keepProfile")}
          </Link>
        </div>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        title={t("privacy.deleteQuestion")}
        destructive
        noLabel={t("privacy.noKeepIt")}
        yesLabel={remove.isPending ? t("privacy.deleting") : t("privacy.yesDeleteIt")}
        pending={remove.isPending}
        locked={remove.isPending}
        onYes={onConfirm}
        onNo={() => setConfirming(null)}
      >
        {t("privacy.deleteWarning", { pid: pid ?? "" })}
      </ConfirmDialog>
    </div>
  );
}
