// Package natslocal runs an embedded NATS server with JetStream.
//
// It exists so that the local stack and the tests have a real JetStream server without installing
// one: nats-server is a Go library and runs inside the calling process.
package natslocal

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"semesterhaus/platform/natsauth"
)

// Options configure the server.
type Options struct {
	// Port on 127.0.0.1; zero picks a free one.
	Port int
	// StoreDir keeps JetStream's streams. Empty means a temporary directory removed by Shutdown.
	StoreDir string
	// Logger receives the server's log; nil discards it.
	Logger *slog.Logger
	// Passwords, when set, turn authorization on: every user of natsauth.Users signs in with its
	// password here and gets its permissions in its account (natsauth.Accounts), and anonymous
	// connections are refused.
	Passwords map[string]string
	// MonitorPort, when set, serves NATS's monitoring endpoints (/healthz, /jsz) on 127.0.0.1 there.
	MonitorPort int
}

// Server is a running embedded NATS server.
type Server struct {
	ns      *server.Server
	tempDir string
}

// Start starts the server and waits until it accepts connections.
func Start(opt Options) (*Server, error) {
	s := &Server{}
	storeDir := opt.StoreDir
	if storeDir == "" {
		dir, err := os.MkdirTemp("", "natslocal-")
		if err != nil {
			return nil, fmt.Errorf("natslocal: %w", err)
		}
		storeDir, s.tempDir = dir, dir
	}
	port := opt.Port
	if port == 0 {
		port = server.RANDOM_PORT
	}
	options, err := serverOptions(opt.Passwords)
	if err != nil {
		s.removeTemp()
		return nil, err
	}
	options.ServerName, options.Host, options.Port = "natslocal", "127.0.0.1", port
	options.JetStream, options.StoreDir = true, storeDir
	options.NoSigs = true // signals belong to the embedding process
	options.HTTPHost, options.HTTPPort = "127.0.0.1", opt.MonitorPort
	ns, err := server.NewServer(options)
	if err != nil {
		s.removeTemp()
		return nil, fmt.Errorf("natslocal: %w", err)
	}
	if opt.Logger != nil {
		ns.SetLoggerV2(logAdapter{opt.Logger}, false, false, false)
	}
	s.ns = ns
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		return nil, errors.New("natslocal: server not ready within 10s")
	}
	return s, nil
}

// serverOptions are the accounts of natsauth.Accounts with their users' passwords; none without
// passwords. The accounts come as NATS configuration, the way the chart gives them to its servers.
func serverOptions(passwords map[string]string) (*server.Options, error) {
	options := &server.Options{}
	if passwords == nil {
		return options, nil
	}
	var missing error
	accounts := natsauth.Accounts(func(user string) any {
		if passwords[user] == "" {
			missing = fmt.Errorf("natslocal: no password for the NATS user %s", user)
		}
		return passwords[user]
	})
	if missing != nil {
		return nil, missing
	}
	var conf strings.Builder
	encoder := json.NewEncoder(&conf)
	encoder.SetEscapeHTML(false) // NATS configuration knows no \u escapes, and subjects hold '>'
	if err := encoder.Encode(map[string]any{"accounts": accounts}); err != nil {
		return nil, fmt.Errorf("natslocal: %w", err)
	}
	if err := options.ProcessConfigString(conf.String()); err != nil {
		return nil, fmt.Errorf("natslocal: accounts: %w", err)
	}
	return options, nil
}

// URL is the client URL, e.g. nats://127.0.0.1:4229.
func (s *Server) URL() string { return s.ns.ClientURL() }

// Shutdown stops the server and removes its temporary store.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
	s.removeTemp()
}

func (s *Server) removeTemp() {
	if s.tempDir != "" {
		_ = os.RemoveAll(s.tempDir)
	}
}

// logAdapter sends nats-server's printf-style log to slog. Debug and trace are off (see Start).
type logAdapter struct{ l *slog.Logger }

func (a logAdapter) Noticef(format string, v ...any) { a.l.Info(fmt.Sprintf(format, v...)) }
func (a logAdapter) Warnf(format string, v ...any)   { a.l.Warn(fmt.Sprintf(format, v...)) }
func (a logAdapter) Fatalf(format string, v ...any)  { a.l.Error(fmt.Sprintf(format, v...)) }
func (a logAdapter) Errorf(format string, v ...any)  { a.l.Error(fmt.Sprintf(format, v...)) }
func (a logAdapter) Debugf(format string, v ...any)  { a.l.Debug(fmt.Sprintf(format, v...)) }
func (a logAdapter) Tracef(format string, v ...any)  { a.l.Debug(fmt.Sprintf(format, v...)) }
