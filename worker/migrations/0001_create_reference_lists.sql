-- Reference lists (section 3, "Lookup lists"). Every list has id and name; the
-- Telugu name is shown beside the English one where families expect it.
CREATE TABLE stars (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE padhams (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE raasis (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE heights (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT, cm INTEGER NOT NULL CHECK (cm BETWEEN 100 AND 250));
CREATE TABLE subcastes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE religions (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE basic_educations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE qualifications (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT,
  basic_education_id INTEGER REFERENCES basic_educations (id)
);
CREATE TABLE profession_types (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE countries (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE states (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT,
  country_id INTEGER NOT NULL DEFAULT 1 REFERENCES countries (id)
);
CREATE TABLE districts (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT,
  state_id INTEGER NOT NULL REFERENCES states (id)
);
CREATE INDEX districts_by_state ON districts (state_id, name);
CREATE TABLE cities (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT,
  state_id INTEGER REFERENCES states (id)
);
CREATE TABLE visas (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE annual_incomes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
CREATE TABLE family_backgrounds (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_te TEXT);
