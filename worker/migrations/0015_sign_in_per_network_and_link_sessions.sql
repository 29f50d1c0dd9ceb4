-- Sign-in back-off per account and client network, and sessions that know
-- the link that opened them (ADR 0024).

-- Password attempts per Profile ID (known or not) and client network (an
-- IPv4 address or an IPv6 /64), plus one row per Profile ID with network
-- '*' that counts every network together. An attempt is counted before the
-- password is checked, and only while neither row is backing off; a right
-- password forgives its own network's failures, a new password deletes
-- the ID's rows. The earlier counts per ID are dropped: they
-- only slow down tries that start again from zero.
DROP TABLE sign_in_failures;
CREATE TABLE sign_in_failures (
  pid INTEGER NOT NULL,
  network TEXT NOT NULL,
  failures INTEGER NOT NULL,
  -- No attempt is counted (or checked) before this time.
  retry_at TEXT NOT NULL,
  PRIMARY KEY (pid, network)
) WITHOUT ROWID;

-- The same for staff usernames.
DROP TABLE staff_sign_in_failures;
CREATE TABLE staff_sign_in_failures (
  username TEXT NOT NULL COLLATE NOCASE,
  network TEXT NOT NULL,
  failures INTEGER NOT NULL,
  retry_at TEXT NOT NULL,
  PRIMARY KEY (username, network)
) WITHOUT ROWID;

-- A link signs in once, and again only within minutes of its first use.
ALTER TABLE link_tokens ADD COLUMN used_at TEXT;
-- Links issued before this live no longer than new ones: profile links 14
-- days from their issue, interest and WhatsApp links 7.
UPDATE link_tokens
SET expires_at = min(expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', created_at, CASE kind WHEN 'profile' THEN '+14 days' ELSE '+7 days' END));
-- The staff member who issued the link in the console; NULL for the links
-- the product's own messages carry.
ALTER TABLE link_tokens ADD COLUMN issued_by INTEGER REFERENCES staff (id) ON DELETE SET NULL;

-- How the session began, for the member's "Where you are signed in"; NULL
-- for sessions begun before this was recorded.
ALTER TABLE sessions ADD COLUMN method TEXT CHECK (method IN ('password', 'code', 'link', 'agency_link'));
-- The link that opened the session: revoking the link ends it.
ALTER TABLE sessions ADD COLUMN link_token_hash TEXT REFERENCES link_tokens (token_hash) ON DELETE SET NULL;
CREATE INDEX sessions_by_link ON sessions (link_token_hash) WHERE link_token_hash IS NOT NULL;
