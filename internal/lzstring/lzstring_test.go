package lzstring

import (
	"strings"
	"testing"
)

// TestBase64 checks the codec against lz-string's own test vector
// (test/data/hello_world of github.com/pieroxy/lz-string, MIT: the bytes
// of "Hello world" read as UTF-16 units) and round trips.
func TestBase64(t *testing.T) {
	if got := CompressToBase64("䡥汬漠睯牬搀"); got != "qYShsbQE9o9u6DZOgAJkA===" {
		t.Errorf("compress: %q", got)
	}
	if got, err := DecompressFromBase64("qYShsbQE9o9u6DZOgAJkA==="); err != nil || got != "䡥汬漠睯牬搀" {
		t.Errorf("decompress: %q, %v", got, err)
	}
	for _, s := range []string{"a", "hello, world", `{"size":9,"grid":[[{}]]}`, strings.Repeat("abc", 1000), "héllo ☃ 𝄞"} {
		if got, err := DecompressFromBase64(CompressToBase64(s)); err != nil || got != s {
			t.Errorf("%q: round trip gave %q, %v", s, got, err)
		}
	}
	for _, bad := range []string{"", "!!!", "A", "qYShsbQE9o9u6DZ"} {
		if _, err := DecompressFromBase64(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzDecompressBase64(f *testing.F) {
	f.Add("qYShsbQE9o9u6DZOgAJkA===")
	f.Add(CompressToBase64(strings.Repeat("ab", 500)))
	f.Fuzz(func(t *testing.T, s string) {
		out, err := DecompressFromBase64(s)
		if err == nil && len(out) > 4*maxOutput {
			t.Fatalf("%d bytes out", len(out))
		}
	})
}
