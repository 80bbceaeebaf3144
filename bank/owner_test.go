package bank

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

func TestProcessOwner(t *testing.T) {
	host, _ := os.Hostname()
	if got, want := ProcessOwner(""), fmt.Sprintf("pid %d on %s", os.Getpid(), host); got != want {
		t.Errorf("ProcessOwner(\"\") = %q, want %q", got, want)
	}
	if got := ProcessOwner("serve"); !strings.HasSuffix(got, " (serve)") || !strings.HasPrefix(got, ProcessOwner("")) {
		t.Errorf("ProcessOwner(\"serve\") = %q", got)
	}
}

func TestProcessGone(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no liveness check on Windows")
	}
	host, _ := os.Hostname()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	tests := []struct {
		name, owner string
		gone        bool
	}{
		{"this process", ProcessOwner(""), false},
		{"this process, serving", ProcessOwner("serve"), false},
		{"a process that ended", fmt.Sprintf("pid %d on %s", dead.Process.Pid, host), true},
		{"a server that ended", fmt.Sprintf("pid %d on %s (serve)", dead.Process.Pid, host), true},
		{"another machine", fmt.Sprintf("pid %d on %s-other", dead.Process.Pid, host), false},
		{"not a process", "test", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProcessGone(tt.owner); got != tt.gone {
				t.Errorf("ProcessGone(%q) = %v, want %v", tt.owner, got, tt.gone)
			}
		})
	}
}
