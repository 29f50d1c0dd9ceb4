-- The end of the lease of a message a deliverer has taken (ADR 0009): set by
-- the claim beside next_attempt_at, cleared when the send's outcome is
-- recorded. While it runs the Cloud API may be sending the message, so staff
-- can neither make it due again (Retry) nor send it by hand; a back-off after
-- a failed attempt leaves it NULL, and Retry stays open then. NULL for every
-- message written before: none is being sent while a migration runs.
ALTER TABLE outbox ADD COLUMN leased_until TEXT;
