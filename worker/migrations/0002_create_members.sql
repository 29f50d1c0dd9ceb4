-- A member's profile, membership and credentials (section 3, "User record").
CREATE TABLE members (
  pid INTEGER PRIMARY KEY,
  gender TEXT NOT NULL CHECK (gender IN ('F', 'M')),
  name TEXT NOT NULL,
  surname TEXT NOT NULL,
  birth_date TEXT NOT NULL CHECK (birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  birth_time TEXT NOT NULL CHECK (birth_time GLOB '[0-9][0-9]:[0-9][0-9]'),
  birth_place TEXT NOT NULL,
  star_id INTEGER NOT NULL REFERENCES stars (id),
  padham_id INTEGER NOT NULL REFERENCES padhams (id),
  raasi_id INTEGER REFERENCES raasis (id),
  height_id INTEGER NOT NULL REFERENCES heights (id),
  subcaste_id INTEGER NOT NULL REFERENCES subcastes (id),
  religion_id INTEGER NOT NULL REFERENCES religions (id),
  marriage_turn INTEGER NOT NULL CHECK (marriage_turn IN (1, 2)),
  complexion TEXT,
  family_background_id INTEGER REFERENCES family_backgrounds (id),
  -- R2 keys: the full photo and its tiny blurred derivative (ADR 0005).
  photo_key TEXT,
  photo_blur_key TEXT,
  basic_education_id INTEGER REFERENCES basic_educations (id),
  education_id INTEGER REFERENCES qualifications (id),
  education_details TEXT NOT NULL DEFAULT '',
  profession_type_id INTEGER REFERENCES profession_types (id),
  working_in INTEGER CHECK (working_in IN (1, 2)),
  working_city_id INTEGER REFERENCES cities (id),
  income_id INTEGER REFERENCES annual_incomes (id),
  working_country_id INTEGER REFERENCES countries (id),
  abroad_working_city TEXT,
  work_visa_id INTEGER REFERENCES visas (id),
  denomination TEXT,
  profession_details TEXT NOT NULL DEFAULT '',
  father_name TEXT NOT NULL,
  father_job TEXT NOT NULL,
  mother_name TEXT NOT NULL,
  mother_job TEXT NOT NULL,
  native_country_id INTEGER NOT NULL DEFAULT 1 REFERENCES countries (id),
  native_state_id INTEGER REFERENCES states (id),
  native_district_id INTEGER REFERENCES districts (id),
  residing_city TEXT,
  mobile TEXT NOT NULL,
  alternate_mobile TEXT,
  email TEXT,
  address TEXT NOT NULL,
  -- 1 has siblings, 2 none, 0 not declared (section 3).
  has_siblings INTEGER NOT NULL DEFAULT 0 CHECK (has_siblings IN (0, 1, 2)),
  -- 2 means the photo is visible to every member (section 3, showPhoto).
  show_photo INTEGER NOT NULL DEFAULT 1 CHECK (show_photo IN (1, 2)),
  -- Where the profile may appear on public pages; NULL means nowhere.
  public_profile TEXT CHECK (public_profile IN ('PAID', 'PUBLIC', 'MEMBERS')),
  profile_type TEXT NOT NULL DEFAULT 'FREE'
    CHECK (profile_type IN ('FREE', 'MEMBER', 'DONOR', 'PREMIUM', 'LIFE')),
  -- Order of simple search: LIFE, PREMIUM, DONOR, MEMBER, FREE.
  type_rank INTEGER GENERATED ALWAYS AS (
    CASE profile_type WHEN 'LIFE' THEN 1 WHEN 'PREMIUM' THEN 2 WHEN 'DONOR' THEN 3
      WHEN 'MEMBER' THEN 4 ELSE 5 END
  ) STORED,
  profiles_count INTEGER NOT NULL DEFAULT 0 CHECK (profiles_count >= 0),
  -- Views used; the balance profiles_count - total never goes below zero.
  total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0 AND total <= profiles_count),
  last_view_date TEXT CHECK (last_view_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- Simple search: opposite gender, grouped by tier, newest first within a tier.
CREATE INDEX members_by_gender_rank ON members (gender, active, type_rank, pid DESC);
CREATE INDEX members_by_gender_pid ON members (gender, active, pid DESC);
CREATE INDEX members_by_gender_birth ON members (gender, active, birth_date);
CREATE INDEX members_by_mobile ON members (mobile);

CREATE TABLE siblings (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  sibling_type TEXT NOT NULL CHECK (sibling_type IN ('EB', 'ES', 'YB', 'YS')),
  name TEXT NOT NULL,
  married TEXT NOT NULL CHECK (married IN ('M', 'U')),
  working TEXT NOT NULL CHECK (working IN ('Y', 'N')),
  work_details TEXT NOT NULL DEFAULT ''
);
CREATE INDEX siblings_by_member ON siblings (member_pid);
