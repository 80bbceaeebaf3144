package words

import "testing"

func TestPluralCount(t *testing.T) {
	for _, tc := range []struct {
		n           int
		plural, cnt string
	}{
		{0, "they are", "0 cells"},
		{1, "it is", "1 cell"},
		{2, "they are", "2 cells"},
	} {
		if got := Plural(tc.n, "it is", "they are"); got != tc.plural {
			t.Errorf("Plural(%d) = %q, want %q", tc.n, got, tc.plural)
		}
		if got := Count(tc.n, "cell"); got != tc.cnt {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.cnt)
		}
	}
}
