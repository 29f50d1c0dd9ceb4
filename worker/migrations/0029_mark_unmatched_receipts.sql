-- A WhatsApp receipt is kept only for a send the outbox knows (ADR 0020):
-- one whose wamid a message carries, now or as an earlier send
-- (earlier_wamids, migration 0027). A receipt may reach the webhook before
-- the deliverer has recorded its send's wamid, so one of a wamid no message
-- carries is kept while a send is under way, marked with when it came;
-- recording the send clears the mark, and the cron deletes what is still
-- marked once no send can record it any more. Any other receipt (of a
-- message erased with its member, ADR 0034, or sent by another system) is
-- answered and not kept.
ALTER TABLE whatsapp_statuses ADD COLUMN unmatched_since TEXT;
CREATE INDEX whatsapp_statuses_unmatched ON whatsapp_statuses (unmatched_since) WHERE unmatched_since IS NOT NULL;

-- The few messages sent more than once, whose earlier wamids a receipt is looked up in.
CREATE INDEX outbox_resent ON outbox (id) WHERE earlier_wamids IS NOT NULL;
