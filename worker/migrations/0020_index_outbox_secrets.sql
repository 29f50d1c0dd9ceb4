-- The cron's clean-up reads only the messages that still hold a code or a
-- sign-in token (ADR 0021), not the whole outbox, which grows with every
-- message ever sent (docs/scaling.md).
CREATE INDEX outbox_codes_by_expiry ON outbox (expires_at) WHERE params IS NOT NULL;
CREATE INDEX outbox_secrets_by_age ON outbox (created_at) WHERE params IS NOT NULL;
-- Without the Cloud API, each new message is held for staff: only the ones
-- not yet held are read, not every message still waiting for staff.
CREATE INDEX outbox_not_yet_held ON outbox (id) WHERE status = 'pending' AND attempts = 0 AND last_error IS NULL;
