// Reads the reference lists' ids (and the few columns the generator needs)
// from the database the seeder writes to.
import type { SeedDatabase } from "./seed-bindings.ts";
import type { HeightItem, ListItem, PlaceItem, QualificationItem, ReferenceLists } from "./reference-lists.ts";

async function rows<T>(db: SeedDatabase, sql: string): Promise<T[]> {
  const result = await db.prepare(sql).all<T>();
  return result.results;
}

function plain(db: SeedDatabase, table: string): Promise<ListItem[]> {
  return rows<ListItem>(db, `SELECT id, name FROM ${table} ORDER BY id`);
}

export async function loadReferenceLists(db: SeedDatabase): Promise<ReferenceLists> {
  const [stars, padhams, raasis, heights, subcastes, religions, basicEducations, qualifications] = await Promise.all([
    plain(db, "stars"),
    plain(db, "padhams"),
    plain(db, "raasis"),
    rows<HeightItem>(db, "SELECT id, name, cm FROM heights ORDER BY id"),
    plain(db, "subcastes"),
    plain(db, "religions"),
    plain(db, "basic_educations"),
    rows<QualificationItem>(db, "SELECT id, name, basic_education_id AS basicEducationId FROM qualifications ORDER BY id"),
  ]);
  const [professionTypes, countries, states, districts, cities, visas, annualIncomes, familyBackgrounds] = await Promise.all([
    plain(db, "profession_types"),
    plain(db, "countries"),
    plain(db, "states"),
    rows<PlaceItem>(db, "SELECT id, name, state_id AS stateId FROM districts ORDER BY id"),
    rows<PlaceItem>(db, "SELECT id, name, state_id AS stateId FROM cities ORDER BY id"),
    plain(db, "visas"),
    plain(db, "annual_incomes"),
    plain(db, "family_backgrounds"),
  ]);
  return {
    stars,
    padhams,
    raasis,
    heights,
    subcastes,
    religions,
    basicEducations,
    qualifications,
    professionTypes,
    countries,
    states,
    districts,
    cities,
    visas,
    annualIncomes,
    familyBackgrounds,
  };
}
