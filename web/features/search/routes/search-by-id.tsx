import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { Gender } from "#shared/constants.ts";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useSingleUserProfile } from "../api/get-single-user-profile.ts";
import { useRestoreProfile } from "../api/restore-profile.ts";
import { CardActions } from "../components/card-actions.tsx";
import { RestoreLine } from "../components/restore-line.tsx";
import { readProfileId } from "#shared/profile-id.ts";

// /search_id (§ "2. Screens and routes"): one profile by its Profile ID. The query pid holds
// the searched ID, so auto-login links (/profile_link) can open a profile
// here directly. The card has no remove action.

/** Interest goes to the other gender only (the server refuses it too): a card of one's own gender offers no request. */
function SameGenderNote({ gender }: { gender: Gender }) {
  const t = useT();
  return <Alert tone="info">{gender === "M" ? t("search.bridesOnly") : t("search.groomsOnly")}</Alert>;
}

/**
 * A profile the member removed from their lists (or hid, requestStatus D)
 * is found here by its ID: this is where it can be put back, long after the
 * few seconds the list's Undo is offered (ADR 0015). Once it is back, this
 * note and its button go: `onRestored` moves focus to the card.
 */
function RemovedProfileNote({ pid, onRestored }: { pid: number; onRestored: () => void }) {
  const t = useT();
  const restore = useRestoreProfile();
  return (
    <Alert tone="info">
      <RestoreLine
        restore={restore}
        pid={pid}
        text={t("search.removedEarlier")}
        action={t("search.putBack")}
        pending={t("search.puttingBack")}
        failed={t("search.putBackFailed")}
        onRestored={onRestored}
      />
    </Alert>
  );
}

export function SearchByIdRoute() {
  const t = useT();
  usePageTitle(t("search.byId"));
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const searched = params.get("pid");
  const pid = readProfileId(searched) ?? null;
  const [text, setText] = useState(searched ?? "");
  // Search tapped with nothing typed: said under the field, as every form says a required field.
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const user = useCurrentUser().data;
  const profile = useSingleUserProfile(pid);
  const screen = useRef<HTMLDivElement>(null);
  const focusCard = (shown: number) => screen.current?.querySelector<HTMLElement>(`article[data-pid="${shown}"]`)?.focus();
  // Back and forward change the searched ID; the field follows.
  useEffect(() => setText(searched ?? ""), [searched]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    setEmpty(value === "");
    if (value === "") {
      input.current?.focus();
      return;
    }
    setParams({ pid: value });
  };

  const typed = searched?.trim() ?? "";
  const failed = typed !== "" && (pid === null || profile.isError);
  // Letters are not an ID: said before any call. An ID nobody has is said
  // plainly (ADR 0023); other failures keep § "2. Screens and routes"'s text.
  const failure = !/^\d+$/.test(typed)
    ? t("search.idNotNumber")
    : pid === null || (isApiError(profile.error) && profile.error.status === 404)
      ? t("search.idNotFound", { pid: typed })
      : t("search.idFailed");

  return (
    <div ref={screen} className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 id={`${ids}-title`} className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">
        {t("search.byId")}
      </h1>

      <form role="search" aria-labelledby={`${ids}-title`} noValidate onSubmit={submit} className="card px-4 py-4 sm:px-5">
        <FormField label={t("common.profileId")} error={empty ? t("validation.profileIdRequired") : undefined}>
          {(control) => (
            <div className="flex gap-2">
              <input
                ref={input}
                {...control}
                name="pid"
                type="text"
                // A number pad on phones, without the spinner arrows of type=number.
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint="search"
                aria-required="true"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (event.target.value.trim() !== "") setEmpty(false);
                }}
                placeholder={t("search.idExample")}
                className="field-input min-w-0 flex-1"
              />
              <button type="submit" className="btn-primary shrink-0">
                {t("common.search")}
              </button>
            </div>
          )}
        </FormField>
      </form>

      {pid !== null && profile.isPending ? <PageLoading label={t("common.loadingProfile")} /> : null}
      {failed ? <Alert tone="error">{failure}</Alert> : null}

      {profile.data && user && !failed ? (
        <>
          {profile.data.pid === user.pid ? (
            <Alert tone="info">
              <Message id="search.ownProfile" components={{ 0: <Link to="/edit_profile" className="font-semibold text-maroon-800 underline" /> }} />
            </Alert>
          ) : null}
          {profile.data.pid !== user.pid && profile.data.requestStatus === "D" ? (
            <RemovedProfileNote pid={profile.data.pid} onRestored={() => focusCard(profile.data.pid)} />
          ) : null}
          <ProfileCard
            card={profile.data}
            viewerProfileType={user.profileLimits.profileType}
            actions={
              profile.data.pid === user.pid ? undefined : profile.data.gender === user.gender ? (
                <SameGenderNote gender={user.gender} />
              ) : (
                <CardActions card={profile.data} user={user} page="searchId" allowHiding={false} />
              )
            }
          />
        </>
      ) : null}
    </div>
  );
}
