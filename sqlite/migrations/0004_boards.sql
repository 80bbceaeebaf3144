-- Puzzles of other rules (sizes, jigsaw, killer, X, ...): the plain line
-- form with their maps and rules (sudoku.FormatPlain), unique; rules is the
-- rule set's name, what picks select on.
CREATE TABLE boards (
	id         INTEGER PRIMARY KEY,
	rules      TEXT NOT NULL,
	puzzle     TEXT NOT NULL UNIQUE,
	solution   TEXT NOT NULL,
	source     TEXT NOT NULL,
	created    TEXT NOT NULL,
	handed_out TEXT
);
CREATE INDEX boards_left ON boards (rules, id) WHERE handed_out IS NULL;
