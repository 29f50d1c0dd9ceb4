import { useState } from "react";
import type { AdminLink, IssuedLink } from "#shared/admin-types.ts";
import { requestUrl } from "#shared/links.ts";
import { issueLinkSchema, type IssueLinkInput } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useLinks } from "../api/get-links.ts";
import { useIssueLink } from "../api/issue-link.ts";
import { useRevokeLink } from "../api/revoke-link.ts";
import { errorText } from "../lib/error-text.ts";
import { formatMoment } from "../lib/labels.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { CopyButton } from "#web/components/ui/copy-button.tsx";
import { Panel } from "./panel.tsx";
import { QueryState } from "./query-state.tsx";
import { OutboxMessageCard } from "./outbox-list.tsx";

const KIND_NAMES = { profile: "Profile link", interest: "Interest link", whatsapp: "WhatsApp link" } as const;

interface IssueValues {
  kind: string;
  targetPid: string;
}

const resolver = zodMiniResolver<IssueValues, typeof issueLinkSchema>(issueLinkSchema, (values) => ({
  kind: values.kind,
  targetPid: values.targetPid.trim() === "" ? undefined : Number(values.targetPid.trim()),
}));

/** A URL shown in full, selectable, and never wider than a phone. */
function LinkText({ url }: { url: string }) {
  return <code className="block select-all break-all rounded-lg border border-line bg-[#faf6f2] px-3 py-2 text-sm text-ink">{url}</code>;
}

function IssueForm({ pid, onIssued }: { pid: number; onIssued: (link: IssuedLink) => void }) {
  const issue = useIssueLink(pid);
  const {
    register,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<IssueValues, IssueLinkInput>({ resolver, defaultValues: { kind: "profile", targetPid: "" }, fields: ["kind", "targetPid"] });

  const submit = onSubmit((body) => send(issue.mutate, body, { onSuccess: onIssued, failureText: errorText }));

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy={issue.isPending}>
      <SelectField
        label="Kind of link"
        placeholder="Choose"
        error={errors.kind?.message}
        hint="Profile: Search or one profile. Interest: Interested in you. WhatsApp: one profile's WhatsApp page."
        options={(["profile", "interest", "whatsapp"] as const).map((kind) => ({ value: kind, label: KIND_NAMES[kind] }))}
        {...register("kind")}
      />
      <TextField label="Opens Profile ID" inputMode="numeric" hint="Optional: the profile the link opens." error={errors.targetPid?.message} {...register("targetPid")} />
      {failure ? (
        <Alert tone="error" className="sm:col-span-2">
          {failure}
        </Alert>
      ) : null}
      <button type="submit" className="btn-primary sm:col-span-2" disabled={issue.isPending}>
        {issue.isPending ? "Issuing..." : "Issue link"}
      </button>
    </form>
  );
}

/** Links sign in once, again only minutes after their first use, and expire (ADR 0024). */
function linkState(link: AdminLink): string {
  if (link.revokedAt) return "Revoked";
  if (link.live) return link.usedAt ? "Live (used)" : "Live";
  return link.usedAt && Date.parse(link.expiresAt) > Date.now() ? "Used" : "Expired";
}

function LinkRow({ link, pid }: { link: AdminLink; pid: number }) {
  const revoke = useRevokeLink(pid);
  const what = `${KIND_NAMES[link.kind]}${link.targetPid ? ` to ${link.targetPid}` : ""} issued ${formatMoment(link.createdAt)}`;
  return (
    <li className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="m-0 font-semibold">
          {KIND_NAMES[link.kind]}
          {link.targetPid ? ` → ${link.targetPid}` : ""}{" "}
          <span className={`ml-1 rounded-full border px-2 text-sm ${link.live ? "border-green-700 bg-green-50 text-green-900" : "border-line bg-[#f7f1ec] text-ink-muted"}`}>
            {linkState(link)}
          </span>
        </p>
        <p className="m-0 text-sm text-ink-muted">
          Issued {formatMoment(link.createdAt)}
          {link.usedAt ? ` · used ${formatMoment(link.usedAt)}` : ""} · {link.revokedAt ? `revoked ${formatMoment(link.revokedAt)}` : `expires ${formatMoment(link.expiresAt)}`}
        </p>
        {revoke.isError ? <p className="field-error">{errorText(revoke.error)}</p> : null}
      </div>
      {/* A used link may have stopped signing in and still have a member signed in: revoking it signs them out. */}
      {!link.revokedAt && (link.live || link.usedAt) ? (
        <ConfirmButton
          label="Revoke"
          ariaLabel={`Revoke ${what}`}
          pendingLabel="Revoking..."
          title="Revoke this link?"
          confirmLabel="Revoke link"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(link.id)}
        >
          The {KIND_NAMES[link.kind].toLowerCase()} issued {formatMoment(link.createdAt)} will stop signing the member in, and whoever it signed in is signed out. Anyone who has it
          sees an invalid-link message.
        </ConfirmButton>
      ) : null}
    </li>
  );
}

// Auto-login links for the member (ADR 0011): issue one (it goes to the
// member on WhatsApp as the sign-in-link template, or by hand from its
// message), copy it, revoke it. The link with its token exists only in this
// answer: the list shows issued links without their tokens.
export function LinksPanel({ pid }: { pid: number }) {
  const links = useLinks(pid);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const request = requestUrl(window.location.origin, pid);

  return (
    <Panel title="Links">
      <IssueForm pid={pid} onIssued={setIssued} />
      <div aria-live="polite">
        {issued ? (
          <div className="mt-4 rounded-lg border-2 border-green-700 bg-green-50 px-3 py-3">
            <p className="m-0 mb-2 font-semibold text-green-900">{KIND_NAMES[issued.link.kind]} issued. It is shown only now: copy it if you need it.</p>
            <p className="m-0 mb-2 text-base text-green-900">It signs the member in once (again only within minutes) until {formatMoment(issued.link.expiresAt)}.</p>
            <LinkText url={issued.url} />
            <div className="mt-2 flex flex-wrap gap-2">
              <CopyButton text={issued.url} what="the new link" />
            </div>
            <p className="m-0 mb-2 mt-3 text-base text-green-900">It goes to the member on WhatsApp as this message:</p>
            <ul className="m-0 p-0">
              <OutboxMessageCard message={issued.message} />
            </ul>
          </div>
        ) : null}
      </div>

      <h3 className="mb-1 mt-5 text-base font-bold text-maroon-800">Issued links</h3>
      <QueryState query={links} label="Links">
        {(items) =>
          items.length === 0 ? (
            <p className="m-0 text-base text-ink-muted">No links issued yet.</p>
          ) : (
            <ul className="m-0 list-none p-0">
              {items.map((link) => (
                <LinkRow key={link.id} link={link} pid={pid} />
              ))}
            </ul>
          )
        }
      </QueryState>

      <h3 className="mb-1 mt-5 text-base font-bold text-maroon-800">Request link for this profile</h3>
      <p className="m-0 mb-2 text-sm text-ink-muted">Share it with families: it asks for their Profile ID and sends this member their interest.</p>
      <LinkText url={request} />
      <div className="mt-2">
        <CopyButton text={request} what="the request link" />
      </div>
    </Panel>
  );
}
