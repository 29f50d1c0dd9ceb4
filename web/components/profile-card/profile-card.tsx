import { useId, useState, type ReactNode } from "react";
import type { ProfileCard as CardData, ProfileCardDetails } from "#shared/api-types.ts";
import { MATCHING_POINTS_NAME } from "#shared/astro/ashtakoota.ts";
import { PROFESSION_TYPE_NOT_WORKING } from "#shared/constants.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { ListValue } from "#web/components/lookup-name.tsx";
import { displayTime } from "#web/components/profile-fields/record-values.ts";
import { ProfilePhoto } from "./profile-photo.tsx";
import { Fact, ProfileTypeChip, WithTelugu, incomeLabel, marriageLabel, orDash, pointsLabel, workingInLabel } from "./profile-values.tsx";

// A profile card (§ "Profile card content"): who the person is at a
// glance, the show-more details for paid viewers, and the buttons of the
// screen that shows it. Shared by every list of profiles; the buttons come
// from the feature (search, interests, ...) because each owns its calls.

/**
 * Tiers that see the additional details at once; MEMBER gets the show-more option (§ "2. Screens and routes").
 * Their cards start open or folded by the screen's width, which a page the Worker renders cannot know (ADR 0041).
 */
export const DETAILS_OPEN_FOR: ReadonlySet<string> = new Set(["DONOR", "PREMIUM", "LIFE"]);

/**
 * On a phone every tier starts with the details folded (ADR 0015): a list of
 * cards is then a list of people, each with its button in reach, and "Show
 * more details" opens one. Wider screens keep § "2. Screens and routes"'s rule.
 */
function detailsOpenAtFirst(viewerProfileType: string): boolean {
  const phone = typeof window !== "undefined" && window.matchMedia("(max-width: 639px)").matches;
  return !phone && DETAILS_OPEN_FOR.has(viewerProfileType);
}

function Details({ details, astroPoints }: { details: ProfileCardDetails; astroPoints: number | null }) {
  const t = useT();
  const working = details.professionTypeId !== PROFESSION_TYPE_NOT_WORKING;
  return (
    <>
      <Fact label={t("card.birthDate")}>{orDash(details.birthDate)}</Fact>
      <Fact label={t("card.birthTime")}>{orDash(displayTime(details.birthTime))}</Fact>
      {/* § "2. Screens and routes" lists matching points among the show-more details; ADR 0016 computes them. */}
      <Fact label={<WithTelugu name={MATCHING_POINTS_NAME.name} te={MATCHING_POINTS_NAME.nameTe} />}>
        <span className="font-semibold">{pointsLabel(astroPoints)}</span>
      </Fact>
      <Fact label={t("card.professionType")}>
        <ListValue list="profession_types" name={details.professionType} />
      </Fact>
      {/* Profession type 5 (not working) has no working details (§ "5. Validation rules"). */}
      {working ? (
        <>
          <Fact label={t("card.workingIn")}>{workingInLabel(details.workingIn, t)}</Fact>
          <Fact label={t("card.workingCity")}>
            <ListValue list="cities" name={details.workingCity} />
          </Fact>
          <Fact label={t("card.annualIncome")}>{incomeLabel(details.annualIncome, details.workingIn, t)}</Fact>
        </>
      ) : null}
      <Fact label={t("card.father")} memberData>
        {orDash(details.fatherName)}
        {details.fatherProfession ? <span className="text-ink-muted">, {details.fatherProfession}</span> : null}
      </Fact>
      <Fact label={t("card.mother")} memberData>
        {orDash(details.motherName)}
        {details.motherProfession ? <span className="text-ink-muted">, {details.motherProfession}</span> : null}
      </Fact>
      <Fact label={t("card.nativeDistrict")}>
        <ListValue list="districts" name={details.nativeDistrict} />
      </Fact>
      <Fact label={t("card.residingPlace")} memberData>
        {orDash(details.residingCity)}
      </Fact>
    </>
  );
}

