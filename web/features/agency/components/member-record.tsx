import type { ReactNode } from "react";
import type { LookupItem, UserRecord } from "#shared/api-types.ts";
import { Fact, WithTelugu, incomeLabel, marriageLabel, orDash, workingInLabel } from "#web/components/profile-card/profile-values.tsx";
import { displayTime } from "#web/components/profile-fields/record-values.ts";
import { useReferenceList, type ReferenceListName } from "#web/lib/reference-lists.ts";
import { Panel } from "./panel.tsx";

// The member's record as staff read it on the phone with a family: the
// reference lists turn stored ids into names (stars and raasis with their
// Telugu names).

function useLookup(list: ReferenceListName, stateId?: number) {
  const items = useReferenceList(list, { stateId, enabled: list !== "districts" || stateId !== undefined }).data;
  return (id: number | null | undefined): LookupItem | undefined => (id === null || id === undefined ? undefined : items?.find((item) => item.id === id));
}

function Named({ item, id }: { item: LookupItem | undefined; id: number | null }) {
  if (id === null) return <>-</>;
  // While a list loads (or if it lacks the id) the stored number still says something.
  return item ? <WithTelugu name={item.name} te={item.nameTe ?? null} /> : <>#{id}</>;
}

export function MemberRecord({ record, actions }: { record: UserRecord; actions?: ReactNode }) {
  const star = useLookup("stars");
  const padham = useLookup("padhams");
  const raasi = useLookup("raasis");
  const height = useLookup("heights");
  const subCaste = useLookup("subcastes");
  const religion = useLookup("religions");
  const basicEducation = useLookup("basic_education");
  const qualification = useLookup("qualifications");
  const professionType = useLookup("profession_types");
  const city = useLookup("cities");
  const income = useLookup("annual_income");
  const country = useLookup("countries");
  const visa = useLookup("visa");
  const state = useLookup("states");
  const district = useLookup("districts", record.nativeState ?? undefined);

  return (
    <Panel title="Record" actions={actions}>
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <dl className="m-0">
          <Fact label="Birth date">{orDash(record.birthDate)}</Fact>
          <Fact label="Birth time">{orDash(displayTime(record.birthTime))}</Fact>
          <Fact label="Birth place">{orDash(record.birthPlace)}</Fact>
          <Fact label="Star">
            <Named item={star(record.star)} id={record.star} />
          </Fact>
          <Fact label="Padham">
            <Named item={padham(record.padham)} id={record.padham} />
          </Fact>
          <Fact label="Raasi">
            <Named item={raasi(record.raasi)} id={record.raasi} />
          </Fact>
          <Fact label="Height">
            <Named item={height(record.height)} id={record.height} />
          </Fact>
          <Fact label="Caste">
            <Named item={subCaste(record.subCaste)} id={record.subCaste} />
          </Fact>
          <Fact label="Religion">
            <Named item={religion(record.religion)} id={record.religion} />
          </Fact>
          <Fact label="Marriage">{marriageLabel(record.marriageTurn)}</Fact>
          <Fact label="Education">
            <Named item={basicEducation(record.basicEducation)} id={record.basicEducation} />
            {record.education !== null ? (
              <>
                {", "}
                <Named item={qualification(record.education)} id={record.education} />
              </>
            ) : null}
          </Fact>
          <Fact label="Education details">{orDash(record.educationDetails)}</Fact>
          <Fact label="Profession">
            <Named item={professionType(record.professionType)} id={record.professionType} />
          </Fact>
          <Fact label="Profession details">{orDash(record.professionDetails)}</Fact>
        </dl>
        <dl className="m-0">
          <Fact label="Working in">{workingInLabel(record.workingIn)}</Fact>
          {record.workingIn === 2 ? (
            <>
              <Fact label="Country">
                <Named item={country(record.workingCountry)} id={record.workingCountry} />
              </Fact>
              <Fact label="City abroad">{orDash(record.abroadWorkingCity)}</Fact>
              <Fact label="Visa">
                <Named item={visa(record.workVisa)} id={record.workVisa} />
              </Fact>
            </>
          ) : (
            <Fact label="Working city">
              <Named item={city(record.workingCity)} id={record.workingCity} />
            </Fact>
          )}
          <Fact label="Income">{incomeLabel(income(record.incomePerYear)?.name ?? null, record.workingIn)}</Fact>
          <Fact label="Father">
            {orDash(record.fatherName)} ({orDash(record.fatherProfession)})
          </Fact>
          <Fact label="Mother">
            {orDash(record.motherName)} ({orDash(record.motherProfession)})
          </Fact>
          <Fact label="Native district">
            <Named item={district(record.nativeDistrict)} id={record.nativeDistrict} />
          </Fact>
          <Fact label="Native state">
            <Named item={state(record.nativeState)} id={record.nativeState} />
          </Fact>
          <Fact label="Native country">
            <Named item={country(record.nativeCountry)} id={record.nativeCountry} />
          </Fact>
          <Fact label="Residing city">{orDash(record.residingCity)}</Fact>
          <Fact label="Mobile">{orDash(record.mobileNo)}</Fact>
          <Fact label="Other mobile">{orDash(record.alternateMobileNo)}</Fact>
          <Fact label="Email">{orDash(record.email)}</Fact>
          <Fact label="Address">{orDash(record.presentAddress)}</Fact>
          <Fact label="Siblings">{record.hasSiblings === 1 ? "Yes" : record.hasSiblings === 2 ? "None" : "Not declared"}</Fact>
        </dl>
      </div>
    </Panel>
  );
}
