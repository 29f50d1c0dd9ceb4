import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { ProfileCard } from "../../../components/profile-card/profile-card.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useSingleUserProfile } from "../api/get-single-user-profile.ts";
import { CardActions } from "../components/card-actions.tsx";

// /search_id (section 2): one profile by its Profile ID. The query pid holds
// the searched ID, so auto-login links (/profile_link) can open a profile
// here directly. The card has no remove action.

/** A Profile ID as typed; anything else fails like an unknown ID, without a call. */
function parsePid(value: string | null): number | null {
  const text = value?.trim() ?? "";
  if (!/^\d{1,10}$/.test(text)) return null;
  const pid = Number(text);
  return pid > 0 && pid <= 2_147_483_647 ? pid : null;
}

export function SearchByIdRoute() {
  usePageTitle("Search By ID");
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const searched = params.get("pid");
  const pid = parsePid(searched);
  const [text, setText] = useState(searched ?? "");
  const user = useCurrentUser().data;
  const profile = useSingleUserProfile(pid);
  // Back and forward change the searched ID; the field follows.
  useEffect(() => setText(searched ?? ""), [searched]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (value === "") return;
    setParams({ pid: value });
  };

  const failed = searched !== null && searched.trim() !== "" && (pid === null || profile.isError);
  // An ID nobody has is said plainly (ADR 0023); other failures keep section 2's text.
  const failure = pid !== null && isApiError(profile.error) && profile.error.status === 404 ? fillMessage(MESSAGES.searchIdNotFound, { pid }) : MESSAGES.searchIdFailed;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 id={`${ids}-title`} className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">
        Search By ID
      </h1>

      <form role="search" aria-labelledby={`${ids}-title`} onSubmit={submit} className="card flex flex-col gap-2 px-4 py-4 sm:px-5">
        <label htmlFor={`${ids}-pid`} className="field-label">
          Profile ID
        </label>
        <div className="flex gap-2">
          <input
            id={`${ids}-pid`}
            name="pid"
            type="text"
            // A number pad on phones, without the spinner arrows of type=number.
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. 10123"
            className="field-input min-w-0 flex-1"
          />
          <button type="submit" className="btn-primary shrink-0">
            Search
          </button>
        </div>
      </form>

      {pid !== null && profile.isPending ? <PageLoading label="Loading profile..." /> : null}
      {failed ? <Alert tone="error">{failure}</Alert> : null}

      {profile.data && user && !failed ? (
        <>
          {profile.data.pid === user.pid ? (
            <Alert tone="info">
              This is your own profile.{" "}
              <Link to="/edit_profile" className="font-semibold text-maroon-800 underline">
                Edit Profile
              </Link>
            </Alert>
          ) : null}
          <ProfileCard
            card={profile.data}
            viewerProfileType={user.profileLimits.profileType}
            actions={profile.data.pid === user.pid ? undefined : <CardActions card={profile.data} user={user} page="searchId" allowHiding={false} />}
          />
        </>
      ) : null}
    </div>
  );
}
