-- The puzzles of the bank. Grids are 81-character strings, '.' for an empty
-- cell; ratings are in tenths (ER 2.5 is 25), levels are logic.Level
-- numbers (0 Easy .. 5 Diabolical).
CREATE TABLE puzzles (
	id             bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	puzzle         text    NOT NULL CHECK (length(puzzle) = 81),
	solution       text    NOT NULL CHECK (length(solution) = 81),
	er             integer NOT NULL,
	ep             integer NOT NULL,
	ed             integer NOT NULL,
	level          integer NOT NULL CHECK (level >= 0),
	rating_version text    NOT NULL,
	symmetry       text    NOT NULL,
	clues          integer NOT NULL CHECK (clues BETWEEN 0 AND 81),
	canonical      text    NOT NULL UNIQUE CHECK (length(canonical) = 81),
	source         text    NOT NULL,
	created        timestamptz NOT NULL,
	handed_out     timestamptz,   -- when Pick handed it out; NULL until then
	daily          date           -- the date it is the daily puzzle of
);

-- Pick takes the oldest puzzle of a level that is left: neither handed out
-- nor a daily puzzle. The partial index holds only those.
CREATE INDEX puzzles_left ON puzzles (level, id) WHERE handed_out IS NULL AND daily IS NULL;

-- One daily puzzle per date and level.
CREATE UNIQUE INDEX puzzles_daily ON puzzles (daily, level) WHERE daily IS NOT NULL;
