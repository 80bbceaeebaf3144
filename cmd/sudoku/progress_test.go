package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	tests := []struct {
		name    string
		enabled bool
		total   int64
		want    []string
	}{
		{"terminal, files of known size", true, 1000, []string{"[", "50%", "1 puzzles"}},
		{"terminal, stdin", true, 0, []string{"1 puzzles", "/s"}},
		{"not a terminal", false, 1000, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := newProgress(&buf, tt.enabled)
			p.start = time.Now().Add(-time.Second) // past the half-second delay
			p.addTotal(tt.total)
			p.addRead(500)
			p.step()
			p.finish()
			got := buf.String()
			if tt.want == nil && got != "" {
				t.Errorf("got %q, want nothing drawn", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to contain %q", got, w)
				}
			}
			if tt.enabled && !strings.HasSuffix(got, "\r\x1b[K") {
				t.Errorf("got %q, want the bar cleared at the end", got)
			}
		})
	}
}
