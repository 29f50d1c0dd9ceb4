// A profile's photo on a card (§ "6. Roles and permissions", "Photo visibility"). When the
// member may not see it, the API sends only a tiny blurred derivative (ADR
// 0008: CSS blur on a full image is not privacy); it is scaled up
// to fill the frame and softened further, so that it reads as a deliberately
// hidden photo rather than a broken one, and a caption says why.
import { useT } from "#web/lib/i18n-react.tsx";

interface ProfilePhotoProps {
  url: string | null;
  visible: boolean;
  /** Who is in the photo, for its text alternative. */
  name: string;
  className?: string;
  /** Why the photo is hidden; on members' lists, until the owner approves their request (§ "6. Roles and permissions"). */
  hiddenCaption?: string;
}

export function ProfilePhoto({ url, visible, name, className = "", hiddenCaption }: ProfilePhotoProps) {
  const t = useT();
  return (
    <div className={`relative shrink-0 overflow-hidden rounded-lg border border-line bg-maroon-50 ${className}`}>
      {url ? (
        <img
          src={url}
          alt={visible ? t("card.photoOf", { name }) : ""}
          // The alternative names the member as they wrote their name.
          translate="no"
          // Lists load ten cards; off-screen photos wait until scrolled to.
          loading="lazy"
          decoding="async"
          data-photo={visible ? "visible" : "blurred"}
          // scale: the blur's soft edge falls outside the frame instead of showing a pale rim.
          className={`block h-full w-full object-cover ${visible ? "" : "scale-125 blur-md"}`}
        />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 64 80" className="h-full w-full text-maroon-200" fill="currentColor">
          <circle cx="32" cy="28" r="14" />
          <path d="M6 80c0-16 12-26 26-26s26 10 26 26z" />
        </svg>
      )}
      {!visible || !url ? (
        <span className="absolute inset-x-0 bottom-0 bg-black/65 px-1 py-1 text-center text-xs font-semibold leading-tight text-white">
          {url ? (hiddenCaption ?? t("card.photoHidden")) : t("card.noPhoto")}
        </span>
      ) : null}
    </div>
  );
}
