-- The outbox as the WhatsApp Business Platform needs it (ADR 0020): every
-- message the business starts goes as an approved template, so a row keeps
-- the template's parameters and language beside the text; delivery receipts
-- from the webhook move it on from sent to delivered and read. Passwords no
-- longer travel on WhatsApp: members set their own with a one-time code.
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER REFERENCES members (pid) ON DELETE SET NULL,
  to_mobile TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (
    'registration_code', 'staff_reset_code', 'forgot_password_code', 'mobile_code',
    'interest_received', 'interest_approved', 'link', 'membership')),
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

-- Earlier password messages: their passwords are not sent any more.
INSERT INTO outbox_new (id, member_pid, to_mobile, kind, body, status, attempts, last_error, provider_message_id,
    created_at, next_attempt_at, sent_at, failed_at)
  SELECT id, member_pid, to_mobile,
    CASE kind WHEN 'password' THEN 'staff_reset_code' WHEN 'new_profiles' THEN 'link' ELSE kind END,
    CASE kind WHEN 'password' THEN '[An earlier password message. Its text was removed: passwords are no longer sent on WhatsApp.]' ELSE body END,
    CASE WHEN kind = 'password' AND status = 'pending' THEN 'failed' ELSE status END,
    attempts,
    CASE WHEN kind = 'password' AND status = 'pending'
      THEN 'Passwords are no longer sent on WhatsApp. Use Reset password to send the member a code to set their own.'
      ELSE last_error END,
    provider_message_id, created_at, next_attempt_at, sent_at,
    CASE WHEN kind = 'password' AND status = 'pending' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
  FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_member ON outbox (member_pid, created_at DESC);
-- Delivery receipts name the message by its wamid.
CREATE UNIQUE INDEX outbox_by_wamid ON outbox (provider_message_id) WHERE provider_message_id IS NOT NULL;

-- Meta retries a webhook for up to 36 hours: each (wamid, status) counts once.
CREATE TABLE whatsapp_statuses (
  wamid TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
  at TEXT NOT NULL,
  error_code INTEGER,
  -- The error's title and details, as the console shows a failure.
  error_title TEXT,
  PRIMARY KEY (wamid, status)
) WITHOUT ROWID;

-- Messages members write to the agency's number: shown to staff, and each
-- opens that number's 24-hour customer-service window.
CREATE TABLE whatsapp_inbound (
  wamid TEXT PRIMARY KEY,
  -- The sender's number as WhatsApp gives it: country code and digits.
  from_digits TEXT NOT NULL,
  member_pid INTEGER REFERENCES members (pid) ON DELETE SET NULL,
  profile_name TEXT,
  type TEXT NOT NULL,
  text TEXT,
  received_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX whatsapp_inbound_by_sender ON whatsapp_inbound (from_digits, received_at);
CREATE INDEX whatsapp_inbound_by_member ON whatsapp_inbound (member_pid, received_at);
CREATE INDEX whatsapp_inbound_by_time ON whatsapp_inbound (received_at);
