-- The techniques each puzzle needs (logic.Trains): a row per technique and
-- kind of step allowed before its first use ('' nothing rated higher,
-- 'singles', 'intersections', 'subsets'), so that picking a puzzle that
-- needs an XY-Wing is an index lookup. Singles are not stored: every
-- puzzle needs them. Puzzles stored before this migration have no rows.
-- taken mirrors the puzzle being handed out or a daily puzzle (the
-- trigger keeps it), so the partial index holds only what a pick can take.
CREATE TABLE needs (
	technique text    NOT NULL,
	kind      text    NOT NULL,
	puzzle    bigint  NOT NULL REFERENCES puzzles (id),
	taken     boolean NOT NULL DEFAULT false,
	PRIMARY KEY (technique, kind, puzzle)
);
CREATE INDEX needs_puzzle ON needs (puzzle);
CREATE INDEX needs_left ON needs (technique, kind, puzzle) WHERE NOT taken;

CREATE FUNCTION needs_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE needs SET taken = true WHERE puzzle = NEW.id AND NOT taken;
	RETURN NULL;
END
$$;
CREATE TRIGGER needs_taken AFTER UPDATE OF handed_out, daily ON puzzles
FOR EACH ROW WHEN (NEW.handed_out IS NOT NULL OR NEW.daily IS NOT NULL)
EXECUTE FUNCTION needs_taken();
