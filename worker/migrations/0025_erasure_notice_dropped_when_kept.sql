-- A retention notice (ADR 0034) still waiting in the outbox when the member
-- keeps the profile (a sign-in, a membership sold, the cron's clean-up of a
-- kept member) would tell them of an erasure that no longer comes: it is
-- dropped with the erasure date, wherever that date is cleared. Dropped as a
-- deleted member's messages are: failed and expired, so staff cannot send it
-- by hand, with the reason for the console.
CREATE TRIGGER members_kept_drop_erasure_notice AFTER UPDATE OF erase_after ON members
WHEN OLD.erase_after IS NOT NULL AND NEW.erase_after IS NULL AND NEW.deleted_at IS NULL
BEGIN
  UPDATE outbox SET status = 'failed', failed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    params = NULL, last_error = 'Not sent: the member kept the profile (signed in or a membership).'
  WHERE member_pid = NEW.pid AND kind = 'data_erasure_notice' AND status = 'pending';
END;
