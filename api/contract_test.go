package api

import (
	"strings"
	"testing"

	"sudoku/logic"
)

// TestBankPickContract: /api/bank/pick takes a JSON object as every route
// does, with the level in it or in the query, and hands nothing out when
// it refuses the request.
func TestBankPickContract(t *testing.T) {
	tests := []struct {
		name, query, ctype, body string
		status                   int
		code                     string
		given                    logic.Level // the level handed out on 200
	}{
		{"empty object", "?level=easy", "application/json", "{}", 200, "", logic.Easy},
		{"level in the body", "", "application/json", `{"level":"hard"}`, 200, "", logic.Hard},
		{"same level in both", "?level=hard", "application/json", `{"level":"Hard"}`, 200, "", logic.Hard},
		{"no level", "", "application/json", "{}", 200, "", logic.Medium},
		{"text/plain", "?level=easy", "text/plain", "{}", 415, "unsupported", 0},
		{"no Content-Type", "?level=easy", "", "{}", 415, "unsupported", 0},
		{"utf-16", "?level=easy", "application/json; charset=utf-16", "{}", 415, "unsupported", 0},
		{"not JSON", "?level=easy", "application/json", "not json", 400, "bad_request", 0},
		{"unknown field", "?level=easy", "application/json", `{"x":1}`, 400, "bad_request", 0},
		{"empty body", "?level=easy", "application/json", "", 400, "bad_request", 0},
		{"two levels", "?level=easy", "application/json", `{"level":"hard"}`, 400, "bad_request", 0},
		{"unknown level in the body", "", "application/json", `{"level":"nope"}`, 400, "bad_request", 0},
		{"70,000 bytes", "?level=easy", "application/json", `{"level":"` + strings.Repeat("e", 70000) + `"}`, 413, "too_large", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bank := &fakeBank{given: map[logic.Level]bool{}}
			ts := serverWith(t, &Server{Bank: bank})
			resp, m := do(t, "POST", ts.URL+"/api/bank/pick"+tt.query, tt.ctype, tt.body)
			if resp.StatusCode != tt.status || errCode(m) != tt.code {
				t.Fatalf("got %d %q (%v), want %d %q", resp.StatusCode, errCode(m), m["error"], tt.status, tt.code)
			}
			want := map[logic.Level]bool{}
			if tt.status == 200 {
				want[tt.given] = true
			}
			if len(bank.given) != len(want) || tt.status == 200 && !bank.given[tt.given] {
				t.Errorf("handed out %v, want %v", bank.given, want)
			}
		})
	}
}

// TestCharset: a JSON body in any charset but UTF-8 is refused, not read
// as UTF-8.
func TestCharset(t *testing.T) {
	ts := serverWith(t, &Server{})
	tests := []struct {
		name, ctype string
		status      int
	}{
		{"none", "application/json", 200},
		{"utf-8", "application/json; charset=utf-8", 200},
		{"UTF-8", "application/json; charset=\"UTF-8\"", 200},
		{"utf-16", "application/json; charset=utf-16", 415},
		{"UTF-16LE", "application/json; charset=UTF-16LE", 415},
		{"latin1", "application/json; charset=iso-8859-1", 415},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, m := do(t, "POST", ts.URL+"/api/solve", tt.ctype, `{"puzzle":"`+easy+`"}`)
			if resp.StatusCode != tt.status || tt.status == 415 && !strings.Contains(m["error"].(map[string]any)["message"].(string), "UTF-8") {
				t.Errorf("Content-Type %q: got %d %v, want %d (saying UTF-8)", tt.ctype, resp.StatusCode, m["error"], tt.status)
			}
		})
	}
}

// TestCrossOrigin: a cross-site POST is refused with the API's JSON error.
func TestCrossOrigin(t *testing.T) {
	ts := serverWith(t, &Server{})
	tests := []struct {
		name   string
		hdr    []string
		status int
		code   string
	}{
		{"same origin", []string{"Sec-Fetch-Site", "same-origin"}, 200, ""},
		{"no browser headers", nil, 200, ""},
		{"cross-site", []string{"Sec-Fetch-Site", "cross-site"}, 403, "cross_origin"},
		{"other Origin", []string{"Origin", "https://evil.example"}, 403, "cross_origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, m := do(t, "POST", ts.URL+"/api/solve", "application/json", `{"puzzle":"`+easy+`"}`, tt.hdr...)
			if resp.StatusCode != tt.status || errCode(m) != tt.code {
				t.Errorf("got %d %q (%s), want %d %q", resp.StatusCode, errCode(m), resp.Header.Get("Content-Type"), tt.status, tt.code)
			}
		})
	}
}

// killerID is a killer puzzle as a Solo game ID.
const killerID = "3x3k:zzzc,b_a_baaaab____a__________aa_____a___________a___abc__ab____ba___aaa_aa____ab__a_aba__a__a__a_aaaa,15b23_13a14_8a10c3c12_5a14b12_17_11a13_6a3_16c8a20_9b11c16b7_26_6_13a8b12c5_11b11c34e13f"

// TestOtherRulesAdvice: a puzzle of other rules, or a game ID, sent to a
// route of classic puzzles is told to go to /api/board.
func TestOtherRulesAdvice(t *testing.T) {
	ts := serverWith(t, &Server{})
	tests := []struct {
		name, path, puzzle string
		advice             string // "" for none
	}{
		{"killer ID to solve", "/api/solve", killerID, "killer 9x9"},
		{"killer ID to parse", "/api/parse", killerID, "killer 9x9"},
		{"killer ID to rate", "/api/rate", killerID, "killer 9x9"},
		{"4x4 to solve", "/api/solve", "1234341221434321", "4x4"},
		{"not a puzzle", "/api/solve", "12x", ""},
	}
	t.Run("classic ID solved", func(t *testing.T) {
		const id, sol = "3x3di:5_9b7e1c3a9a3c5c6e5_2_1a2a3c6a7a6_1_4e6c8c9a4a7c6e4b7_2", "596274381712863594384159726479635218253918647861427935627381459145792863938546172"
		resp, m := do(t, "POST", ts.URL+"/api/solve", "application/json", `{"puzzle":"`+id+`"}`)
		if resp.StatusCode != 200 || m["solution"] != sol {
			t.Errorf("got %d %v, want 200 and the solution", resp.StatusCode, m)
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, m := do(t, "POST", ts.URL+tt.path, "application/json", `{"puzzle":"`+tt.puzzle+`"}`)
			msg, _ := m["error"].(map[string]any)["message"].(string)
			if resp.StatusCode != 400 || errCode(m) != "invalid_puzzle" {
				t.Fatalf("got %d %q %q, want 400 invalid_puzzle", resp.StatusCode, errCode(m), msg)
			}
			advised := strings.Contains(msg, "/api/board") && strings.Contains(msg, "a "+tt.advice+" puzzle")
			if advised != (tt.advice != "") || strings.Contains(msg, "MATLAB") {
				t.Errorf("message %q: want advice %v naming %q", msg, tt.advice != "", tt.advice)
			}
		})
	}
}
