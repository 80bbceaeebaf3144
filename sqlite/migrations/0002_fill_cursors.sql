-- Where a fill goes on: puzzles of a level and symmetry are generated as
-- numbers next, next+1, ... of a run seeded with seed; every number below
-- next has been tried and its puzzle, if any, stored. A fill moves the
-- cursor in the same transaction that stores its puzzles.
CREATE TABLE fill_cursors (
	level    INTEGER NOT NULL,
	symmetry TEXT    NOT NULL,
	seed     INTEGER NOT NULL,
	next     INTEGER NOT NULL CHECK (next >= 0),
	PRIMARY KEY (level, symmetry)
) WITHOUT ROWID;
