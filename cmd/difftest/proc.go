package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// proc is a long-lived child process that answers one JSON line per line
// it reads (the anchors' drivers, the ILP worker). One that does not
// answer in time is killed and started again.
type proc struct {
	name  string
	args  []string // the command line, nice first
	dir   string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// restarts counts the times it was killed for not answering.
	restarts int
}

// errHung means the process gave no answer in time and was restarted.
var errHung = errors.New("no answer in time (killed and restarted)")

// start starts the process and waits for its "ready" line.
func (p *proc) start() error {
	cmd := exec.Command(p.args[0], p.args[1:]...)
	cmd.Dir, cmd.Stderr = p.dir, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its children (tsx's node) go with it
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", p.name, err)
	}
	p.cmd, p.in, p.lines = cmd, in, make(chan string, 1)
	go func(lines chan<- string) {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}(p.lines)
	select {
	case l, ok := <-p.lines:
		if ok && strings.HasPrefix(l, "ready") {
			return nil
		}
	case <-time.After(10 * time.Minute): // tsx compiles the anchor first: slow on a loaded machine
	}
	p.stop()
	return fmt.Errorf("%s did not start (%s)", p.name, strings.Join(p.args, " "))
}

// stop ends the process and its children (its process group, which it
// leads: the pid this started).
func (p *proc) stop() {
	if p.cmd == nil {
		return
	}
	p.in.Close()
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.cmd.Wait()
	p.cmd = nil
}

// ask sends one line and decodes the answer into v, waiting while the
// process (with its children) uses at most cpu of CPU time and at most
// wall of wall time; a process that does not answer by then is killed
// (started again at the next ask), and ask returns errHung.
func (p *proc) ask(line string, cpu, wall time.Duration, v any) error {
	if p.cmd == nil {
		if err := p.start(); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.stop()
		return fmt.Errorf("%s: %w", p.name, err)
	}
	pgid := p.cmd.Process.Pid
	cpu0, deadline := groupCPU(pgid), time.Now().Add(wall)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.stop()
				return fmt.Errorf("%s stopped", p.name)
			}
			if err := json.Unmarshal([]byte(l), v); err != nil {
				return fmt.Errorf("%s answered %.80q: %w", p.name, l, err)
			}
			return nil
		case <-tick.C:
			if groupCPU(pgid)-cpu0 > cpu || time.Now().After(deadline) {
				p.stop()
				p.restarts++
				return errHung
			}
		}
	}
}
