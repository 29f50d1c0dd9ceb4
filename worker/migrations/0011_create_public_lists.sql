-- Public lists (section 2, "/link"): the profiles the agency publishes for a
-- day (/link?id=yyyy-mm-dd) or a week (/link?wid=yyyy-mm-dd, the week's
-- first day), with the template whose messages are shown between the cards.
CREATE TABLE public_lists (
  id INTEGER PRIMARY KEY,
  list_date TEXT NOT NULL CHECK (list_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  is_week INTEGER NOT NULL DEFAULT 0 CHECK (is_week IN (0, 1)),
  template_id INTEGER REFERENCES public_templates (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (list_date, is_week)
);

CREATE TABLE public_list_profiles (
  list_id INTEGER NOT NULL REFERENCES public_lists (id) ON DELETE CASCADE,
  pid INTEGER NOT NULL REFERENCES members (pid) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (list_id, pid)
) WITHOUT ROWID;
