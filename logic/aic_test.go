package logic

import (
	"strings"
	"testing"
)

// enumMatching returns a finder giving the first step of an enumerator
// whose eliminations are want (HoDoKu's format).
func enumMatching(t *testing.T, enum func(*Board, func(Step) bool), want string) func(*Board) (Step, bool) {
	w, err := parseReglibCandidates(want)
	if err != nil {
		t.Fatal(err)
	}
	return func(b *Board) (Step, bool) {
		var got Step
		found := false
		enum(b, func(s Step) bool {
			if sameCandidates(s.Eliminations, w) {
				got, found = s, true
			}
			return !found
		})
		return got, found
	}
}

func TestChains(t *testing.T) {
	x := func(b *Board, y func(Step) bool) { enumAICs(b, aicX, y) }
	xy := func(b *Board, y func(Step) bool) { enumAICs(b, aicXY, y) }
	aic := func(b *Board, y func(Step) bool) { enumAICs(b, aicFull, y) }
	dnl := func(b *Board, y func(Step) bool) { enumNiceLoops(b, false, false, y) }
	cases := []struct {
		advCase
		enum  func(*Board, func(Step) bool)
		links int // links of the chain
	}{
		// (7)r1c2=(7)r1c9-(7)r2c8=(7)r7c8-(7)r7c3=(7)r4c3: r1c2 or r4c3
		// holds 7, and r4c2 sees both.
		{advCase{"X-chain", ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5",
			nil, "742", "X-chain", 47}, x, 5},
		{advCase{"XY-chain", ":0702:6:4+7+2+35+698153+1..+8.+2.+86+91.+2.53+158.2+7+34.+2+9+64+13+8+7+57+4+38.+5....+8...9....2..+8+1...+91..+3+4.68::675::7",
			nil, "675", "XY-chain", 48}, xy, 7},
		{advCase{"remote pair", ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7",
			nil, "577 579 594 596 877 879 894 896", "Remote pair", 47}, enumRemotePairs, 7},
		{advCase{"DNL others", ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7",
			nil, "264 364 464 864", "Discontinuous nice loop", 52}, dnl, 7},
		{advCase{"AIC type 1", ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9",
			nil, "513 523 533 572 582", "AIC", 53}, aic, 9},
		{advCase{"AIC type 2", ":0708-2:38:..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1::397 817::7",
			nil, "397 817", "AIC", 52}, aic, 7},
	}
	for _, tc := range cases {
		tc.find = enumMatching(t, tc.enum, tc.want)
		runAdvCases(t, []advCase{tc.advCase})
		t.Run(tc.name+" links", func(t *testing.T) {
			c, _ := parseReglibLine(tc.line)
			s, ok := tc.find(&c.board)
			if !ok {
				t.Fatal("no step")
			}
			if len(s.Links) != tc.links {
				t.Errorf("links: got %d (%s), want %d", len(s.Links), aicChainText(&s), tc.links)
			}
			for i := 1; i < len(s.Links); i++ {
				if s.Links[i].From != s.Links[i-1].To || s.Links[i].Strong == s.Links[i-1].Strong && s.Technique.Code != "0703" {
					t.Errorf("links do not alternate: %s", aicChainText(&s))
				}
			}
			if !strings.Contains(s.Explain(), "(") {
				t.Errorf("explanation without the chain: %q", s.Explain())
			}
		})
	}
}

func TestAICLengthBonus(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want Rating
	}{{3, 0}, {4, 0}, {5, 1}, {6, 1}, {7, 2}, {8, 2}, {9, 3}, {12, 3}, {13, 4}, {16, 4}, {17, 5}} {
		if got := aicLengthBonus(tc.n); got != tc.want {
			t.Errorf("aicLengthBonus(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}
