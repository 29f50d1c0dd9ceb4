-- Deleting a profile, erasure and retention (ADR 0034; DPDP Rules 2025,
-- Rule 8). A deleted profile is hidden at once (active = 0, so every search
-- index and count keeps working unchanged) and erased by the cron at
-- erase_after; a profile unused for the retention period is told 48 hours
-- before the cron erases it.

-- When the member, or staff at their request, deleted the profile.
ALTER TABLE members ADD COLUMN deleted_at TEXT;
-- When the cron erases the member: the deletion plus ERASURE_AFTER_DAYS, or
-- 48 hours after the retention notice. NULL: no erasure is due.
ALTER TABLE members ADD COLUMN erase_after TEXT;
-- The member's last sign-in (a session begun), kept by the trigger below.
ALTER TABLE members ADD COLUMN last_sign_in_at TEXT;
-- When the retention notice (data_erasure_notice) was queued; a sign-in clears it.
ALTER TABLE members ADD COLUMN erasure_notice_at TEXT;

UPDATE members SET last_sign_in_at = (SELECT max(created_at) FROM sessions WHERE member_pid = members.pid);

-- The cron reads only the erasures due and the members past the retention
-- period, not the whole table.
CREATE INDEX members_erase_due ON members (erase_after) WHERE erase_after IS NOT NULL;
CREATE INDEX members_unused_since ON members (coalesce(last_sign_in_at, created_at)) WHERE deleted_at IS NULL AND erasure_notice_at IS NULL;

-- Signing in is the member's use of the profile: it cancels a retention
-- erasure that was announced. A deleted member cannot sign in (sessions
-- need an active member), so their erasure stays.
CREATE TRIGGER members_signed_in AFTER INSERT ON sessions
BEGIN
  UPDATE members SET last_sign_in_at = NEW.created_at, erasure_notice_at = NULL, erase_after = NULL
  WHERE pid = NEW.member_pid AND deleted_at IS NULL;
END;

-- A deleted profile stays hidden until it is erased: staff cannot reactivate it.
CREATE TRIGGER members_deleted_stay_hidden BEFORE UPDATE OF active ON members
WHEN NEW.active = 1 AND NEW.deleted_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'a deleted profile cannot be reactivated');
END;

-- What is left of an erased member: the Profile ID and dates, so that the ID
-- is never issued to anyone else. No name, number or photo.
CREATE TABLE erased_members (
  pid INTEGER PRIMARY KEY,
  registered_at TEXT NOT NULL,
  -- NULL when the retention period, not the member, ended the profile.
  deleted_at TEXT,
  erased_at TEXT NOT NULL
);

-- The audit log stays append-only, but for one change an entry may undergo
-- once: erasure empties what it held of an erased member (ADR 0034) and
-- marks it reduced. Who did what to which Profile ID, and when, stays.
ALTER TABLE audit_log ADD COLUMN reduced_at TEXT;
DROP TRIGGER audit_log_no_update;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT (OLD.reduced_at IS NULL AND NEW.reduced_at IS NOT NULL AND NEW.id IS OLD.id AND NEW.staff_id IS OLD.staff_id
  AND NEW.action IS OLD.action AND NEW.target IS OLD.target AND NEW.at IS OLD.at)
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;

-- A code of its own confirms a deletion (ADR 0021's machinery).
CREATE TABLE one_time_codes_new (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('registration', 'staff_reset', 'forgot_password', 'mobile_change', 'delete_profile')),
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
INSERT INTO one_time_codes_new (id, member_pid, reason, code_hash, mobile, attempts, created_at, expires_at, closed_at)
  SELECT id, member_pid, reason, code_hash, mobile, attempts, created_at, expires_at, closed_at FROM one_time_codes;
DROP TABLE one_time_codes;
ALTER TABLE one_time_codes_new RENAME TO one_time_codes;
CREATE INDEX one_time_codes_by_member ON one_time_codes (member_pid, created_at);
CREATE INDEX one_time_codes_by_mobile ON one_time_codes (mobile, created_at);

-- Two new kinds of message: the deletion's code, and the retention notice
-- (template data_erasure_notice, ADR 0020). The rest of the table as it was.
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER REFERENCES members (pid) ON DELETE SET NULL,
  to_mobile TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (
    'registration_code', 'staff_reset_code', 'forgot_password_code', 'mobile_code', 'delete_profile_code',
    'interest_received', 'interest_approved', 'link', 'membership', 'data_erasure_notice')),
  -- The member's language: the template's language and the text's.
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'te')),
  -- The template's parameters, JSON {"body": [...], "button": "..."}; NULL
  -- once sent or expired, since they may hold a code or a sign-in token.
  params TEXT,
  -- The text: free-form inside the 24-hour window, and the click-to-chat
  -- text staff send by hand without the Cloud API.
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'delivered', 'read', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- The Cloud API's error code of the last failure (131026, 131047, ...).
  error_code INTEGER,
  provider_message_id TEXT,
  -- How the Cloud API took it: 'template', or 'text' inside the window.
  sent_as TEXT CHECK (sent_as IN ('template', 'text')),
  -- Set after 131047 (the window closed): the next attempt is the template.
  template_only INTEGER NOT NULL DEFAULT 0 CHECK (template_only IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- A code's expiry: an expired message is never sent.
  expires_at TEXT,
  sent_at TEXT,
  delivered_at TEXT,
  read_at TEXT,
  failed_at TEXT
);
INSERT INTO outbox_new (id, member_pid, to_mobile, kind, language, params, body, status, attempts, last_error, error_code,
    provider_message_id, sent_as, template_only, created_at, next_attempt_at, expires_at, sent_at, delivered_at, read_at, failed_at)
  SELECT id, member_pid, to_mobile, kind, language, params, body, status, attempts, last_error, error_code,
    provider_message_id, sent_as, template_only, created_at, next_attempt_at, expires_at, sent_at, delivered_at, read_at, failed_at
  FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_member ON outbox (member_pid, created_at DESC);
CREATE UNIQUE INDEX outbox_by_wamid ON outbox (provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX outbox_codes_by_expiry ON outbox (expires_at) WHERE params IS NOT NULL;
CREATE INDEX outbox_secrets_by_age ON outbox (created_at) WHERE params IS NOT NULL;
CREATE INDEX outbox_not_yet_held ON outbox (id) WHERE status = 'pending' AND attempts = 0 AND last_error IS NULL;
-- Erasure finds a member's messages by number too (a number changed since).
CREATE INDEX outbox_by_mobile ON outbox (to_mobile);

-- Erasing a member deletes their rows in the tables that point at members
-- (and SQLite checks each foreign key on the way): the columns that had no
-- index are read through one, not scanned whole.
CREATE INDEX link_tokens_by_target ON link_tokens (target_pid) WHERE target_pid IS NOT NULL;
CREATE INDEX profile_views_by_viewed ON profile_views (viewed_pid);
CREATE INDEX hidden_profiles_by_hidden ON hidden_profiles (hidden_pid);
CREATE INDEX recommendations_by_recommended ON recommendations (recommended_pid);
CREATE INDEX public_list_profiles_by_pid ON public_list_profiles (pid);
CREATE INDEX link_events_by_pid ON link_events (pid) WHERE pid IS NOT NULL;
