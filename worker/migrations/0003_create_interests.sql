-- Interest lifecycle (design brief section 3): A asks B; B approves or rejects;
-- A may withdraw (deleted_at).
CREATE TABLE interests (
  id INTEGER PRIMARY KEY,
  from_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  to_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  interested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  approved_at TEXT,
  denied_at TEXT,
  deleted_at TEXT,
  CHECK (from_pid <> to_pid),
  CHECK (approved_at IS NULL OR denied_at IS NULL),
  UNIQUE (from_pid, to_pid)
);
CREATE INDEX interests_to ON interests (to_pid, interested_at DESC);

-- A profile a member removed or hid from their own lists (requestStatus 'D').
CREATE TABLE hidden_profiles (
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  hidden_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  hidden_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (member_pid, hidden_pid)
) WITHOUT ROWID;

-- A charged full-profile view. The first view of a profile costs one from the
-- viewer's balance, exactly once: the row is inserted with
-- ON CONFLICT DO NOTHING RETURNING and the trigger charges; the CHECK on
-- members.total aborts the insert when the balance is zero.
CREATE TABLE profile_views (
  viewer_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  viewed_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  viewed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (viewer_pid, viewed_pid)
) WITHOUT ROWID;
CREATE TRIGGER profile_views_charge AFTER INSERT ON profile_views
BEGIN
  UPDATE members SET total = total + 1 WHERE pid = NEW.viewer_pid;
END;

-- Profiles suggested to a member (by the agency or from their matches).
CREATE TABLE recommendations (
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  recommended_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  source TEXT NOT NULL DEFAULT 'agency' CHECK (source IN ('agency', 'matches')),
  dismissed_at TEXT,
  CHECK (member_pid <> recommended_pid),
  PRIMARY KEY (member_pid, recommended_pid)
) WITHOUT ROWID;
