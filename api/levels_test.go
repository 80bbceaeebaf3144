package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"sudoku/logic"
)

// /api/levels lists Practice's techniques from the technique table, each
// one a needs value /api/generate reads.
func TestLevelsPractice(t *testing.T) {
	ts := serverWith(t, &Server{})
	resp, m := do(t, "GET", ts.URL+"/api/levels", "", "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	list, _ := m["practice"].([]any)
	want := 0
	for _, tt := range logic.Techniques() {
		if tt.Practice {
			want++
		}
	}
	if len(list) != want || want < 10 {
		t.Fatalf("%d techniques to practise, want the table's %d", len(list), want)
	}
	for _, e := range list {
		p, _ := e.(map[string]any)
		needs, _ := p["needs"].(string)
		if _, err := logic.ParseNeed(needs, ""); err != nil || p["name"] == "" || p["summary"] == "" {
			t.Errorf("%v: %v", p, err)
		}
	}
}

// Every technique of the Practice list gets a practice position whose
// worked example is that very technique (never another one in its place).
func TestPracticeGivesTheTechnique(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a puzzle per technique")
	}
	ts := serverWith(t, &Server{})
	_, m := do(t, "GET", ts.URL+"/api/levels", "", "")
	list, _ := m["practice"].([]any)
	for _, e := range list {
		p, _ := e.(map[string]any)
		needs, _ := p["needs"].(string)
		t.Run(needs, func(t *testing.T) {
			status, r, _ := post(t, ts, "/api/generate", fmt.Sprintf(`{"needs":%q,"seed":1}`, needs))
			if status != http.StatusOK {
				t.Fatalf("status %d: %v", status, r)
			}
			pr, _ := r["practice"].(map[string]any)
			ex, _ := pr["example"].(map[string]any)
			if pr == nil || ex == nil {
				t.Fatalf("no practice example: %v", r["practice"])
			}
			if got := strings.ToLower(fmt.Sprint(ex["technique"])); got != needs || pr["technique"] != ex["technique"] {
				t.Errorf("practice of %q shows %q (promised %q)", needs, ex["technique"], pr["technique"])
			}
			if st, _ := ex["step"].(map[string]any); st == nil || ex["text"] == "" {
				t.Errorf("example without its step: %v", ex)
			}
		})
	}
}

// /api/levels says which levels each rule set is made at, and
// /api/generate refuses a level outside them at once with a 400 naming
// those offered.
func TestLevelsOffered(t *testing.T) {
	ts := serverWith(t, &Server{})
	_, m := do(t, "GET", ts.URL+"/api/levels", "", "")
	offered, _ := m["offered"].(map[string]any)
	windoku, _ := offered["windoku"].([]any)
	if len(windoku) == 0 || fmt.Sprint(windoku...) == "" || strings.Contains(fmt.Sprint(windoku), "Diabolical") {
		t.Fatalf("windoku offered %v (all: %v)", windoku, offered)
	}
	status, r, _ := post(t, ts, "/api/generate", `{"variant":"windoku","level":"Diabolical","seed":1}`)
	if msg := fmt.Sprint(r["message"], r["error"]); status != http.StatusBadRequest || !strings.Contains(msg, "Extreme") {
		t.Errorf("windoku at Diabolical: status %d, %v", status, r)
	}
}
