// Package sqlite is the puzzle bank: rated puzzles stored in an SQLite
// database through modernc.org/sqlite (pure Go, no cgo).
//
// Vocabulary:
//
//   - A bank.Entry is one stored puzzle. A classic one (Rules "") has the
//     puzzle and its solution, its rating (ER/EP/ED, level, rating
//     version), the symmetry of its clues, its clue count, its canonical
//     form, where it came from and when: a row of the puzzles table (and
//     its needs rows). One of other rules has its rule set's name, its
//     plain line and its solution: a row of the boards table. Every method
//     takes both, and chooses the table by the entry's (or the
//     bank.Kind's) rules: the classic queries are those of the classic
//     table alone, as before the boards came.
//   - The canonical form (generate.Canonical, as 81 digits) is unique in the
//     bank: a puzzle equivalent to one already stored (the same up to the
//     symmetries of Sudoku and a relabelling of the digits) is a duplicate,
//     skipped and counted by Add; so is a board whose plain line is stored.
//   - A puzzle is left when it is neither handed out nor a daily puzzle.
//     Pick hands out the oldest puzzle left of a level or rule set, once;
//     Daily makes one classic puzzle the daily puzzle of a date, the same
//     for every caller.
//   - A bank.Cursor records how far a fill has gone: the seed of its run and the
//     next puzzle number to generate, per level and symmetry. AddFill stores
//     puzzles and moves the cursor in one transaction, so an interrupted
//     fill loses nothing it committed and goes on where it stopped.
//
// The database runs in WAL mode with a busy timeout and foreign keys on.
// Its schema is built by the migrations in migrations/, embedded, applied
// in the order of their numbers, each in its own transaction, and counted
// in PRAGMA user_version.
//
// The two stores repeat each other's shape on purpose (issue 41): their
// drivers differ (database/sql with ? placeholders here, pgx with $n and
// its own Rows there), and so do their SQL (upserts, FILTER, RETURNING),
// their locking (a lease row and busy timeouts here, FOR UPDATE SKIP
// LOCKED and advisory locks there) and their errors. A dialect layer
// over both would hide those differences behind an interface as large as
// bank.Store itself; instead each store is written plainly for its
// database, and bank/banktest, the suite every bank.Store must pass, runs
// against both (sqlite_test.go, postgres_test.go) so that they cannot
// drift apart in behaviour.
package sqlite
