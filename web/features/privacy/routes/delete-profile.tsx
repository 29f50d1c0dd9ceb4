import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { CodeSentNote } from "../../../components/code-sent-note.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { PasswordField } from "../../../components/ui/form-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { getStoredUser } from "../../../lib/session.ts";
import { useDeleteProfile, useSendDeleteCode, type DeleteProfileBody } from "../api/delete-profile.ts";
import { usePrivacy } from "../api/get-privacy.ts";
import type { ProfileDeletedState } from "./profile-deleted.tsx";

// /delete_profile, "Delete my profile" in the member's menu (ADR 0034): what
// happens, said plainly; the password or a WhatsApp code proves it is the
// member; one last question; then the member is signed out and sees the day
// the data will be erased.

type Proof = "password" | "code";

function failureText(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.error;
  return "Your profile could not be deleted. Please check your connection and try again.";
}

function WhatHappens() {
  const days = usePrivacy().data?.erasureAfterDays;
  return (
    <ul className="m-0 flex list-disc flex-col gap-2 pl-6 text-base">
      <li>Your profile disappears at once from every list and search. Families who had it in their lists see “Profile removed”.</li>
      <li>You are signed out on every phone and computer.</li>
      <li>
        Your details, photos, interests and the WhatsApp messages we sent you are erased for good
        {days ? ` within ${days} days` : " within a few days"}. This cannot be undone: to come back, you would register again.
      </li>
      <li>
        What the agency's accounts and the law need stays, without your name, phone or photo: the record of memberships you bought (Profile
        ID, membership, dates) and the record of what staff did.
      </li>
    </ul>
  );
}

function CodeRequest() {
  const send = useSendDeleteCode();
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn-outline self-start" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? "Sending..." : send.isSuccess ? "Send another code" : "Send me a code on WhatsApp"}
      </button>
      <div aria-live="polite">
        {send.isSuccess ? (
          <Alert tone="info" live={false}>
            <CodeSentNote code={send.data} />
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert tone="error" live={false}>
            {isApiError(send.error) && send.error.fromServer ? send.error.error : "The code could not be sent. Please check your connection and try again."}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

export function DeleteProfileRoute() {
  usePageTitle("Delete my profile");
  const ids = useId();
  const navigate = useNavigate();
  const pid = useCurrentUser().data?.pid ?? getStoredUser()?.pid;
  const remove = useDeleteProfile();
  const [proof, setProof] = useState<Proof>("password");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DeleteProfileBody | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (proof === "password" && !password) return setProblem("Please type your password.");
    if (proof === "code" && !/^\d{6}$/.test(code.trim())) return setProblem("Please type the 6-digit code from WhatsApp.");
    setProblem(null);
    setConfirming(proof === "password" ? { password } : { code: code.trim() });
  };

  const onConfirm = () => {
    if (!confirming) return;
    remove.mutate(confirming, {
      // The server has ended every session; the next page makes this phone
      // forget it too, once the member screens (whose guard would send a
      // signed-out phone to the login) are gone.
      onSuccess: ({ erasedOn }) =>
        void navigate(`/profile_deleted?on=${encodeURIComponent(erasedOn)}`, { replace: true, state: { signOut: true } satisfies ProfileDeletedState }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">Delete my profile</h1>
      <section aria-labelledby={`${ids}-what`} className="card flex flex-col gap-3 px-4 py-5 sm:px-6">
        <h2 id={`${ids}-what`} className="m-0 text-xl font-bold text-maroon-800">
          What happens
        </h2>
        <WhatHappens />
        <p className="m-0 text-base">
          Want a copy first?{" "}
          <Link to="/my_data" className="font-semibold text-maroon-800 underline">
            Download my data
          </Link>
        </p>
      </section>

      <form noValidate onSubmit={onSubmit} className="card flex flex-col gap-4 px-4 py-5 sm:px-6" aria-busy={remove.isPending}>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="field-label">Confirm it is you{pid ? ` (Profile ID ${pid})` : ""}</legend>
          <div className="flex flex-wrap gap-2">
            {(["password", "code"] as const).map((choice) => (
              <label key={choice} className={`tab inline-flex cursor-pointer items-center gap-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-500 ${proof === choice ? "tab-active" : ""}`}>
                <input type="radio" name={`${ids}-proof`} className="sr-only" checked={proof === choice} onChange={() => setProof(choice)} />
                {choice === "password" ? "With my password" : "With a WhatsApp code"}
              </label>
            ))}
          </div>
        </fieldset>
        {proof === "password" ? (
          <PasswordField label="Password" required autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        ) : (
          <>
            <CodeRequest />
            <div>
              <label htmlFor={`${ids}-code`} className="field-label">
                Code from WhatsApp
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
              {problem}
            </Alert>
          ) : null}
          {remove.isError ? (
            <Alert tone="error" live={false}>
              {failureText(remove.error)}
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" className="btn bg-red-800 text-white hover:bg-red-900 sm:min-w-48" disabled={remove.isPending}>
            Delete my profile
          </button>
          <Link to="/edit_profile" className="btn-quiet">
            Keep my profile
          </Link>
        </div>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        title="Delete your profile?"
        destructive
        noLabel="No, keep it"
        yesLabel={remove.isPending ? "Deleting..." : "Yes, delete it"}
        pending={remove.isPending}
        locked={remove.isPending}
        onYes={onConfirm}
        onNo={() => setConfirming(null)}
      >
        Profile ID {pid} will disappear from every list now, and its data will be erased for good. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
