package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// lockDataDir makes sure that only one devstack at a time runs the private PostgreSQL and NATS on
// .data: a second one would otherwise share the first one's PostgreSQL and stop it on its way out.
// The lock goes with the process, also when it dies.
func lockDataDir(path string) (release func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("another devstack (pid %s) runs the local PostgreSQL and NATS of this tree: stop it first",
				strings.TrimSpace(string(b)))
		}
		return nil, err
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(fmt.Sprintf("%d\n", os.Getpid())), 0)
	return func() {
		_ = f.Truncate(0)
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
