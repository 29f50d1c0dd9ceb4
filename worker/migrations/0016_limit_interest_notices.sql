-- Interest without WhatsApp spam (ADR 0025).
-- notified_at: when the owner was last told of this request on WhatsApp. A
-- request opened again within 7 days of it (withdrawn and re-sent) tells
-- nobody; NULL when never told (the owner had removed the sender).
ALTER TABLE interests ADD COLUMN notified_at TEXT;
-- by_agency: 1 when staff opened the request for the member
-- (admin/profile_interest); such requests are outside the member's daily cap.
ALTER TABLE interests ADD COLUMN by_agency INTEGER NOT NULL DEFAULT 0 CHECK (by_agency IN (0, 1));
-- Every request so far was announced when it was opened.
UPDATE interests SET notified_at = interested_at;
-- The daily cap counts a member's requests of the last 24 hours.
CREATE INDEX interests_from_recent ON interests (from_pid, interested_at);
