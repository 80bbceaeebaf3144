package api

import (
	"strings"
	"testing"
)

// TestCandidatesRoute checks /api/candidates: true candidates, counts,
// a page of solutions with more after it, and the refusals.
func TestCandidatesRoute(t *testing.T) {
	ts := newTestServer(t)
	const two = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
	killer4 := "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"
	status, m, _ := post(t, ts, "/api/candidates", `{"puzzle":"`+two+`"}`)
	cands, _ := m["candidates"].([]any)
	if status != 200 || len(cands) != 81 || m["found"] != 2.0 || m["complete"] != true || m["counts"] != nil {
		t.Fatalf("candidates: %d %v", status, m)
	}
	if c3, _ := cands[3].([]any); len(c3) != 2 || c3[0] != 6.0 || c3[1] != 7.0 {
		t.Errorf("r1c4's candidates: got %v, want [6 7]", cands[3])
	}
	status, m, _ = post(t, ts, "/api/candidates", `{"puzzle":"`+killer4+`","counts":true,"solutions":3,"offset":2}`)
	counts, _ := m["counts"].([]any)
	page, _ := m["page"].([]any)
	if status != 200 || len(counts) != 16 || m["found"] != 8.0 || len(page) != 3 || m["more"] != true {
		t.Fatalf("counts and a page: %d %v", status, m)
	}
	if c0, _ := counts[0].([]any); len(c0) != 4 || c0[0] != 4.0 || c0[2] != 0.0 {
		t.Errorf("r1c1's counts: got %v, want [4 4 0 0]", counts[0])
	}
	for _, p := range page {
		if s, _ := p.(string); len(s) != 16 || strings.Trim(s, "1234") != "" {
			t.Errorf("a solution of the page: %v", p)
		}
	}
	status, m, _ = post(t, ts, "/api/candidates", `{"puzzle":"`+killer4+`","solutions":5,"offset":5}`)
	if page, _ := m["page"].([]any); status != 200 || len(page) != 3 || m["more"] != false {
		t.Errorf("the last page: %d %v", status, m)
	}
	for _, tt := range []struct{ name, body, code string }{
		{"page too large", `{"puzzle":"` + two + `","solutions":101}`, "bad_request"},
		{"offset too far", `{"puzzle":"` + two + `","solutions":10,"offset":9999}`, "bad_request"},
		{"no puzzle", `{}`, "bad_request"},
		{"two 5s in a row", `{"puzzle":"55` + two[2:] + `"}`, "conflict"},
		{"no solution", `{"puzzle":"12345678.........9` + strings.Repeat(".", 63) + `"}`, "no_solution"},
	} {
		status, m, _ := post(t, ts, "/api/candidates", tt.body)
		if status < 400 || status >= 500 || tt.code != "" && errCode(m) != tt.code {
			t.Errorf("%s: %d %v, want a 4xx %s", tt.name, status, m, tt.code)
		}
	}
}

// TestCandidatesEstimate checks "estimate" on /api/candidates: the
// estimate of the empty 9x9 (6.67e21 solutions) with its interval and
// 1000 probes, the same on every request; a small tree's count, exact;
// none without it.
func TestCandidatesEstimate(t *testing.T) {
	ts := newTestServer(t)
	empty := `{"puzzle":"` + strings.Repeat(".", 81) + `","estimate":true}`
	status, m, _ := post(t, ts, "/api/candidates", empty)
	e, _ := m["estimate"].(map[string]any)
	low, _ := e["low"].(float64)
	high, _ := e["high"].(float64)
	sols, _ := e["solutions"].(float64)
	if status != 200 || e["exact"] != false || e["probes"] != 1000.0 || !(low < 6.67e21 && 6.67e21 < high) || !(low < sols && sols < high) {
		t.Fatalf("empty 9x9: %d %v", status, e)
	}
	if _, again, _ := post(t, ts, "/api/candidates", empty); again["estimate"].(map[string]any)["solutions"] != sols {
		t.Errorf("a second request: %v, then %v", e, again["estimate"])
	}
	status, m, _ = post(t, ts, "/api/candidates", `{"puzzle":"................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5","estimate":true}`)
	want := map[string]any{"solutions": 8.0, "low": 8.0, "high": 8.0, "probes": 0.0, "exact": true}
	if e, _ := m["estimate"].(map[string]any); status != 200 || len(e) != len(want) {
		t.Errorf("4x4 killer: %d %v, want %v", status, m["estimate"], want)
	} else {
		for k, v := range want {
			if e[k] != v {
				t.Errorf("4x4 killer: %s is %v, want %v", k, e[k], v)
			}
		}
	}
	if _, m, _ = post(t, ts, "/api/candidates", `{"puzzle":"`+strings.Repeat(".", 81)+`"}`); m["estimate"] != nil {
		t.Errorf("no estimate asked: %v", m["estimate"])
	}
}
