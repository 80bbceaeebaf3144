package main

import (
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	in := `{"Action":"run","Package":"a","Test":"TestOK"}
{"Action":"pass","Package":"a","Test":"TestOK"}
{"Action":"run","Package":"a","Test":"TestSkip"}
{"Action":"output","Package":"a","Test":"TestSkip","Output":"skipping: no data\n"}
{"Action":"skip","Package":"a","Test":"TestSkip"}
{"Action":"pass","Package":"a"}
{"Action":"run","Package":"b","Test":"TestBad"}
{"Action":"output","Package":"b","Test":"TestBad","Output":"b_test.go:3: wrong\n"}
{"Action":"fail","Package":"b","Test":"TestBad/sub"}
{"Action":"fail","Package":"b","Test":"TestBad"}
{"Action":"fail","Package":"b"}
`
	var out strings.Builder
	code := run(strings.NewReader(in), &out)
	got := out.String()
	for _, want := range []string{"b_test.go:3: wrong", "a                                     1      0      1", "b                                     1      1      0", "total                                 2      1      1"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	out.Reset()
	if code := run(strings.NewReader(strings.SplitAfterN(in, "\n", 7)[0]+`{"Action":"pass","Package":"a","Test":"TestOK"}`+"\n"), &out); code != 0 {
		t.Errorf("all passing: exit %d\n%s", code, out.String())
	}
}
