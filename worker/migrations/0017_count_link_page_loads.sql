-- Loads of the pages WhatsApp links open, counted per day instead of a row
-- each (ADR 0026): the Worker adds what it counted at most every few seconds
-- per isolate, so a flood of page loads costs D1 a few writes, not one per
-- load. link_events keeps the steps members take (sign-in, interest).
CREATE TABLE link_page_loads (
  day TEXT NOT NULL, -- yyyy-mm-dd, UTC like link_events.at
  link TEXT NOT NULL CHECK (link IN ('profile', 'interest', 'whatsapp', 'new_profiles', 'request', 'public')),
  step TEXT NOT NULL CHECK (step IN ('opened', 'previewed')),
  outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
  loads INTEGER NOT NULL CHECK (loads > 0),
  PRIMARY KEY (day, link, step, outcome)
) WITHOUT ROWID;

INSERT INTO link_page_loads (day, link, step, outcome, loads)
  SELECT substr(at, 1, 10), link, step, outcome, count(*) FROM link_events WHERE step IN ('opened', 'previewed') GROUP BY 1, 2, 3, 4;
DELETE FROM link_events WHERE step IN ('opened', 'previewed');
