import type { ReactNode } from "react";
import type { FullProfile, Sibling } from "../../../../shared/api-types.ts";
import { PROFESSION_TYPE_NOT_WORKING } from "../../../../shared/constants.ts";
import { MARITAL_STATUSES, SIBLING_TYPES, WORKING } from "../../../../shared/schemas/sibling.ts";
import { MATCHING_POINTS_NAME } from "../../../../shared/astro/ashtakoota.ts";
import { Fact, WithTelugu, incomeLabel, marriageLabel, orDash, pointsLabel, workingInLabel } from "../../../components/profile-card/profile-values.tsx";
import { dialable, formatPhone, waMeUrl } from "../../../../shared/phone.ts";

// The sections of /full_profile (section 2), in the specification's order.

export function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
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
      Chat on WhatsApp
      <span className="sr-only">(opens WhatsApp)</span>
    </a>
  );
}

export function PersonalDetails({ profile }: { profile: FullProfile }) {
  return (
    <Section title="Personal Details">
      <dl className="m-0">
        <Fact label="Name">{orDash(profile.name)}</Fact>
        <Fact label="Surname">{orDash(profile.surName)}</Fact>
        <Fact label="Height">{orDash(profile.height)}</Fact>
        <Fact label="Complexion">{orDash(profile.color)}</Fact>
        <Fact label="Marriage">{marriageLabel(profile.marriageTurn)}</Fact>
      </dl>
    </Section>
  );
}

export function AstroDetails({ profile }: { profile: FullProfile }) {
  return (
    <Section title="Religious/Social & Astro">
      <dl className="m-0">
        <Fact label="Date of Birth">{orDash(profile.birthDate)}</Fact>
        <Fact label="Time of Birth">{orDash(profile.birthTime)}</Fact>
        <Fact label="Place of Birth">{orDash(profile.birthPlace)}</Fact>
        <Fact label="Religion">{orDash(profile.religion)}</Fact>
        <Fact label="Subcaste">{orDash(profile.subCaste)}</Fact>
        <Fact label="Star">
          <WithTelugu name={profile.star} te={profile.starTe} />
        </Fact>
        <Fact label="Raasi">
          <WithTelugu name={profile.raasi} te={profile.raasiTe} />
        </Fact>
        <Fact label="Padham">{orDash(profile.padham)}</Fact>
        {/* Section 2: matching points only when present. */}
        {profile.astroPoints !== null ? (
          <Fact label={<WithTelugu name={MATCHING_POINTS_NAME.name} te={MATCHING_POINTS_NAME.nameTe} />}>{pointsLabel(profile.astroPoints)}</Fact>
        ) : null}
      </dl>
    </Section>
  );
}

export function EducationDetails({ profile }: { profile: FullProfile }) {
  return (
    <Section title="Education">
      <dl className="m-0">
        <Fact label="Education">{orDash(profile.basicEducation)}</Fact>
        <Fact label="Qualification">{orDash(profile.education)}</Fact>
        <Fact label="Details">{orDash(profile.educationDetails)}</Fact>
      </dl>
    </Section>
  );
}

