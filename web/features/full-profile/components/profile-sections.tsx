import type { ReactNode } from "react";
import type { FullProfile, Sibling } from "#shared/api-types.ts";
import { PROFESSION_TYPE_NOT_WORKING } from "#shared/constants.ts";
import { MATCHING_POINTS_NAME } from "#shared/astro/ashtakoota.ts";
import { Fact, WithTelugu, orDash, pointsLabel } from "#web/components/profile-card/profile-values.tsx";
import { dialable, formatPhone, waMeUrl } from "#shared/phone.ts";
import { ListValue, LookupName } from "#web/components/lookup-name.tsx";
import { displayTime } from "#web/components/profile-fields/record-values.ts";
import { MARITAL_STATUS_LABELS, SIBLING_TYPE_LABELS, WORKING_LABELS } from "#web/components/profile-fields/sibling-labels.ts";
import { Message, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";

// The sections of /full_profile (§ "2. Screens and routes"), in the specification's order.
// What the member wrote (names, places, education) is marked translate="no":
// it stays as written in either language; a value from a reference list shows
// the list's Telugu name in Telugu mode (ListValue, ADR 0040).

/** `name` keeps the heading's id the same in both languages. */
export function Section({ name, title, children, wide = false }: { name: string; title: string; children: ReactNode; wide?: boolean }) {
  const id = `section-${name}`;
  return (
    <section aria-labelledby={id} className={`card min-w-0 px-4 py-4 sm:px-5 ${wide ? "md:col-span-2" : ""}`}>
      <h2 id={id} className="m-0 mb-2 border-b-2 border-saffron-300 pb-2 text-lg font-bold text-maroon-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone?.trim()) return <>-</>;
  return (
    // 44 px high: a finger, not a mouse, taps it.
    <a href={`tel:${dialable(phone)}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
      {formatPhone(phone)}
    </a>
  );
}

/** WhatsApp click-to-chat (wa.me takes the number with its country code, without +). */
export function WhatsappLink({ phone }: { phone: string }) {
  const t = useT();
  if (!dialable(phone).replace(/^\+/, "")) return null;
  return (
    <a
      href={waMeUrl(phone)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-green-700 bg-white px-4 py-2 text-base font-semibold text-green-800 no-underline hover:bg-green-50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z" />
      </svg>
      {t("fullProfile.whatsapp")}
      <span className="sr-only">{t("fullProfile.opensWhatsapp")}</span>
    </a>
  );
}

/** Member data as written: never translated, so Telugu mode leaves it as it is. */
function AsWritten({ value }: { value: string | number | null | undefined }) {
  return <span translate="no">{orDash(value)}</span>;
}

/** "District, State" (either may be missing), each in the reader's language where its list has it. */
function NativePlace({ district, state }: { district: string | null; state: string | null }) {
  if (!district && !state) return <>-</>;
  return (
    <>
      {district ? <ListValue list="districts" name={district} /> : null}
      {district && state ? ", " : null}
      {state ? <ListValue list="states" name={state} /> : null}
    </>
  );
}

export function PersonalDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  return (
    <Section name="personal-details" title={t("fullProfile.section.personal")}>
      <dl className="m-0">
        <Fact label={t("fullProfile.name")}>
          <AsWritten value={profile.name} />
        </Fact>
        <Fact label={t("fullProfile.surname")}>
          <AsWritten value={profile.surName} />
        </Fact>
        <Fact label={t("fullProfile.height")}>
          <ListValue list="heights" name={profile.height} />
        </Fact>
        <Fact label={t("fullProfile.complexion")}>
          <AsWritten value={profile.color} />
        </Fact>
        <Fact label={t("fullProfile.marriage")}>{t(profile.marriageTurn === 2 ? "fullProfile.marriage.second" : "fullProfile.marriage.first")}</Fact>
      </dl>
    </Section>
  );
}

export function AstroDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Section name="religious-social-astro" title={t("fullProfile.section.astro")}>
      <dl className="m-0">
        <Fact label={t("fullProfile.birthDate")}>
          <AsWritten value={profile.birthDate} />
        </Fact>
        <Fact label={t("fullProfile.birthTime")}>
          <AsWritten value={displayTime(profile.birthTime)} />
        </Fact>
        <Fact label={t("fullProfile.birthPlace")}>
          <AsWritten value={profile.birthPlace} />
        </Fact>
        <Fact label={t("fullProfile.religion")}>
          <ListValue list="religions" name={profile.religion} />
        </Fact>
        <Fact label={t("fullProfile.subcaste")}>
          <ListValue list="subcastes" name={profile.subCaste} />
        </Fact>
        <Fact label={t("fullProfile.star")}>
          <LookupName name={profile.star} te={profile.starTe} />
        </Fact>
        <Fact label={t("fullProfile.raasi")}>
          <LookupName name={profile.raasi} te={profile.raasiTe} />
        </Fact>
        <Fact label={t("fullProfile.padham")}>
          <AsWritten value={profile.padham} />
        </Fact>
        {/* § "2. Screens and routes": matching points only when present. */}
        {profile.astroPoints !== null ? (
          <Fact label={language === "te" ? MATCHING_POINTS_NAME.nameTe : <WithTelugu name={MATCHING_POINTS_NAME.name} te={MATCHING_POINTS_NAME.nameTe} />}>
            {pointsLabel(profile.astroPoints)}
          </Fact>
        ) : null}
      </dl>
    </Section>
  );
}

export function EducationDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  return (
    <Section name="education" title={t("fullProfile.section.education")}>
      <dl className="m-0">
        <Fact label={t("fullProfile.education")}>
          <ListValue list="basic_education" name={profile.basicEducation} />
        </Fact>
        <Fact label={t("fullProfile.qualification")}>
          <ListValue list="qualifications" name={profile.education} />
        </Fact>
        <Fact label={t("fullProfile.details")}>
          <AsWritten value={profile.educationDetails} />
        </Fact>
      </dl>
    </Section>
  );
}

function workingInText(workingIn: 1 | 2 | null): MessageId | null {
  return workingIn === 1 ? "fullProfile.workingIn.india" : workingIn === 2 ? "fullProfile.workingIn.abroad" : null;
}

export function ProfessionalDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  // Profession type 5 (not working) has no working details (§ "5. Validation rules").
  const working = profile.professionTypeId !== PROFESSION_TYPE_NOT_WORKING;
  const workingIn = workingInText(profile.workingIn);
  // Income names are ranges in lakhs ("10 - 15"); in India they read as "10 - 15 Lakhs Per Annum" (§ "2. Screens and routes").
  const income = profile.annualIncome && profile.workingIn === 1 ? t("fullProfile.incomeInIndia", { income: profile.annualIncome }) : orDash(profile.annualIncome);
  return (
    <Section name="professional" title={t("fullProfile.section.professional")}>
      <dl className="m-0">
        <Fact label={t("fullProfile.professionType")}>
          <ListValue list="profession_types" name={profile.professionType} />
        </Fact>
        {working ? (
          <>
            <Fact label={t("fullProfile.details")}>
              <AsWritten value={profile.professionDetails} />
            </Fact>
            <Fact label={t("fullProfile.workingIn")}>{workingIn ? t(workingIn) : "-"}</Fact>
            {profile.workingIn === 2 ? (
              <>
                <Fact label={t("fullProfile.country")}>
                  <ListValue list="countries" name={profile.workingCountry} />
                </Fact>
                <Fact label={t("fullProfile.city")}>
                  <AsWritten value={profile.abroadWorkingCity} />
                </Fact>
                <Fact label={t("fullProfile.workVisa")}>
                  <ListValue list="visa" name={profile.workVisa} />
                </Fact>
              </>
            ) : (
              <Fact label={t("fullProfile.city")}>
                <ListValue list="cities" name={profile.workingCity} />
              </Fact>
            )}
            <Fact label={t("fullProfile.annualIncome")}>{income}</Fact>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

export function ParentDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  return (
    // Wide: the contact details are what the member came for, and a long address needs the room.
    <Section name="parent-details" title={t("fullProfile.section.parents")} wide>
      <dl className="m-0 md:grid md:grid-cols-2 md:gap-x-8">
        <Fact label={t("fullProfile.fatherName")}>
          <AsWritten value={profile.fatherName} />
        </Fact>
        <Fact label={t("fullProfile.fatherProfession")}>
          <AsWritten value={profile.fatherProfession} />
        </Fact>
        <Fact label={t("fullProfile.motherName")}>
          <AsWritten value={profile.motherName} />
        </Fact>
        <Fact label={t("fullProfile.motherProfession")}>
          <AsWritten value={profile.motherProfession} />
        </Fact>
        <Fact label={t("fullProfile.nativeDistrict")}>
          <NativePlace district={profile.nativeDistrict} state={profile.nativeState} />
        </Fact>
        <Fact label={t("fullProfile.residingPlace")}>
          <AsWritten value={profile.residingCity} />
        </Fact>
        <Fact label={t("fullProfile.mobile")}>
          <PhoneLink phone={profile.mobileNo} />
        </Fact>
        <Fact label={t("fullProfile.alternateMobile")}>
          <PhoneLink phone={profile.alternateMobileNo} />
        </Fact>
        <Fact label={t("fullProfile.email")}>
          {profile.email?.trim() ? (
            <a href={`mailto:${profile.email}`} translate="no" className="inline-flex min-h-11 items-center break-all text-maroon-800 underline underline-offset-2">
              {profile.email}
            </a>
          ) : (
            "-"
          )}
        </Fact>
        <Fact label={t("fullProfile.address")}>
          <AsWritten value={profile.presentAddress} />
        </Fact>
      </dl>
    </Section>
  );
}

/** A sibling's relation, marriage and work in the reader's language, as the edit profile's sibling tab names them. */
function siblingWords(sibling: Pick<Sibling, "type" | "married" | "working">, t: (id: MessageId) => string) {
  return {
    relation: t(SIBLING_TYPE_LABELS[sibling.type]),
    married: t(MARITAL_STATUS_LABELS[sibling.married]),
    working: t(WORKING_LABELS[sibling.working]),
  };
}

export function SiblingDetails({ profile }: { profile: FullProfile }) {
  const t = useT();
  const { siblings } = profile;
  const name = <span translate="no" />;
  return (
    <Section name="sibling-details" title={t("fullProfile.section.siblings")} wide>
      {siblings.length === 0 ? (
        // § "2. Screens and routes": "{name} has no siblings" only when the member said so (hasSiblings 2).
        <p className="m-0 py-1 text-base text-ink">
          {profile.hasSiblings === 2 ? <Message id="fullProfile.noSiblings" values={{ name: profile.name }} components={{ 0: name }} /> : t("fullProfile.siblingsUnknown")}
        </p>
      ) : (
        <>
          {/* Phones: one block per sibling; a five-column table would not fit 390 px. */}
          <ul className="m-0 flex list-none flex-col gap-3 p-0 md:hidden">
            {siblings.map((sibling) => {
              const row = siblingWords(sibling, t);
              return (
                <li key={sibling.id} className="rounded-lg border border-line px-3 py-2">
                  <p className="m-0 font-bold text-ink">
                    {row.relation}: <span translate="no">{sibling.name}</span>
                  </p>
                  <p className="m-0 text-ink">
                    {row.married}, {row.working}
                  </p>
                  <p className="m-0 text-ink-muted">
                    <AsWritten value={sibling.workDetails} />
                  </p>
                </li>
              );
            })}
          </ul>
          <table className="hidden w-full border-collapse text-left text-base md:table">
            <caption className="sr-only">
              <Message id="fullProfile.siblingsCaption" values={{ name: profile.name }} components={{ 0: name }} />
            </caption>
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  {t("fullProfile.sibling.relation")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  {t("fullProfile.sibling.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  {t("fullProfile.sibling.maritalStatus")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  {t("fullProfile.sibling.doingJob")}
                </th>
                <th scope="col" className="py-2 font-semibold text-ink-muted">
                  {t("fullProfile.sibling.jobOrEducation")}
                </th>
              </tr>
            </thead>
            <tbody>
              {siblings.map((sibling) => {
                const row = siblingWords(sibling, t);
                return (
                  <tr key={sibling.id} className="border-b border-line/70 last:border-b-0">
                    <td className="py-2 pr-3">{row.relation}</td>
                    <td className="py-2 pr-3" translate="no">
                      {sibling.name}
                    </td>
                    <td className="py-2 pr-3">{row.married}</td>
                    <td className="py-2 pr-3">{row.working}</td>
                    <td className="py-2">
                      <AsWritten value={sibling.workDetails} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </Section>
  );
}
