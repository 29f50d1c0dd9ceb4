-- Agency staff (issue 7): accounts separate from members, with their own
-- sessions, back-off and an append-only audit log.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
  password_hash TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE staff_sessions (
  id TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  ended_at TEXT
) WITHOUT ROWID;

CREATE TABLE staff_sign_in_failures (
  username TEXT PRIMARY KEY COLLATE NOCASE,
  failures INTEGER NOT NULL DEFAULT 0,
  last_failed_at TEXT NOT NULL
) WITHOUT ROWID;

-- Who did what, when, before and after. Rows are never changed or removed.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  action TEXT NOT NULL,
  target TEXT,
  before_json TEXT,
  after_json TEXT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX audit_log_by_time ON audit_log (at DESC);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
