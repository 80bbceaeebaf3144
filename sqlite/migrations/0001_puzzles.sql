-- The puzzles of the bank. Grids are 81-character strings, '.' for an empty
-- cell; ratings are in tenths (ER 2.5 is 25), levels are logic.Level
-- numbers (0 Easy .. 5 Diabolical); times are UTC text in the form
-- 2006-01-02T15:04:05.000Z, so they sort as they read.
CREATE TABLE puzzles (
	id             INTEGER PRIMARY KEY,
	puzzle         TEXT    NOT NULL CHECK (length(puzzle) = 81),
	solution       TEXT    NOT NULL CHECK (length(solution) = 81),
	er             INTEGER NOT NULL,
	ep             INTEGER NOT NULL,
	ed             INTEGER NOT NULL,
	level          INTEGER NOT NULL CHECK (level >= 0),
	rating_version TEXT    NOT NULL,
	symmetry       TEXT    NOT NULL,
	clues          INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
	canonical      TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
	source         TEXT    NOT NULL,
	created        TEXT    NOT NULL,
	handed_out     TEXT,   -- when Pick handed it out; NULL until then
	daily          TEXT    -- the date (2006-01-02) it is the daily puzzle of
);

-- Pick takes the oldest puzzle of a level that is left: neither handed out
-- nor a daily puzzle. The partial index holds only those.
CREATE INDEX puzzles_left ON puzzles (level, id) WHERE handed_out IS NULL AND daily IS NULL;

-- One daily puzzle per date and level.
CREATE UNIQUE INDEX puzzles_daily ON puzzles (daily, level) WHERE daily IS NOT NULL;
