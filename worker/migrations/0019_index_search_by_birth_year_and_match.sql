-- Searches read few rows at 100,000 members (ADR 0028).
-- An age range in tier order: each birth year's members read in tier order,
-- newest first, and the years merged, instead of every member in tier order
-- checked for the range; with or without one religion.
CREATE INDEX members_by_gender_birth_year_rank ON members (gender, active, substr(birth_date, 1, 4), type_rank, pid DESC);
CREATE INDEX members_by_gender_religion_birth_year_rank ON members (gender, active, religion_id, substr(birth_date, 1, 4), type_rank, pid DESC);
-- Matching is always for the viewer's religion and marriage turn: each
-- padham's candidates read in tier order among those alone, so that only the
-- age range is checked row by row.
CREATE INDEX members_by_gender_religion_turn_padham ON members (gender, active, religion_id, marriage_turn, star_id, padham_id, type_rank, pid DESC);
