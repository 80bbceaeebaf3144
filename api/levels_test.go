package api

import (
	"net/http"
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
