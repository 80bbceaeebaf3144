package main

import (
	"flag"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// maxJobs caps -j: more workers than this only cost memory.
func maxJobs() int { return max(64, 8*runtime.NumCPU()) }

// parseFlags reads flags anywhere among args, as users of modern command
// lines expect ("sudoku solve PUZZLE --format grid"): positional arguments
// may come before, between and after flags. A "--" ends the flags: what
// follows it is positional even when it starts with "-". Afterwards
// fs.Args() holds the positional arguments in their order.
func parseFlags(fs *flag.FlagSet, args []string) error {
	head, tail := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		head, tail = args[:i], args[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(head); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		head = rest[1:]
	}
	if err := fs.Parse(append(append([]string{"--"}, pos...), tail...)); err != nil {
		return err
	}
	capJobs(fs)
	return nil
}

// capJobs lowers a -j above maxJobs to it.
func capJobs(fs *flag.FlagSet) {
	j := fs.Lookup("j")
	if j == nil {
		return
	}
	if n, err := strconv.Atoi(j.Value.String()); err == nil && n > maxJobs() {
		j.Value.Set(strconv.Itoa(maxJobs()))
	}
}

// isSet reports whether the flag was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// fromEnv gives every flag of fs not set on the command line the value of
// the environment variable SUDOKU_NAME (NAME the flag's name in capitals,
// '-' as '_': SUDOKU_ADDR, SUDOKU_DB, SUDOKU_SEED_BANK), when it is set:
// containers and service managers configure a server this way. A value
// the flag refuses is an error naming the variable.
func fromEnv(fs *flag.FlagSet, getenv func(string) string) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil || isSet(fs, f.Name) {
			return
		}
		name := "SUDOKU_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("%s=%q: %v", name, v, e)
			}
		}
	})
	return err
}

// sizeFlag is a flag's number of bytes, written as GOMEMLIMIT writes it:
// digits and a unit B, KiB, MiB, GiB or TiB (none: bytes).
type sizeFlag int64

func (b *sizeFlag) String() string { return strconv.FormatInt(int64(*b), 10) }

func (b *sizeFlag) Set(s string) error {
	num, mul := s, int64(1)
	for i, unit := range []string{"B", "KiB", "MiB", "GiB", "TiB"} {
		if strings.HasSuffix(s, unit) && (unit != "B" || !strings.HasSuffix(s, "iB")) {
			num, mul = strings.TrimSuffix(s, unit), int64(1)<<(10*i)
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mul {
		return fmt.Errorf("want a size such as 512MiB or 2GiB (units B, KiB, MiB, GiB, TiB)")
	}
	*b = sizeFlag(n * mul)
	return nil
}

// newFlags is the flag set of a command: its errors and its usage (the
// usage text, then the flags' defaults) go to stderr.
func newFlags(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, usage); fs.PrintDefaults() }
	return fs
}
