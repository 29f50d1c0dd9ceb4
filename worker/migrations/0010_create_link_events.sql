-- What happens to the WhatsApp links (issue 6): which link, which step,
-- success or failure, recorded by the Worker itself (no third-party tracker).
CREATE TABLE link_events (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  link TEXT NOT NULL CHECK (link IN ('profile', 'interest', 'whatsapp', 'new_profiles', 'request', 'public')),
  step TEXT NOT NULL CHECK (step IN ('opened', 'previewed', 'sign_in', 'interest')),
  outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
  pid INTEGER
);
CREATE INDEX link_events_by_time ON link_events (at DESC);
