package main

import (
	"flag"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		pos  []string
		fmt  string
		q    bool
	}{
		{"flags first", []string{"--format", "grid", "-q", "a", "b"}, []string{"a", "b"}, "grid", true},
		{"flags last", []string{"a", "b", "--format", "grid", "-q"}, []string{"a", "b"}, "grid", true},
		{"flags between", []string{"a", "--format=json", "b", "-q"}, []string{"a", "b"}, "json", true},
		{"stdin dash", []string{"-", "-q"}, []string{"-"}, "line", true},
		{"double dash", []string{"a", "--", "-q", "--format"}, []string{"a", "-q", "--format"}, "line", false},
		{"none", nil, nil, "line", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			format := fs.String("format", "line", "")
			q := fs.Bool("q", false, "")
			if err := parseFlags(fs, tc.args); err != nil {
				t.Fatal(err)
			}
			if got := fs.Args(); !slices.Equal(got, tc.pos) && !(len(got) == 0 && len(tc.pos) == 0) {
				t.Errorf("positional: got %q, want %q", got, tc.pos)
			}
			if *format != tc.fmt || *q != tc.q {
				t.Errorf("flags: got %q %v, want %q %v", *format, *q, tc.fmt, tc.q)
			}
		})
	}
}

// TestFlagsAfterArguments runs commands with their flags after the
// puzzles and files, as the users did.
func TestFlagsAfterArguments(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	out, stderr, code := runCLI(t, "", "solve", p, "--format", "grid", "-q")
	if code != 0 || !strings.HasPrefix(out, "5 3 4 | 6 7 8") {
		t.Errorf("solve P --format grid: exit %d, out %q, err %q", code, out, stderr)
	}
	db := filepath.Join(t.TempDir(), "x.db")
	file := writeFile(t, "f.txt", p+"\n")
	if _, stderr, code := runCLI(t, "", "bank", "import", file, "--db", db); code != 0 {
		t.Fatalf("bank import f.txt --db x.db: exit %d: %s", code, stderr)
	}
	out, stderr, code = runCLI(t, "", "bank", "stats", "--db", db)
	if code != 0 || !strings.Contains(out, "1") {
		t.Errorf("bank stats --db x.db after the import: exit %d, %q %q", code, out, stderr)
	}
}

func TestFromEnv(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	seed := fs.Int("seed-bank", 30, "")
	db := fs.String("db", "", "")
	env := map[string]string{"SUDOKU_ADDR": "0.0.0.0:9090", "SUDOKU_SEED_BANK": "5", "SUDOKU_DB": "postgres://h/db"}
	if err := parseFlags(fs, []string{"--db", "x.db"}); err != nil {
		t.Fatal(err)
	}
	if err := fromEnv(fs, func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if *addr != "0.0.0.0:9090" || *seed != 5 || *db != "x.db" {
		t.Errorf("got %q %d %q: want the environment's address and count, the command line's --db", *addr, *seed, *db)
	}
	env["SUDOKU_SEED_BANK"] = "many"
	fs2 := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs2.Int("seed-bank", 30, "")
	if err := fromEnv(fs2, func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "SUDOKU_SEED_BANK") {
		t.Errorf("got %v, want an error naming SUDOKU_SEED_BANK", err)
	}
}

func TestSizeFlag(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "1000": 1000, "64B": 64, "3KiB": 3 << 10, "512MiB": 512 << 20, "2GiB": 2 << 30, "1TiB": 1 << 40} {
		var s sizeFlag
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("%q: got %d, %v, want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "-1MiB", "1.5GiB", "1GB", "1 MiB", "MiB", "9999999TiB", "x"} {
		var s sizeFlag
		if err := s.Set(in); err == nil {
			t.Errorf("%q accepted as %d", in, s)
		}
	}
}
