package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

// proc is a long-running child process (a service or the gateway).
type proc struct {
	name    string
	cmd     *exec.Cmd
	out     *prefixWriter
	started time.Time
	done    chan struct{} // closed when the process has exited
	err     error         // its exit status, valid after done
	restart func() *proc  // starts the same command again
}

// command prepares a child in its own process group, so that a Ctrl-C in the terminal reaches
// devstack alone and devstack stops the children in order. If devstack dies, the kernel sends
// the child SIGTERM.
func command(name, bin string, args []string, env map[string]string, dir string) (*exec.Cmd, *prefixWriter) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = envList(env)
	out := newPrefixWriter(os.Stdout, name)
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.Stdin = nil
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	cmd.WaitDelay = 5 * time.Second
	return cmd, out
}

// runOnce runs a command to its end (a build, a migration, an import). A cancelled ctx stops it.
func runOnce(ctx context.Context, name, bin string, args []string, env map[string]string, dir string) error {
	cmd, out := command(name, bin, args, env, dir)
	defer out.Flush()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	waitErr := make(chan error, 1)
	go func() { waitErr <- cmd.Wait() }()
	select {
	case err := <-waitErr:
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
		}
		return nil
	case <-ctx.Done():
		signalGroup(cmd, syscall.SIGTERM)
		select {
		case <-waitErr:
		case <-time.After(10 * time.Second):
			signalGroup(cmd, syscall.SIGKILL)
			<-waitErr
		}
		return ctx.Err()
	}
}

// startProc starts a long-running child.
func startProc(name, bin string, args []string, env map[string]string, dir string) (*proc, error) {
	p := launch(name, bin, args, env, dir)
	if p.exited() {
		return nil, p.err
	}
	return p, nil
}

// launch starts the command; a command that cannot start is a process that has already ended.
func launch(name, bin string, args []string, env map[string]string, dir string) *proc {
	cmd, out := command(name, bin, args, env, dir)
	p := &proc{name: name, cmd: cmd, out: out, started: time.Now(), done: make(chan struct{})}
	p.restart = func() *proc { return launch(name, bin, args, env, dir) }
	if err := cmd.Start(); err != nil {
		p.err = fmt.Errorf("start %s: %w", name, err)
		close(p.done)
		return p
	}
	go func() {
		p.err = cmd.Wait()
		out.Flush()
		close(p.done)
	}()
	return p
}

// exited tells whether the process has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop sends SIGTERM to the process group and waits; after timeout it sends SIGKILL.
func (p *proc) stop(timeout time.Duration) error {
	if p.exited() {
		return nil
	}
	signalGroup(p.cmd, syscall.SIGTERM)
	select {
	case <-p.done:
		var ee *exec.ExitError
		if errors.As(p.err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() {
			return nil // ended by our signal: a clean stop for a program without a handler
		}
		return p.err
	case <-time.After(timeout):
		signalGroup(p.cmd, syscall.SIGKILL)
		<-p.done
		return fmt.Errorf("%s did not stop within %s; killed", p.name, timeout)
	}
}

func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process == nil {
		return
	}
	// The child leads its own process group (Setpgid): signal the whole group.
	if err := syscall.Kill(-cmd.Process.Pid, sig); err != nil {
		_ = cmd.Process.Signal(sig)
	}
}

func envMap(list []string) map[string]string {
	m := make(map[string]string, len(list))
	for _, kv := range list {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

func envList(m map[string]string) []string {
	list := make([]string, 0, len(m))
	for k, v := range m {
		list = append(list, k+"="+v)
	}
	sort.Strings(list)
	return list
}

func with(base map[string]string, kv map[string]string) map[string]string {
	m := make(map[string]string, len(base)+len(kv))
	for k, v := range base {
		m[k] = v
	}
	for k, v := range kv {
		m[k] = v
	}
	return m
}
