package main

import (
	"bytes"
	"context"
	"encoding/json"
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

	"golang.org/x/crypto/bcrypt"
)

// stack is the whole system as `make run` starts it (devstack with the binaries make build left in
// .data/bin), on ports shifted by offset and with a data directory of its own.
type stack struct {
	cmd  *exec.Cmd
	url  string
	data string // the data directory
}

// adminAccounts are the administrators the admin scenario signs in as: admin/admin as make run
// has it, and n more, one per connection, so that no two of them share an identity.
func adminAccounts(n int) (spec string, logins []login, err error) {
	entries := []string{}
	for i := range n + 1 {
		l := login{name: "admin", password: "admin"}
		if i > 0 {
			l = login{name: fmt.Sprintf("bench-admin-%02d", i), password: fmt.Sprintf("bench-password-%02d", i)}
			logins = append(logins, l)
		}
		// The lowest cost: these accounts exist only for the run, and 33 sign-ins should not take a minute.
		hash, err := bcrypt.GenerateFromPassword([]byte(l.password), bcrypt.MinCost)
		if err != nil {
			return "", nil, err
		}
		entries = append(entries, l.name+":"+string(hash))
	}
	return strings.Join(entries, ","), logins, nil
}

func startStack(ctx context.Context, root string, offset int, accounts string, logFile *os.File) (*stack, error) {
	data := filepath.Join(".data", fmt.Sprintf("bench-%d", offset))
	if err := os.RemoveAll(filepath.Join(root, data)); err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(root, ".data", "bin", "devstack"), "-build=false", "-data", data, "-port-offset", fmt.Sprint(offset))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "ADMIN_ACCOUNTS="+accounts)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start devstack (make build first): %w", err)
	}
	s := &stack{cmd: cmd, url: fmt.Sprintf("http://127.0.0.1:%d", 8080+offset), data: filepath.Join(root, data)}
	if err := waitReady(ctx, s.url, 3*time.Minute); err != nil {
		s.stop()
		return nil, fmt.Errorf("%w (its output: %s)", err, logFile.Name())
	}
	return s, nil
}

// postgresPID is the PostgreSQL server of the stack's private cluster (none with DATABASE_URL).
func (s *stack) postgresPID() (int, bool) {
	pidFile, err := os.ReadFile(filepath.Join(s.data, "postgres", "postmaster.pid"))
	if err != nil {
		return 0, false
	}
	first, _, _ := strings.Cut(string(pidFile), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	return pid, err == nil
}

func (s *stack) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	_ = s.cmd.Wait()
}

func waitReady(ctx context.Context, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return fmt.Errorf("the gateway at %s was not ready within %s", url, timeout)
}

// login is an administrator's name and password.
type login struct{ name, password string }

// signIn signs in and returns the session cookie as a Cookie header's value.
func signIn(ctx context.Context, url string, l login) (string, error) {
	body, _ := json.Marshal(map[string]string{"username": l.name, "password": l.password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/auth/login", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNoContent {
		return "", fmt.Errorf("sign-in of %s answered HTTP %d", l.name, resp.StatusCode)
	}
	var cookies []string
	for _, c := range resp.Cookies() {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	if len(cookies) == 0 {
		return "", errors.New("sign-in set no cookie")
	}
	return strings.Join(cookies, "; "), nil
}

// query sends one GraphQL request and decodes its data into out.
func query(ctx context.Context, url, cookie, q string, out any) error {
	body, _ := json.Marshal(map[string]any{"query": q})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/graphql", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var answer struct {
		Data   json.RawMessage
		Errors []struct{ Message string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		return fmt.Errorf("%s: HTTP %d: %w", q, resp.StatusCode, err)
	}
	if len(answer.Errors) > 0 {
		return fmt.Errorf("%s: %s", q, answer.Errors[0].Message)
	}
	return json.Unmarshal(answer.Data, out)
}
