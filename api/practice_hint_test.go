package api

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sudoku/logic"
)

// TestPracticeHintNamesTechnique: the first hint at a practice position
// names the technique practised (and shows its step at level 3), for every
// technique Practice offers and a range of seeds: not the step the solving
// order takes next there, which for the techniques outside Sudoku
// Explainer's order (X-chain, XY-chain, W-Wing...) has another name.
func TestPracticeHintNamesTechnique(t *testing.T) {
	ts := serverWith(t, &Server{Now: func() time.Time { return time.Unix(1e9, 0) }})
	seeds := 10
	if testing.Short() {
		seeds = 2
	}
	for _, tech := range logic.Techniques() {
		if !tech.Practice {
			continue
		}
		for seed := range seeds {
			t.Run(fmt.Sprintf("%s/%d", tech.Name, seed), func(t *testing.T) {
				checkPracticeHint(t, ts, tech.Name, seed)
			})
		}
	}
}

// checkPracticeHint generates the practice of technique name from seed and
// asks the hint at its position, at each level.
func checkPracticeHint(t *testing.T, ts *httptest.Server, name string, seed int) {
	t.Helper()
	status, m, _ := post(t, ts, "/api/generate", fmt.Sprintf(`{"needs":%q,"seed":%d}`, strings.ToLower(name), seed))
	if status != 200 {
		t.Skipf("no practice from seed %d: %d %v", seed, status, m)
	}
	pr := m["practice"].(map[string]any)
	if pr["technique"] != name {
		t.Fatalf("practice technique %v, want %s", pr["technique"], name)
	}
	marks, _ := json.Marshal(pr["marks"])
	for level := 1; level <= 3; level++ {
		body := fmt.Sprintf(`{"puzzle":%q,"position":%q,"marks":%s,"level":%d,"practice":%q}`, m["puzzle"], pr["position"], marks, level, name)
		status, h, _ := post(t, ts, "/api/hint", body)
		if status != 200 {
			t.Fatalf("level %d: %d %v", level, status, h)
		}
		tech, _ := h["technique"].(string)
		text, _ := h["text"].(string)
		if !strings.HasPrefix(tech, name) || level < 3 && !strings.Contains(strings.ToLower(text), strings.ToLower(name)) {
			t.Fatalf("level %d hint names %q: %q, want %s", level, tech, text, name)
		}
		if level == 3 && h["step"] == nil {
			t.Fatalf("level 3 hint has no step: %v", h)
		}
	}
}

// TestPracticeHintBadTechnique: an unknown practice is a 400 naming the
// field.
func TestPracticeHintBadTechnique(t *testing.T) {
	ts := serverWith(t, &Server{})
	status, m, _ := post(t, ts, "/api/hint", `{"puzzle":"`+hardest+`","practice":"x-chainz"}`)
	e, _ := m["error"].(map[string]any)
	if msg, _ := e["message"].(string); status != 400 || !strings.HasPrefix(msg, "practice: unknown technique") {
		t.Errorf("got %d %v, want 400 practice: unknown technique", status, m)
	}
}
