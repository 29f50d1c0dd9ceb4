-- A message sent again (after 131047 as its template, after a failure a
-- receipt reported, by staff's retry, or marked sent by hand) loses the
-- wamid of the send it replaces, and receipts of that send, including any
-- Meta sends later, name only that wamid. The message keeps its earlier
-- wamids, so that erasure (ADR 0034) finds every receipt of the member's
-- messages. Kept by a trigger, so that every statement that clears or
-- replaces the wamid keeps it, now and later.
ALTER TABLE outbox ADD COLUMN earlier_wamids TEXT;

CREATE TRIGGER outbox_keep_earlier_wamid AFTER UPDATE OF provider_message_id ON outbox
WHEN OLD.provider_message_id IS NOT NULL AND NEW.provider_message_id IS NOT OLD.provider_message_id
BEGIN
  UPDATE outbox SET earlier_wamids = json_insert(coalesce(earlier_wamids, '[]'), '$[#]', OLD.provider_message_id) WHERE id = NEW.id;
END;
