-- Who is filling a level: one fill per level at a time, so that two fills
-- do not both top the level up (overshooting the target) or generate the
-- same numbered puzzles. The holder renews seen while it works; a lease
-- not seen for a while (a killed fill) may be taken over.
CREATE TABLE fill_leases (
	level  INTEGER PRIMARY KEY,
	owner  TEXT    NOT NULL,
	since  TEXT    NOT NULL,
	seen   TEXT    NOT NULL
);
