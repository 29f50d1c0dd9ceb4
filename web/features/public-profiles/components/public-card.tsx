import { useId } from "react";
import type { PublicCard as CardData } from "#shared/api-types.ts";
import type { MessageId } from "#shared/i18n/en.ts";
import { ListValue } from "#web/components/lookup-name.tsx";
import { ProfilePhoto } from "#web/components/profile-card/profile-photo.tsx";
import { Fact, WithTelugu, orDash } from "#web/components/profile-card/profile-values.tsx";
import { displayTime } from "#web/components/profile-fields/record-values.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { PhoneButton } from "./phone-button.tsx";

// A card of the public page (§ "2. Screens and routes", "/link"): photo, surname, name, age,
// birth data, height, caste, religion, star, padham, education, profession
// and parents; income with " LPA" when present and "Marriage Turn: Second"
// for a second marriage; the label of who may see the phone, and its button.

const LABEL_CLASS: Record<CardData["publicProfile"], string> = {
  PAID: "border-maroon-700 bg-maroon-700 text-white",
  PUBLIC: "border-green-800 bg-green-50 text-green-900",
  MEMBERS: "border-saffron-500 bg-saffron-100 text-saffron-900",
};

/** Who may see the phone (§ "2. Screens and routes"), as the label says it. */
const LABEL_TEXT: Record<CardData["publicProfile"], MessageId> = {
  PAID: "public.labelPaid",
  PUBLIC: "public.labelPublic",
  MEMBERS: "public.labelMembers",
};

function Parent({ name, profession }: { name: string; profession: string }) {
  return (
    <>
      {orDash(name)}
      {profession.trim() ? <span className="text-ink-muted">, {profession}</span> : null}
    </>
  );
}

export function PublicCard({ card, signedIn }: { card: CardData; signedIn: boolean }) {
  const t = useT();
  const ids = useId();
  const fullName = `${card.surname} ${card.name}`.trim();
  return (
    <article aria-labelledby={`${ids}-name`} data-pid={card.pid} className="card flex min-w-0 flex-col px-4 py-4 sm:px-6 sm:py-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="m-0 text-base font-bold text-maroon-800">{t("public.profileId", { pid: card.pid })}</p>
        <span data-testid="public-label" className={`inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-bold ${LABEL_CLASS[card.publicProfile]}`}>
          {t(LABEL_TEXT[card.publicProfile])}
        </span>
      </div>

      <div className="mt-3 flex gap-3 sm:gap-5">
        <ProfilePhoto
          url={card.photoCardUrl ?? card.photoUrl}
          visible={card.photoVisible}
          name={fullName}
          // A visitor has no request to approve: the photo is for members, once its owner approves theirs.
          hiddenCaption={t("public.photoHidden")}
          className="h-40 w-32 sm:h-48 sm:w-38"
        />
        <div className="min-w-0 flex-1">
          <h2 id={`${ids}-name`} translate="no" className="m-0 break-words text-xl font-bold leading-snug text-ink">
            {card.surname} <span className="text-maroon-800">{card.name}</span>
          </h2>
          <p className="m-0 mt-1 text-base font-semibold text-ink">{t("public.age", { age: card.age })}</p>
          <p className="m-0 mt-1 text-base leading-snug text-ink">
            <ListValue list="heights" name={card.height} />
          </p>
          {card.marriageTurn === 2 ? (
            <p className="m-0 mt-2 inline-block rounded-md bg-maroon-50 px-2 py-0.5 text-sm font-semibold text-maroon-900">{t("public.secondMarriage")}</p>
          ) : null}
        </div>
      </div>

      <dl className="m-0 mt-3 grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <Fact label={t("public.dob")}>{orDash(card.birthDate)}</Fact>
        <Fact label={t("public.tob")}>{orDash(displayTime(card.birthTime))}</Fact>
        <Fact label={t("public.pob")} memberData>
          {orDash(card.birthPlace)}
        </Fact>
        <Fact label={t("public.caste")}>
          <ListValue list="subcastes" name={card.caste} />
        </Fact>
        <Fact label={t("public.religion")}>
          <ListValue list="religions" name={card.religion} />
        </Fact>
        <Fact label={t("public.star")}>
          <WithTelugu name={card.star} te={card.starTe} />
        </Fact>
        <Fact label={t("public.padham")}>{orDash(card.padham)}</Fact>
        <Fact label={t("public.education")} memberData>
          {orDash(card.education)}
        </Fact>
        <Fact label={t("public.profession")} memberData>
          {orDash(card.profession)}
        </Fact>
        {card.annualIncome ? <Fact label={t("public.income")}>{t("public.incomeValue", { income: card.annualIncome })}</Fact> : null}
        <Fact label={t("public.father")} memberData>
          <Parent name={card.fatherName} profession={card.fatherProfession} />
        </Fact>
        <Fact label={t("public.mother")} memberData>
          <Parent name={card.motherName} profession={card.motherProfession} />
        </Fact>
      </dl>

      <div className="mt-auto flex flex-col gap-2 pt-4">
        <PhoneButton card={card} signedIn={signedIn} />
      </div>
    </article>
  );
}
