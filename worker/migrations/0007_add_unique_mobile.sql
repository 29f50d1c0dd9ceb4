-- One profile per WhatsApp number: the password and every message go to it,
-- so a second registration with the same number is refused (issue 3).
DROP INDEX members_by_mobile;
CREATE UNIQUE INDEX members_mobile_unique ON members (mobile);
