package logic

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"sudoku"
)

// TestTechniqueList: every technique named in the package's sources (and
// so every one a path can hold) is in the list ParseNeed reads, with the
// code its source gives.
func TestTechniqueList(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	codes := map[string]string{}
	for _, tt := range techniqueTable {
		codes[tt.Name] = tt.Code
	}
	re := regexp.MustCompile(`Name: +"([^"]+)"(?:, *Code: *"([^"]*)")?`)
	n := 0
	for _, f := range files {
		if f == "anyrules.go" || regexp.MustCompile(`_test\.go$`).MatchString(f) {
			continue // the techniques for boards of any rules have their own path
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			n++
			code, ok := codes[m[1]]
			if !ok {
				t.Errorf("%s: technique %q is not in the technique table", f, m[1])
			} else if m[2] != code && m[2] != "" {
				t.Errorf("%s: %q has code %q in its source, %q in the list", f, m[1], m[2], code)
			}
		}
	}
	if n < 50 {
		t.Fatalf("found %d technique names, want the 60 or so", n)
	}
}

func TestParseNeed(t *testing.T) {
	tests := []struct {
		name, tech, before string
		want               []string
		err                bool
	}{
		{"by name", "x-wing", "", []string{"X-Wing"}, false},
		{"spaces and case", "XY wing", "singles", []string{"XY-Wing"}, false},
		{"by code", "0600", "", []string{"Unique rectangle", "Unique loop"}, false},
		{"finned is its own", "finned x-wing", "", []string{"Finned X-Wing"}, false},
		{"unknown", "x-wingz", "", nil, true},
		{"bad before", "x-wing", "chains", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := ParseNeed(tt.tech, tt.before)
			if (err != nil) != tt.err || len(n.Names) != len(tt.want) {
				t.Fatalf("ParseNeed(%q, %q) = %v, %v", tt.tech, tt.before, n, err)
			}
			for i := range tt.want {
				if n.Names[i] != tt.want[i] {
					t.Errorf("names %v, want %v", n.Names, tt.want)
				}
			}
		})
	}
}

func TestNeedMet(t *testing.T) {
	st := func(name string, r Rating) Step { return Step{Technique: Technique{Name: name}, Rating: r} }
	path := []Step{st("Hidden single", 12), st("Pointing", 26), st("X-Wing", 32), st("Naked single", 23), st("XY-Wing", 42)}
	for _, tt := range []struct {
		tech, before string
		want         bool
	}{
		{"x-wing", "", true}, {"x-wing", "singles", false}, {"x-wing", "intersections", true},
		{"xy-wing", "", true}, {"xy-wing", "subsets", false}, {"swordfish", "", false},
	} {
		n, _ := ParseNeed(tt.tech, tt.before)
		if _, got := n.Met(path); got != tt.want {
			t.Errorf("%s before %q: %v, want %v", tt.tech, tt.before, got, tt.want)
		}
	}
	// A harder step before the technique: not needed "after easier ones".
	hard := []Step{st("Hidden single", 12), st("Swordfish", 38), st("X-Wing", 32)}
	if n, _ := ParseNeed("x-wing", ""); func() bool { _, ok := n.Met(hard); return ok }() {
		t.Error("X-Wing after a Swordfish counted as needed")
	}
}

// TestTrains: Trains lists exactly the techniques and kinds for which
// MetOn holds, on fixture puzzles of every band.
func TestTrains(t *testing.T) {
	var puzzles []sudoku.Grid
	for i, p := range readRated(t, "testdata/se-rated-sample.txt", 0) {
		if i%4 == 0 { // every band, at a test's speed
			puzzles = append(puzzles, p.grid)
		}
	}
	var names []string
	for _, tt := range techniqueTable {
		if tt.Name != "" && !tt.Board && !slices.Contains(singlesOnly, tt.Name) && !slices.Contains(names, tt.Name) {
			names = append(names, tt.Name)
		}
	}
	found := 0
	for _, g := range puzzles {
		path, err := Path(g)
		if err != nil {
			t.Fatal(err)
		}
		got := Trains(g, path)
		found += len(got)
		for _, name := range names {
			for _, kind := range BeforeKinds {
				n, err := ParseNeed(name, kind)
				if err != nil {
					t.Fatal(err)
				}
				n.Names = []string{name} // one name, not those sharing its code
				_, want := n.MetOn(g, path)
				if has := slices.Contains(got, Trained{name, kind}); has != want {
					t.Errorf("%s: Trains has %q before %q: %v, MetOn says %v", g.Line('.'), name, kind, has, want)
				}
			}
		}
	}
	if found < len(puzzles) {
		t.Errorf("%d techniques trained over %d puzzles: the fixture should need more", found, len(puzzles))
	}
}

// TestFixedRatings: the techniques MetBy takes as rated one way are, on
// every step of the fixture's paths.
func TestFixedRatings(t *testing.T) {
	seen := map[string]int{}
	for _, p := range readRated(t, "testdata/se-rated-sample.txt", 0) {
		path, _ := Path(p.grid)
		for _, s := range path {
			if r, ok := fixedRatings[s.Technique.Name]; ok {
				seen[s.Technique.Name]++
				if s.Rating != r {
					t.Errorf("%s: a %s rated %v, want %v", p.grid.Line('.'), s.Technique.Name, s.Rating, r)
				}
			}
		}
	}
	if len(seen) < len(fixedRatings)/2 {
		t.Errorf("saw %d of the %d techniques: %v", len(seen), len(fixedRatings), seen)
	}
}

// TestMetBy: MetBy, which walks only as far as it must, agrees with MetOn
// on the whole path, for every technique and kind, on fixture puzzles of
// every band.
func TestMetBy(t *testing.T) {
	var names []string
	for _, tt := range techniqueTable {
		if tt.Name != "" && !tt.Board && !slices.Contains(names, tt.Name) {
			names = append(names, tt.Name)
		}
	}
	names = append(names, "0701", "0600", "0706")
	ctx := context.Background()
	for i, p := range readRated(t, "testdata/se-rated-sample.txt", 0) {
		if i%3 != 0 {
			continue // every band, at a test's speed
		}
		path, err := Path(p.grid)
		if err != nil {
			continue
		}
		for _, name := range names {
			for _, kind := range BeforeKinds {
				n, err := ParseNeed(name, kind)
				if err != nil {
					t.Fatal(err)
				}
				if _, _, walks := n.walkPlan(); !walks {
					continue // MetBy is MetOn on the whole path
				}
				_, want := n.MetOn(p.grid, path)
				got, err := n.MetBy(ctx, p.grid)
				if got != want || err != nil {
					t.Errorf("%s, %q before %q: MetBy = %v, %v; MetOn = %v", p.grid.Line('.'), name, kind, got, err, want)
				}
			}
		}
	}
}

// BenchmarkTrains: the techniques the fixture's puzzles need (what a bank
// stores with each puzzle), paths computed beforehand.
func BenchmarkTrains(b *testing.B) {
	type pp struct {
		g    sudoku.Grid
		path []Step
	}
	var ps []pp
	for _, p := range readRated(b, "testdata/se-rated-sample.txt", 0) {
		path, _ := Path(p.grid)
		ps = append(ps, pp{p.grid, path})
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		p := ps[n%len(ps)]
		Trains(p.g, p.path)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}
