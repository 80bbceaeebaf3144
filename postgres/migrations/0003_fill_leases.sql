-- Who is filling a level: one fill per level at a time (see package bank).
CREATE TABLE fill_leases (
	level  integer PRIMARY KEY,
	owner  text        NOT NULL,
	since  timestamptz NOT NULL,
	seen   timestamptz NOT NULL
);
