package systemtest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Stack is the whole system as `make run` starts it: devstack with the binaries `make build` left in
// .data/bin, a data directory of its own and every port shifted by an offset, so that it runs beside
// `make run`.
type Stack struct {
	Data    string // the data directory: databases, NATS store, keys, and devstack's log Log
	Log     string
	Gateway string // e.g. http://127.0.0.1:8680
	Mail    string // the mail catcher's HTTP API
	cmd     *exec.Cmd
	exited  chan struct{}
}

// StackOptions say where and how the stack runs.
type StackOptions struct {
	Root   string   // the repository
	Data   string   // the data directory; emptied first, so every run starts with the demo data only
	Offset int      // added to every port
	Args   []string // devstack's further flags
	Env    []string // further environment (KEY=value), e.g. ADMIN_ACCOUNTS
}

// The gateway's and the mail catcher's ports of make run (docs/architecture.md, "Local ports").
const (
	GatewayPort = 8080
	MailWebPort = 8025
)

// StartStack starts devstack in its own process group; it does not wait for the system to answer
// (see WaitFor). A data directory that a running devstack holds is refused.
func StartStack(opts StackOptions) (*Stack, error) {
	bin := filepath.Join(opts.Root, ".data", "bin", "devstack")
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("%s is missing: run make build first", bin)
	}
	if err := notInUse(opts.Data); err != nil {
		return nil, err
	}
	if err := os.RemoveAll(opts.Data); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opts.Data, 0o755); err != nil {
		return nil, err
	}
	s := &Stack{
		Data: opts.Data, Log: filepath.Join(opts.Data, "devstack.log"),
		Gateway: fmt.Sprintf("http://127.0.0.1:%d", GatewayPort+opts.Offset),
		Mail:    fmt.Sprintf("http://127.0.0.1:%d", MailWebPort+opts.Offset),
		exited:  make(chan struct{}),
	}
	log, err := os.Create(s.Log)
	if err != nil {
		return nil, err
	}
	args := append([]string{"-build=false", "-root", opts.Root, "-data", opts.Data, "-port-offset", strconv.Itoa(opts.Offset)}, opts.Args...)
	s.cmd = exec.Command(bin, args...)
	s.cmd.Dir, s.cmd.Stdout, s.cmd.Stderr = opts.Root, log, log
	s.cmd.Env = append(stackEnv(), opts.Env...)
	// Its own process group, so that Stop reaches every child; ended with this process.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := s.cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	go func() { _ = s.cmd.Wait(); log.Close(); close(s.exited) }()
	return s, nil
}

// notInUse refuses a data directory whose devstack still runs (it holds devstack.lock): removing it
// would pull the databases from under a running system.
func notInUse(data string) error {
	f, err := os.Open(filepath.Join(data, "devstack.lock"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return fmt.Errorf("another run uses %s (%v): stop it or choose another port offset", data, err)
	}
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}

// stackEnv is this process's environment without the settings that would make devstack use other
// servers than its own.
func stackEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		key, _, _ := strings.Cut(kv, "=")
		switch {
		case key == "DATABASE_URL", key == "NATS_URL", key == "SMTP_ADDR", key == "PORT", strings.HasPrefix(key, "OTEL_"):
			continue
		}
		env = append(env, kv)
	}
	return env
}

// PID is devstack's process id.
func (s *Stack) PID() int { return s.cmd.Process.Pid }

// Exited is closed when devstack has ended.
func (s *Stack) Exited() <-chan struct{} { return s.exited }

// WaitFor waits until ok, for at most limit; what names it in the error. It gives up at once when
// devstack ends.
func (s *Stack) WaitFor(ctx context.Context, limit time.Duration, what string, ok func() bool) error {
	deadline := time.Now().Add(limit)
	for !ok() {
		select {
		case <-s.exited:
			return fmt.Errorf("devstack ended (its log: %s)", s.Log)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no %s within %s (devstack's log: %s)", what, limit, s.Log)
		}
	}
	return nil
}

// WaitReady waits until the gateway answers its /readyz, for at most limit.
func (s *Stack) WaitReady(ctx context.Context, limit time.Duration) error {
	return s.WaitFor(ctx, limit, "ready gateway", func() bool {
		resp, err := http.Get(s.Gateway + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

// Stop ends devstack, which stops the services, NATS and PostgreSQL; after a minute the whole
// process group is killed.
func (s *Stack) Stop() {
	_ = syscall.Kill(-s.PID(), syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(60 * time.Second):
		_ = syscall.Kill(-s.PID(), syscall.SIGKILL)
		<-s.exited
	}
}

// PostmasterPID is the process id of the stack's private PostgreSQL server, which runs detached from
// devstack (pg_ctl); an error with DATABASE_URL or before it started.
func (s *Stack) PostmasterPID() (int, error) {
	pidFile, err := os.ReadFile(filepath.Join(s.Data, "postgres", "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	first, _, _ := strings.Cut(string(pidFile), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return 0, fmt.Errorf("postmaster.pid: %w", err)
	}
	return pid, nil
}
