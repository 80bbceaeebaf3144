package logic

import (
	"strings"
	"testing"
)

// advCase is a position from HoDoKu's regression library (the lines are
// copied into the tests so that they run without ../shared) and the
// eliminations the finder under test must make from it.
type advCase struct {
	name string
	line string
	find func(*Board) (Step, bool)
	want string // eliminations, HoDoKu notation: digit, row, column
	tech string
	rate Rating
}

// runAdvCases checks that each finder's first step has exactly the wanted
// eliminations, rating and technique, and a non-empty explanation.
func runAdvCases(t *testing.T, cases []advCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := parseReglibLine(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			want, err := parseReglibCandidates(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			b := c.board
			s, ok := tc.find(&b)
			if !ok {
				t.Fatalf("got no step, want -%v", want)
			}
			if !sameCandidates(s.Eliminations, want) {
				t.Errorf("eliminations: got %v, want %v", s.Eliminations, want)
			}
			if s.Technique.Name != tc.tech || s.Rating != tc.rate {
				t.Errorf("technique: got %s %v, want %s %v", s.Technique.Name, s.Rating, tc.tech, tc.rate)
			}
			if e := s.Explain(); e == "" || !strings.Contains(e, want[0].Cell.String()) {
				t.Errorf("explanation: got %q, want one naming %v", e, want[0].Cell)
			}
		})
	}
}

func TestWings(t *testing.T) {
	xy := func(b *Board) (Step, bool) { return finders["XYWing"](b) }
	xyz := func(b *Board) (Step, bool) { return finders["XYZWing"](b) }
	w := func(b *Board) (Step, bool) { return bxFirst(b, enumWWing) }
	runAdvCases(t, []advCase{
		{"XY-Wing", ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::",
			xy, "942 943 954 955 956", "XY-Wing", 42},
		{"XYZ-Wing", ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::",
			xyz, "635 636", "XYZ-Wing", 44},
		{"W-Wing", ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::",
			w, "417 427 437 489 499", "W-Wing", 44},
	})
}

// TestWXYZWingRating checks Sukaku Explainer's rating: 5.5 when the
// largest cell of the almost locked set holds 2 or 4 digits, 5.6 for 3.
func TestWXYZWingRating(t *testing.T) {
	for _, tc := range []struct {
		big  int
		want Rating
	}{{2, 55}, {3, 56}, {4, 55}} {
		if got := Rating(55 + (1 - abs(3-tc.big))); got != tc.want {
			t.Errorf("largest cell %d: got %v, want %v", tc.big, got, tc.want)
		}
	}
}
