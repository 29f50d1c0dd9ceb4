import { ProfileTypeChip } from "#web/components/profile-card/profile-values.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { ListValue, LookupName } from "#web/components/lookup-name.tsx";
import { useProfileTeaser } from "../api/get-profile-teaser.ts";

/**
 * The profile a request link names, as a stranger may see it: its blurred
 * picture and a few facts, so that the family knows whose number they ask
 * for before signing in (ADR 0015). Nothing shows if it cannot be loaded:
 * the request still works.
 */
export function ProfileTeaser({ pid }: { pid: number }) {
  const teaser = useProfileTeaser(pid).data;
  const t = useT();
  if (!teaser) return null;
  return (
    <figure className="m-0 mt-4 overflow-hidden rounded-lg border border-line bg-white" aria-label={t("phoneRequest.teaserLabel", { pid: teaser.pid })}>
      {teaser.previewImage ? <img src={teaser.previewImage} alt="" width={600} height={315} className="block aspect-[1.91/1] w-full object-cover" /> : null}
      <figcaption className="px-4 py-3">
        <p className="m-0 flex flex-wrap items-center justify-between gap-2 font-bold text-maroon-800">
          {t("phoneRequest.teaserLabel", { pid: teaser.pid })}
          <ProfileTypeChip profileType={teaser.profileType} />
        </p>
        <p className="m-0 mt-1 text-base text-ink">
          {t("phoneRequest.teaserAge", { age: teaser.age })}
          {/* The height by the list's Telugu name in Telugu mode, as on the cards; education as the member wrote it. */}
          {teaser.height ? (
            <>
              {" · "}
              <ListValue list="heights" name={teaser.height} />
            </>
          ) : null}
          {teaser.educationDetails ? (
            <>
              {" · "}
              <span translate="no">{teaser.educationDetails}</span>
            </>
          ) : null}
        </p>
        {teaser.star ? (
          <p className="m-0 mt-1 text-base text-ink">
            {t("phoneRequest.teaserStar")} <LookupName name={teaser.star} te={teaser.starTe} />
          </p>
        ) : null}
      </figcaption>
    </figure>
  );
}
