package api

import (
	"os"
	"strings"
	"testing"
)

// TestErrorCodesDocumented: every code of the one table is in the error
// table of docs/api.md.
func TestErrorCodesDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for line := range strings.SplitSeq(string(b), "\n") {
		if strings.HasPrefix(line, "| `") {
			rows = append(rows, line)
		}
	}
	for code := range statusOf {
		found := false
		for _, row := range rows {
			cells := strings.Split(row, "|")
			found = found || strings.Contains(cells[1], "`"+code+"`")
		}
		if !found {
			t.Errorf("code %q is not in the error table of docs/api.md", code)
		}
	}
}
