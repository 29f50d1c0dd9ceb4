-- The audit log names a recommendation as the code does (ADR 0038, one name
-- per concept): 'suggest' and 'unsuggest' become 'recommend' and
-- 'unrecommend'. Only the action's word changes; who, what, when and the
-- before and after of every entry stay as written.
--
-- The log is append-only by trigger (ADR 0018, ADR 0034): the trigger is
-- dropped for the rename and created again exactly as migration 0022 made it.
DROP TRIGGER audit_log_no_update;
UPDATE audit_log SET action = 'recommend' WHERE action = 'suggest';
UPDATE audit_log SET action = 'unrecommend' WHERE action = 'unsuggest';
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT (OLD.reduced_at IS NULL AND NEW.reduced_at IS NOT NULL AND NEW.id IS OLD.id AND NEW.staff_id IS OLD.staff_id
  AND NEW.action IS OLD.action AND NEW.target IS OLD.target AND NEW.at IS OLD.at)
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
