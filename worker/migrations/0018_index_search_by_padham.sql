-- Searches read few rows at 100,000 members (ADR 0028). Points-sorted
-- searches visit the other gender's padhams in the viewer's score order and
-- read each padham's members in tier order, newest first; a search for one
-- religion reads its members in tier order without passing over the others.
CREATE INDEX members_by_gender_padham ON members (gender, active, star_id, padham_id, type_rank, pid DESC);
CREATE INDEX members_by_gender_religion_rank ON members (gender, active, religion_id, type_rank, pid DESC);
