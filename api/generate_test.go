package api

import (
	"strings"
	"testing"
)

// TestGenerateGaveUp: a generate that finds nothing within its tries is
// the request's fault, not the server's: 422 not_found_in_tries saying
// what was asked and how many tries, without Retry-After.
func TestGenerateGaveUp(t *testing.T) {
	ts := serverWith(t, &Server{})
	tests := []struct {
		name, body string
		want       []string // in the message
	}{
		{"4x4 diabolical", `{"size":4,"level":"diabolical","seed":1}`, []string{"4x4", "level Diabolical (ER 9.0 and up)", "2000 tries", "seed 1"}},
		{"4x4 X diabolical", `{"size":4,"variant":"x","level":"diabolical","symmetry":"rot180","seed":2}`, []string{"x 4x4", "level Diabolical", "symmetry rot180", "seed 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, m := do(t, "POST", ts.URL+"/api/generate", "application/json", tt.body)
			if resp.StatusCode != 422 || errCode(m) != "not_found_in_tries" || resp.Header.Get("Retry-After") != "" {
				t.Fatalf("got %d %q Retry-After %q, want 422 not_found_in_tries without Retry-After", resp.StatusCode, errCode(m), resp.Header.Get("Retry-After"))
			}
			msg := m["error"].(map[string]any)["message"].(string)
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestAskedOf(t *testing.T) {
	tests := []struct {
		name string
		req  generateRequest
		want string
	}{
		{"nothing", generateRequest{}, "9x9"},
		{"level", generateRequest{Level: "hard"}, "9x9, level Hard (ER 2.6 to 4.0)"},
		{"needs", generateRequest{Needs: "x-wing", OnlyBefore: "singles", Minimal: true}, "9x9, needs x-wing, only before it: singles, minimal"},
		{"variant", generateRequest{Variant: "jigsaw,x", Size: new(6)}, "jigsaw x 6x6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := askedOf(tt.req); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
