-- A member who added siblings has siblings (ADR 0008): siblings added while
-- hasSiblings was still 0 ("none declared") are declared, so that the full
-- profile shows them.
UPDATE members SET has_siblings = 1
WHERE has_siblings = 0 AND EXISTS (SELECT 1 FROM siblings s WHERE s.member_pid = members.pid);
