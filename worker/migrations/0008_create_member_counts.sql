-- Active members per gender, kept by triggers, so that simple search knows
-- its page count (for wraparound) without counting the members table on
-- every request.
CREATE TABLE member_counts (
  gender TEXT PRIMARY KEY CHECK (gender IN ('F', 'M')),
  active_members INTEGER NOT NULL DEFAULT 0 CHECK (active_members >= 0)
) WITHOUT ROWID;
INSERT INTO member_counts (gender, active_members)
  SELECT 'F', (SELECT count(*) FROM members WHERE gender = 'F' AND active = 1)
  UNION ALL SELECT 'M', (SELECT count(*) FROM members WHERE gender = 'M' AND active = 1);

CREATE TRIGGER member_counts_insert AFTER INSERT ON members WHEN NEW.active = 1
BEGIN
  UPDATE member_counts SET active_members = active_members + 1 WHERE gender = NEW.gender;
END;
CREATE TRIGGER member_counts_delete AFTER DELETE ON members WHEN OLD.active = 1
BEGIN
  UPDATE member_counts SET active_members = active_members - 1 WHERE gender = OLD.gender;
END;
CREATE TRIGGER member_counts_update AFTER UPDATE OF active, gender ON members
BEGIN
  UPDATE member_counts SET active_members = active_members - OLD.active WHERE gender = OLD.gender;
  UPDATE member_counts SET active_members = active_members + NEW.active WHERE gender = NEW.gender;
END;
