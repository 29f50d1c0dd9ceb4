-- Members' and staff's password back-off in one table (ADR 0004): a row
-- counts the attempts on one account from one client network (network '*'
-- for all networks together), the account being a Profile ID (known or not)
-- or a staff username, never both. Every row of the two tables it replaces
-- is kept with its counts and times.
--
-- No foreign key to members: an unknown Profile ID is counted too. Erasure
-- deletes a member's rows by pid (worker/db/erasure.ts, ADR 0034).
CREATE TABLE sign_in_failures_new (
  pid INTEGER,
  username TEXT COLLATE NOCASE,
  network TEXT NOT NULL,
  failures INTEGER NOT NULL,
  -- No attempt is counted (or checked) before this time.
  retry_at TEXT NOT NULL,
  CHECK ((pid IS NULL) <> (username IS NULL))
);

INSERT INTO sign_in_failures_new (pid, network, failures, retry_at)
SELECT pid, network, failures, retry_at FROM sign_in_failures;
INSERT INTO sign_in_failures_new (username, network, failures, retry_at)
SELECT username, network, failures, retry_at FROM staff_sign_in_failures;

DROP TABLE sign_in_failures;
DROP TABLE staff_sign_in_failures;
ALTER TABLE sign_in_failures_new RENAME TO sign_in_failures;

-- One row per account and network: the counter's upsert conflicts on these.
CREATE UNIQUE INDEX sign_in_failures_by_pid ON sign_in_failures (pid, network) WHERE pid IS NOT NULL;
CREATE UNIQUE INDEX sign_in_failures_by_username ON sign_in_failures (username, network) WHERE username IS NOT NULL;
-- The cron's prune reads only the rows it deletes (ADR 0033).
CREATE INDEX sign_in_failures_by_retry ON sign_in_failures (retry_at);
