package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/bank"
	"sudoku/bank/bankgen"
)

// puzzlesLeft counts the Easy puzzles and the 6x6 boards left in the bank
// at path.
func puzzlesLeft(t *testing.T, path string) (easy, six int) {
	t.Helper()
	db := openForTest(t, path)
	defer db.Close()
	ctx := context.Background()
	c, err := db.Count(ctx, bank.Easy)
	if err != nil {
		t.Fatal(err)
	}
	n, err := bankgen.BoardsLeft(ctx, db, "6x6")
	if err != nil {
		t.Fatal(err)
	}
	return c.Left, n
}

// TestBankBookFailsUsesNothing: a book that fails, whatever the reason,
// hands out no puzzle and leaves no file; one that succeeds hands out
// exactly its puzzles.
func TestBankBookFailsUsesNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bank.db")
	for _, args := range [][]string{
		{"bank", "fill", "--db", db, "--level", "easy", "-n", "3", "--seed", "1", "-q"},
		{"bank", "fill", "--db", db, "--size", "6", "-n", "2", "--seed", "2", "-q"},
	} {
		if _, errOut, code := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	book := filepath.Join(dir, "out", "book.pdf")
	if err := os.Mkdir(filepath.Dir(book), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"unknown rule set", []string{"--section", "classic:easy:2", "--section", "nope 9x9:1", "--out", book}, 1, `no "nope 9x9" puzzles`},
		{"too few boards", []string{"--section", "classic:easy:1", "--section", "6x6:3", "--out", book}, 1, "6x6: 3 wanted, 2 left"},
		{"too few over two sections", []string{"--section", "6x6:2", "--section", "classic:easy:1", "--section", "6x6:1", "--out", book}, 1, "6x6: 3 wanted, 2 left"},
		{"too few classic", []string{"--section", "classic:easy:4", "--out", book}, 1, "Easy: 4 wanted, 3 left"},
		{"empty level", []string{"--section", "6x6:1", "--section", "classic:hard:1", "--out", book}, 1, "Hard: 1 wanted, 0 left"},
		{"directory", []string{"--section", "classic:easy:1", "--out", filepath.Dir(book)}, 1, "is a directory"},
		{"missing directory", []string{"--section", "classic:easy:1", "--out", filepath.Join(dir, "no", "book.pdf")}, 1, "does not exist"},
		{"per page", []string{"--section", "classic:easy:1", "--per-page", "3", "--out", book}, 2, "per page"},
		{"per page 0", []string{"--section", "classic:easy:1", "--per-page", "0", "--out", book}, 2, "--per-page 0: want 1, 2, 4 or 6"},
		{"paper", []string{"--section", "classic:easy:1", "--paper", "A0", "--out", book}, 2, "paper"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, "", append([]string{"bank", "book", "--db", db}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, %q; want %d and %q", code, errOut, tc.code, tc.want)
			}
			if easy, six := puzzlesLeft(t, db); easy != 3 || six != 2 {
				t.Errorf("%d Easy and %d 6x6 left, want 3 and 2: the failure used puzzles up", easy, six)
			}
			if es, _ := os.ReadDir(filepath.Dir(book)); len(es) != 0 {
				t.Errorf("files left: %v", es)
			}
		})
	}
	// A write that fails once the puzzles are picked: the transaction is
	// rolled back.
	var errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: failWriter{}, stderr: &errb, env: func(string) string { return "" }}
	if code := run(e, []string{"bank", "book", "--db", db, "--section", "classic:easy:2", "--section", "6x6:1", "--out", "-"}); code != 1 || !strings.Contains(errb.String(), "disk on fire") {
		t.Errorf("book to a failing stdout: exit %d, %q", code, errb.String())
	}
	if easy, six := puzzlesLeft(t, db); easy != 3 || six != 2 {
		t.Errorf("book to a failing stdout: %d Easy and %d 6x6 left, want 3 and 2", easy, six)
	}
	_, errOut, code := runCLI(t, "", "bank", "book", "--db", db, "--section", "classic:easy:2", "--section", "6x6:1", "--out", book)
	if easy, six := puzzlesLeft(t, db); code != 0 || easy != 1 || six != 1 {
		t.Errorf("book: exit %d (%s), %d Easy and %d 6x6 left, want 1 and 1", code, errOut, easy, six)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk on fire") }
