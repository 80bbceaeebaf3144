-- Where a fill goes on: puzzles of a level and symmetry are generated as
-- numbers next, next+1, ... of a run seeded with seed (stored as the
-- signed 64-bit integer of the same bits); every number below next has
-- been tried and its puzzle, if any, stored.
CREATE TABLE fill_cursors (
	level    integer NOT NULL,
	symmetry text    NOT NULL,
	seed     bigint  NOT NULL,
	next     integer NOT NULL CHECK (next >= 0),
	PRIMARY KEY (level, symmetry)
);
