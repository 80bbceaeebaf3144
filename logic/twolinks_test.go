package logic

import "testing"

func TestTwoStrongLinks(t *testing.T) {
	f := findTwoLinks
	// er finds the first empty rectangle on 9: on this position an easier
	// turbot fish on 2 comes first in the solving order.
	er := func(b *Board) (Step, bool) {
		var got Step
		found := false
		enumTwoLinks(b, func(s Step) bool {
			if s.Technique.Code == "0402" && s.Digits[0] == 9 {
				got, found = s, true
				return false
			}
			return true
		})
		return got, found
	}
	runAdvCases(t, []advCase{
		{"skyscraper", ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::",
			f, "657 658 664 665", "Skyscraper", 40},
		{"2-string kite", ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::",
			// The pattern is a kite, but the same elimination also comes from a
			// box and a row; both rate 4.1 and the box link is found first.
			f, "381", "Turbot fish", 41},
		{"empty rectangle", ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::",
			er, "986", "Empty rectangle", 43},
		{"turbot fish", ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::",
			f, "277", "Turbot fish", 41},
	})
}
