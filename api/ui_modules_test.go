package api

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestUIModules runs the web app's unit tests, ui/_test/*.test.js, in
// Node's built-in test runner (node --test): the modules that need no
// DOM (game.js, stats.js, words.js, api.js's links, shapes.js's
// cleaning, pattern.js). api/package.json marks ui/*.js as ES modules
// for Node; the folder's leading _ keeps the tests out of the embedded
// app. The test skips when node is absent (Debian: apt-get install
// nodejs), unless SUDOKU_REQUIRE_TOOLS=1.
func TestUIModules(t *testing.T) {
	node := nodePath(t)
	files, err := filepath.Glob(filepath.Join("ui", "_test", "*.test.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no unit tests in ui/_test (%v)", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, append([]string{"--test", "--test-reporter=tap"}, files...)...).CombinedOutput()
	counts := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^# (tests|pass|fail) (\d+)$`).FindAllStringSubmatch(string(out), -1) {
		counts[m[1]], _ = strconv.Atoi(m[2])
	}
	t.Logf("node --test, %d files: %d tests, %d passed, %d failed", len(files), counts["tests"], counts["pass"], counts["fail"])
	if err != nil || counts["fail"] > 0 || counts["tests"] == 0 {
		t.Fatalf("node --test: %v\n%s", err, failures(string(out)))
	}
}

// failures keeps the failed tests of TAP output (all of it if none is
// marked).
func failures(tap string) string {
	i := strings.Index(tap, "\nnot ok")
	if i < 0 {
		return tap
	}
	return tap[i:]
}

// nodePath finds Node.js (Debian names it nodejs, with node besides), at
// least version 18 (node:test); else it skips or, with
// SUDOKU_REQUIRE_TOOLS=1, fails.
func nodePath(t *testing.T) string {
	t.Helper()
	why := "node not found: install Debian's nodejs (apt-get install nodejs) to run the web app's unit tests"
	for _, name := range []string{"node", "nodejs"} {
		p, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		v, err := exec.Command(p, "--version").Output()
		major, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(strings.TrimSpace(string(v)), "v"), ".", 2)[0])
		if err == nil && major >= 18 {
			return p
		}
		why = p + " is " + strings.TrimSpace(string(v)) + ": the web app's unit tests need Node 18 or later (node:test)"
	}
	if os.Getenv("SUDOKU_REQUIRE_TOOLS") == "1" {
		t.Fatal(why + " and SUDOKU_REQUIRE_TOOLS=1")
	}
	t.Skip(why)
	return ""
}

// TestUITestsNotServed: the unit tests stay out of the app the server
// embeds and the service worker caches.
func TestUITestsNotServed(t *testing.T) {
	err := fs.WalkDir(uiFiles, "ui", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(p, "_test") {
			t.Errorf("%s is embedded in the app", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("ui", "_test", "game.test.js")); err != nil {
		t.Fatalf("the check needs the unit tests in ui/_test: %v", err)
	}
}
