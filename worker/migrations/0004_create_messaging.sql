-- Public templates: promotional messages shown between public profile cards.
CREATE TABLE public_templates (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE public_messages (
  id INTEGER PRIMARY KEY,
  template_id INTEGER NOT NULL REFERENCES public_templates (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  -- WhatsApp markup: *bold*, _italic_, ~strike~ and line breaks.
  message_content TEXT NOT NULL
);
CREATE INDEX public_messages_by_template ON public_messages (template_id, position);

-- Every outgoing WhatsApp message is written here first (design brief
-- section 3); a sender delivers it through the Cloud API when configured.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  member_pid INTEGER REFERENCES members (pid) ON DELETE SET NULL,
  to_mobile TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('password', 'interest_received', 'interest_approved', 'new_profiles', 'link')),
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  provider_message_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_member ON outbox (member_pid, created_at DESC);
