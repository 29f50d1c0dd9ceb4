-- A member's consents name the notice they agreed to, and only that (ADR
-- 0033): agreeing is its own act, written to consent_changes as a 'notice'
-- row, and giving or withdrawing a consent no longer writes the notice in
-- force into this row. So a member can have consents and no notice agreed
-- to: both notice columns are NULL then, and Edit profile asks them.
--
-- The rows copied keep every consent and its time. The notice is taken from
-- the member's latest 'notice' row in the history: a row written by a change
-- of a consent, or by "I have read it and agree" before that was recorded,
-- named a notice the agency cannot show the member agreed to, so that member
-- is asked again.
CREATE TABLE consents_new (
  member_pid INTEGER PRIMARY KEY REFERENCES members (pid) ON DELETE CASCADE,
  notice_version TEXT,
  notice_at TEXT,
  public_list INTEGER NOT NULL DEFAULT 0 CHECK (public_list IN (0, 1)),
  public_list_at TEXT,
  promotions INTEGER NOT NULL DEFAULT 0 CHECK (promotions IN (0, 1)),
  promotions_at TEXT,
  CHECK ((notice_version IS NULL) = (notice_at IS NULL))
);

INSERT INTO consents_new (member_pid, notice_version, notice_at, public_list, public_list_at, promotions, promotions_at)
SELECT consents.member_pid, agreed.notice_version, agreed.at, consents.public_list, consents.public_list_at, consents.promotions, consents.promotions_at
FROM consents
LEFT JOIN consent_changes AS agreed ON agreed.id = (
  SELECT max(id) FROM consent_changes WHERE member_pid = consents.member_pid AND purpose = 'notice' AND granted = 1
);

DROP TABLE consents;
ALTER TABLE consents_new RENAME TO consents;
