-- One-time codes sent on WhatsApp (ADR 0021): with one, a member sets a
-- password of their own (after registering, after a staff reset, or after
-- "Forgot password?") or confirms a new WhatsApp number. Only a keyed hash
-- of the code is stored.
CREATE TABLE one_time_codes (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('registration', 'staff_reset', 'forgot_password', 'mobile_change')),
  -- 'salt$hash': HMAC-SHA256 under the pepper secret.
  code_hash TEXT NOT NULL,
  -- Where the code went: the member's number, or the new one to confirm.
  mobile TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  -- Used, or replaced by a newer code: it opens nothing any more.
  closed_at TEXT
);
CREATE INDEX one_time_codes_by_member ON one_time_codes (member_pid, created_at);
CREATE INDEX one_time_codes_by_mobile ON one_time_codes (mobile, created_at);

-- The language of a member's messages and screens: English by default.
ALTER TABLE members ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'te'));
