-- Puzzles of other rules (sizes, jigsaw, killer, X, ...): the plain line
-- form with their maps and rules (sudoku.FormatPlain), unique; rules is the
-- rule set's name, what picks select on.
CREATE TABLE boards (
	id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	rules      text NOT NULL,
	puzzle     text NOT NULL UNIQUE,
	solution   text NOT NULL,
	source     text NOT NULL,
	created    timestamptz NOT NULL,
	handed_out timestamptz
);
CREATE INDEX boards_left ON boards (rules, id) WHERE handed_out IS NULL;