export function ProfessionalDetails({ profile }: { profile: FullProfile }) {
  // Profession type 5 (not working) has no working details (section 5).
  const working = profile.professionTypeId !== PROFESSION_TYPE_NOT_WORKING;
  return (
    <Section title="Professional">
      <dl className="m-0">
        <Fact label="Profession Type">{orDash(profile.professionType)}</Fact>
        {working ? (
          <>
            <Fact label="Details">{orDash(profile.professionDetails)}</Fact>
            <Fact label="Working In">{workingInLabel(profile.workingIn)}</Fact>
            {profile.workingIn === 2 ? (
              <>
                <Fact label="Country">{orDash(profile.workingCountry)}</Fact>
                <Fact label="City">{orDash(profile.abroadWorkingCity)}</Fact>
                <Fact label="Work Visa">{orDash(profile.workVisa)}</Fact>
              </>
            ) : (
              <Fact label="City">{orDash(profile.workingCity)}</Fact>
            )}
            <Fact label="Annual Income">{incomeLabel(profile.annualIncome, profile.workingIn)}</Fact>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

export function ParentDetails({ profile }: { profile: FullProfile }) {
  return (
    // Wide: the contact details are what the member came for, and a long address needs the room.
    <Section title="Parent Details" wide>
      <dl className="m-0 md:grid md:grid-cols-2 md:gap-x-8">
        <Fact label="Father Name">{orDash(profile.fatherName)}</Fact>
        <Fact label="Father Profession">{orDash(profile.fatherProfession)}</Fact>
        <Fact label="Mother Name">{orDash(profile.motherName)}</Fact>
        <Fact label="Mother Profession">{orDash(profile.motherProfession)}</Fact>
        <Fact label="Native District">{orDash([profile.nativeDistrict, profile.nativeState].filter(Boolean).join(", "))}</Fact>
        <Fact label="Residing Place">{orDash(profile.residingCity)}</Fact>
        <Fact label="Mobile">
          <PhoneLink phone={profile.mobileNo} />
        </Fact>
        <Fact label="Alternate Mobile">
          <PhoneLink phone={profile.alternateMobileNo} />
        </Fact>
        <Fact label="Email">
          {profile.email?.trim() ? (
            <a href={`mailto:${profile.email}`} className="inline-flex min-h-11 items-center break-all text-maroon-800 underline underline-offset-2">
              {profile.email}
            </a>
          ) : (
            "-"
          )}
        </Fact>
        <Fact label="Address">{orDash(profile.presentAddress)}</Fact>
      </dl>
    </Section>
  );
}

function siblingRow(sibling: Sibling) {
  return {
    relation: SIBLING_TYPES[sibling.type],
    married: MARITAL_STATUSES[sibling.married],
    working: WORKING[sibling.working],
  };
}

export function SiblingDetails({ profile }: { profile: FullProfile }) {
  const { siblings } = profile;
  return (
    <Section title="Sibling Details" wide>
      {siblings.length === 0 ? (
        // Section 2: "{name} has no siblings" only when the member said so (hasSiblings 2).
        <p className="m-0 py-1 text-base text-ink">{profile.hasSiblings === 2 ? `${profile.name} has no siblings` : "Sibling Data Not Available"}</p>
      ) : (
        <>
          {/* Phones: one block per sibling; a five-column table would not fit 390 px. */}
          <ul className="m-0 flex list-none flex-col gap-3 p-0 md:hidden">
            {siblings.map((sibling) => {
              const row = siblingRow(sibling);
              return (
                <li key={sibling.id} className="rounded-lg border border-line px-3 py-2">
                  <p className="m-0 font-bold text-ink">
                    {row.relation}: {sibling.name}
                  </p>
                  <p className="m-0 text-ink">
                    {row.married}, {row.working}
                  </p>
                  <p className="m-0 text-ink-muted">{orDash(sibling.workDetails)}</p>
                </li>
              );
            })}
          </ul>
          <table className="hidden w-full border-collapse text-left text-base md:table">
            <caption className="sr-only">Siblings of {profile.name}</caption>
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  Relation
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  Marital Status
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold text-ink-muted">
                  Doing Job
                </th>
                <th scope="col" className="py-2 font-semibold text-ink-muted">
                  Job / Education
                </th>
              </tr>
            </thead>
            <tbody>
              {siblings.map((sibling) => {
                const row = siblingRow(sibling);
                return (
                  <tr key={sibling.id} className="border-b border-line/70 last:border-b-0">
                    <td className="py-2 pr-3">{row.relation}</td>
                    <td className="py-2 pr-3">{sibling.name}</td>
                    <td className="py-2 pr-3">{row.married}</td>
                    <td className="py-2 pr-3">{row.working}</td>
                    <td className="py-2">{orDash(sibling.workDetails)}</td>
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
