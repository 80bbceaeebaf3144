// Command testcount reads `go test -json` output on stdin and prints, per
// package, how many tests ran, passed, failed and skipped, with the
// output of each failed test and of packages that failed to build. It
// exits 1 when anything failed, so that CI can run
//
//	go test -json ./... | go run ./cmd/testcount
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// event is one line of test2json output.
type event struct {
	Action     string
	Package    string
	ImportPath string // of build output
	Test       string
	Output     string
}

type counts struct{ pass, fail, skip int }

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

func run(in io.Reader, out io.Writer) int {
	byPkg := map[string]*counts{}
	output := map[[2]string]*strings.Builder{}
	var failed [][2]string
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Fprintln(out, sc.Text()) // not JSON: a build error printed as is
			continue
		}
		if e.Action == "build-fail" {
			failed = append(failed, [2]string{e.ImportPath, ""})
			continue
		}
		if e.Package == "" {
			e.Package = e.ImportPath
		}
		key := [2]string{e.Package, e.Test}
		if byPkg[e.Package] == nil && e.Package != "" {
			byPkg[e.Package] = &counts{}
		}
		c := byPkg[e.Package]
		switch e.Action {
		case "output", "build-output":
			if output[key] == nil {
				output[key] = &strings.Builder{}
			}
			output[key].WriteString(e.Output)
		case "pass", "fail", "skip":
			if e.Test == "" || strings.Contains(e.Test, "/") || c == nil {
				if e.Action == "fail" {
					failed = append(failed, key)
				}
				break
			}
			switch e.Action {
			case "pass":
				c.pass++
			case "fail":
				c.fail++
				failed = append(failed, key)
			case "skip":
				c.skip++
			}
		}
	}
	for _, k := range failed {
		if b := output[k]; b != nil {
			fmt.Fprint(out, b.String())
		}
	}
	return summary(out, byPkg, len(failed))
}

// summary prints the table of counts and returns the exit status.
func summary(out io.Writer, byPkg map[string]*counts, failures int) int {
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	var tot counts
	fmt.Fprintf(out, "%-32s %6s %6s %6s\n", "package", "ran", "failed", "skipped")
	for _, p := range pkgs {
		c := byPkg[p]
		if c.pass+c.fail+c.skip == 0 {
			continue
		}
		fmt.Fprintf(out, "%-32s %6d %6d %6d\n", p, c.pass+c.fail, c.fail, c.skip)
		tot.pass, tot.fail, tot.skip = tot.pass+c.pass, tot.fail+c.fail, tot.skip+c.skip
	}
	fmt.Fprintf(out, "%-32s %6d %6d %6d\n", "total", tot.pass+tot.fail, tot.fail, tot.skip)
	if failures > 0 {
		fmt.Fprintln(out, "FAIL")
		return 1
	}
	return 0
}
