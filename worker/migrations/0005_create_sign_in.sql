-- Server-side sessions named by the signed token, so that logout, a password
-- reset or the agency can end them.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  ended_at TEXT
) WITHOUT ROWID;
CREATE INDEX sessions_by_member ON sessions (member_pid);

-- Auto-login link tokens (design brief section 3): random, stored hashed,
-- expiring and revocable.
CREATE TABLE link_tokens (
  token_hash TEXT PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('profile', 'interest', 'whatsapp')),
  target_pid INTEGER REFERENCES members (pid) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) WITHOUT ROWID;
CREATE INDEX link_tokens_by_member ON link_tokens (member_pid);

-- Failed sign-ins per Profile ID, known or not, for back-off. Not a foreign
-- key: an unknown ID is counted like a known one, so the two answer alike.
CREATE TABLE sign_in_failures (
  pid INTEGER PRIMARY KEY,
  failures INTEGER NOT NULL DEFAULT 0,
  last_failed_at TEXT NOT NULL
);
