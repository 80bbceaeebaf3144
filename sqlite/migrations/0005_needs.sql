-- The techniques each puzzle needs (logic.Trains): a row per technique and
-- kind of step allowed before its first use ('' nothing rated higher,
-- 'singles', 'intersections', 'subsets'), so that picking a puzzle that
-- needs an XY-Wing is an index lookup. Singles are not stored: every
-- puzzle needs them. Puzzles stored before this migration have no rows.
-- taken mirrors the puzzle being handed out or a daily puzzle (the
-- trigger keeps it), so the partial index holds only what a pick can take.
CREATE TABLE needs (
	technique TEXT    NOT NULL,
	kind      TEXT    NOT NULL,
	puzzle    INTEGER NOT NULL REFERENCES puzzles (id),
	taken     INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (technique, kind, puzzle)
) WITHOUT ROWID;
CREATE INDEX needs_puzzle ON needs (puzzle);
CREATE INDEX needs_left ON needs (technique, kind, puzzle) WHERE taken = 0;

CREATE TRIGGER needs_taken AFTER UPDATE OF handed_out, daily ON puzzles
WHEN NEW.handed_out IS NOT NULL OR NEW.daily IS NOT NULL
BEGIN
	UPDATE needs SET taken = 1 WHERE puzzle = NEW.id AND taken = 0;
END;
