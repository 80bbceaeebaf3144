package bank

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
)

// ProcessOwner names this process as a lease's owner: "pid 1234 on host",
// then what, when given (" (serve)"), so that two holders in one process
// are told apart.
func ProcessOwner(what string) string {
	host, _ := os.Hostname()
	owner := fmt.Sprintf("pid %d on %s", os.Getpid(), host)
	if what != "" {
		owner += " (" + what + ")"
	}
	return owner
}

// ProcessGone reports whether a lease's owner, as ProcessOwner names it,
// is a process of this machine that no longer runs (a fill killed with
// kill -9): its lease is free at once, not only after LeaseTTL. It is
// false for an owner of another machine, or one it cannot tell.
func ProcessGone(owner string) bool {
	var pid int
	var host string
	if _, err := fmt.Sscanf(owner, "pid %d on %s", &pid, &host); err != nil || runtime.GOOS == "windows" {
		return false
	}
	if me, _ := os.Hostname(); host != me {
		return false
	}
	p, err := os.FindProcess(pid)
	return err != nil || p.Signal(syscall.Signal(0)) != nil
}