interface ProfileCardProps {
  card: CardData;
  /** The viewer's profile type: DONOR, PREMIUM and LIFE see the details expanded. */
  viewerProfileType: string;
  /** The screen's buttons for this card (§ "4. States and transitions"). */
  actions?: ReactNode;
  /** "Profile ID {pid}", or just "Profile" where the ID is not shown. */
  showProfileId?: boolean;
  headingLevel?: 2 | 3;
}

export function ProfileCard({ card, viewerProfileType, actions, showProfileId = true, headingLevel = 2 }: ProfileCardProps) {
  const ids = useId();
  const t = useT();
  const [expanded, setExpanded] = useState(() => detailsOpenAtFirst(viewerProfileType));
  const fullName = `${card.surname} ${card.name}`.trim();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    // Focusable from script only: where focus stays when a call changed the card's buttons (ADR 0015, interest-actions.tsx).
    <article aria-labelledby={`${ids}-name`} data-pid={card.pid} tabIndex={-1} className="card flex w-full min-w-0 flex-col px-4 py-4 sm:px-5">
      <div className="flex items-center justify-between gap-3">
        <p className="m-0 text-base font-bold text-maroon-800">{showProfileId ? t("common.profileIdNumber", { pid: card.pid }) : t("card.profile")}</p>
        <ProfileTypeChip profileType={card.profileType} />
      </div>

      <div className="mt-3 flex gap-3">
        <ProfilePhoto url={card.photoCardUrl ?? card.photoUrl} visible={card.photoVisible} name={fullName} className="h-40 w-32" />
        <div className="min-w-0 flex-1">
          <Heading id={`${ids}-name`} translate="no" className="m-0 break-words text-lg font-bold leading-snug text-ink">
            {card.surname} <span className="text-maroon-800">{card.name}</span>
          </Heading>
          <p className="m-0 mt-1 text-base font-semibold text-ink">{t("common.years", { age: card.age })}</p>
          <p className="m-0 mt-1 text-base leading-snug text-ink">
            <ListValue list="heights" name={card.height} />
          </p>
          <p className="m-0 mt-1 text-sm leading-snug text-ink-muted">
            <Message id="card.bornIn" values={{ place: orDash(card.birthPlace) }} components={{ 0: <span translate="no" className="text-ink" /> }} />
          </p>
        </div>
      </div>

      {/* The request or decision comes right under the photo and name, on
          every screen: it is what the card is for, and in reach without
          scrolling past the facts and details. The photo's fixed height keeps
          the buttons level across a row of cards. */}
      {actions ? <div className="mt-3 flex flex-col gap-2">{actions}</div> : null}

      <dl className="m-0 mt-3">
        <Fact label={t("card.subcaste")}>
          <ListValue list="subcastes" name={card.subcaste} />
        </Fact>
        <Fact label={t("card.religion")}>
          <ListValue list="religions" name={card.religion} />
        </Fact>
        <Fact label={t("card.star")}>
          <WithTelugu name={card.star} te={card.starTe} />
        </Fact>
        <Fact label={t("card.padham")} memberData>
          {orDash(card.padham)}
        </Fact>
        <Fact label={t("card.education")} memberData>
          {orDash(card.educationDetails)}
        </Fact>
        <Fact label={t("card.profession")} memberData>
          {orDash(card.professionDetails)}
        </Fact>
        <Fact label={t("card.marriage")}>{marriageLabel(card.marriageTurn, t)}</Fact>
      </dl>

      {/* FREE viewers get no details from the server, hence no toggle. */}
      {card.details ? (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={`${ids}-details`}
            onClick={() => setExpanded((value) => !value)}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-1 text-base font-semibold text-maroon-700 underline decoration-2 underline-offset-4 hover:text-maroon-900"
          >
            {expanded ? t("card.showLess") : t("card.showMore")}
            <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${expanded ? "rotate-180" : ""}`} fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
          <dl id={`${ids}-details`} hidden={!expanded} className="m-0 mt-1 rounded-lg bg-saffron-50 px-3 py-1">
            <Details details={card.details} astroPoints={card.astroPoints} />
          </dl>
        </div>
      ) : null}
    </article>
  );
}
