-- Consent, the log of staff access to personal data, and members' data
-- requests (DPDP Rules 2025, ADR 0033).

-- A member's choices as they stand: the notice they last agreed to and the
-- two optional consents, each with the time it last changed. A member
-- without a row (everyone registered before this migration) has agreed to
-- no notice and consented to nothing: they are off /link and get no
-- promotional messages until they say yes.
CREATE TABLE consents (
  member_pid INTEGER PRIMARY KEY REFERENCES members (pid) ON DELETE CASCADE,
  notice_version TEXT NOT NULL,
  notice_at TEXT NOT NULL,
  public_list INTEGER NOT NULL DEFAULT 0 CHECK (public_list IN (0, 1)),
  public_list_at TEXT,
  promotions INTEGER NOT NULL DEFAULT 0 CHECK (promotions IN (0, 1)),
  promotions_at TEXT
);

-- Every choice ever made, given or withdrawn, with the notice in force: the
-- record the agency shows when asked whether a member consented (never
-- changed, deleted only with the member's profile).
CREATE TABLE consent_changes (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('notice', 'public_list', 'promotions')),
  granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
  notice_version TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('registration', 'member')),
  at TEXT NOT NULL
);
CREATE INDEX consent_changes_by_member ON consent_changes (member_pid, id);

-- Staff reading personal data: opening a member's record, reading a message
-- body. Kept 400 days (at least the year the Rules ask), then pruned by the
-- cron; the pid stays a plain number so that the entry outlives the profile.
CREATE TABLE access_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  pid INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('open_member', 'read_message'))
);
CREATE INDEX access_log_by_time ON access_log (at);
CREATE INDEX access_log_by_member ON access_log (pid, id);

-- Correction, erasure and grievance requests, from members in the app or
-- recorded by staff from a call; due_on is when the answer is owed.
CREATE TABLE data_requests (
  id INTEGER PRIMARY KEY,
  -- NULL when someone without a profile (or who does not know its ID) asked.
  pid INTEGER REFERENCES members (pid) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('correction', 'erasure', 'grievance')),
  details TEXT NOT NULL,
  received_at TEXT NOT NULL,
  due_on TEXT NOT NULL CHECK (due_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  -- The staff member who recorded it; NULL when the member filed it.
  recorded_by INTEGER REFERENCES staff (id),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_at TEXT,
  closed_by INTEGER REFERENCES staff (id),
  outcome TEXT,
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX data_requests_by_status ON data_requests (status, due_on, id);
CREATE INDEX data_requests_by_member ON data_requests (pid);

-- The cron prunes bookkeeping past its purpose (ADR 0033): these make each
-- run read only the rows it deletes.
CREATE INDEX link_tokens_by_expiry ON link_tokens (expires_at);
CREATE INDEX sign_in_failures_by_retry ON sign_in_failures (retry_at);
CREATE INDEX staff_sign_in_failures_by_retry ON staff_sign_in_failures (retry_at);
