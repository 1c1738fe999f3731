// Package pglocal starts a private PostgreSQL cluster from the binaries installed on the machine.
//
// It exists so that the local stack and the tests need no PostgreSQL service set up by hand and
// nothing downloaded at run time: initdb, pg_ctl and postgres of the installed PostgreSQL are enough.
// PostgreSQL refuses to run as root, so as root the binaries run as the "postgres" user (runuser).
package pglocal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Superuser is the name of the cluster's superuser. Trust authentication on 127.0.0.1 means it
// needs no password; the cluster never listens on any other address.
const Superuser = "app"

// Options configure a cluster.
type Options struct {
	// DataDir holds the cluster. An existing cluster there is reused, so its data survives restarts.
	DataDir string
	// Port is the TCP port on 127.0.0.1. Zero picks the port of a server already running on DataDir,
	// else a free one.
	Port int
	// Logger receives progress messages; nil discards them.
	Logger *slog.Logger
}

// Cluster is a running PostgreSQL server.
type Cluster struct {
	dataDir string
	port    int
	bin     string
	runAs   *user.User // the postgres user when running as root, else nil
	logger  *slog.Logger
}

// Start initialises DataDir if it holds no cluster yet and starts the server, waiting until it
// accepts connections. A server left running on DataDir by an earlier run is reused when it listens
// on the wanted port and restarted otherwise.
func Start(ctx context.Context, opt Options) (*Cluster, error) {
	if opt.DataDir == "" {
		return nil, errors.New("pglocal: DataDir is required")
	}
	dataDir, err := filepath.Abs(opt.DataDir)
	if err != nil {
		return nil, fmt.Errorf("pglocal: %w", err)
	}
	bin, err := findBinaries()
	if err != nil {
		return nil, err
	}
	logger := opt.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	c := &Cluster{dataDir: dataDir, port: opt.Port, bin: bin, logger: logger}
	if os.Geteuid() == 0 {
		if c.runAs, err = user.Lookup("postgres"); err != nil {
			return nil, fmt.Errorf("pglocal: running as root needs a postgres user: %w", err)
		}
	}

	if err := c.prepareDataDir(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		logger.Info("initialising PostgreSQL cluster", "dir", dataDir)
		if err := c.run(ctx, "initdb", "-D", dataDir, "-U", Superuser, "--auth=trust", "-E", "UTF8", "--no-locale"); err != nil {
			return nil, err
		}
	}

	if running := c.runningPort(ctx); running != 0 {
		if c.port == 0 || c.port == running {
			c.port = running
			logger.Info("reusing running PostgreSQL", "dir", dataDir, "port", running)
			return c, nil
		}
		logger.Info("restarting PostgreSQL on another port", "dir", dataDir, "old", running, "new", c.port)
		if err := c.Stop(); err != nil {
			return nil, err
		}
	}
	if c.port == 0 {
		if c.port, err = freePort(); err != nil {
			return nil, err
		}
	}
	// Unix sockets are switched off (empty unix_socket_directories): clients use TCP on 127.0.0.1,
	// and no socket directory (with its path length limit and ownership) has to be managed.
	serverOpts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories=", c.port)
	logFile := filepath.Join(dataDir, "server.log")
	if err := c.run(ctx, "pg_ctl", "-D", dataDir, "-l", logFile, "-o", serverOpts, "-t", "60", "-w", "start"); err != nil {
		return nil, fmt.Errorf("%w (server log: %s)", err, logFile)
	}
	logger.Info("PostgreSQL started", "dir", dataDir, "port", c.port)
	return c, nil
}

// URL is the connection URL of a database on the cluster.
func (c *Cluster) URL(database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable", Superuser, c.port, database)
}

// Port is the TCP port the server listens on.
func (c *Cluster) Port() int { return c.port }

// Stop shuts the server down ("fast": open transactions are rolled back) and waits until it is gone.
func (c *Cluster) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.run(ctx, "pg_ctl", "-D", c.dataDir, "-m", "fast", "-t", "60", "-w", "stop"); err != nil {
		return err
	}
	c.logger.Info("PostgreSQL stopped", "dir", c.dataDir)
	return nil
}

// runningPort is the port of a server running on the data dir, or 0 when none runs.
func (c *Cluster) runningPort(ctx context.Context) int {
	if c.run(ctx, "pg_ctl", "-D", c.dataDir, "status") != nil {
		return 0
	}
	// postmaster.pid: line 1 is the PID, line 4 the port (PostgreSQL's documented layout).
	b, err := os.ReadFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return 0
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 4 {
		return 0
	}
	port, _ := strconv.Atoi(strings.TrimSpace(lines[3]))
	return port
}

// prepareDataDir creates the data dir. As root it hands the dir to the postgres user and makes its
// ancestors traversable for that user (search bit only; nothing becomes listable or readable).
func (c *Cluster) prepareDataDir() error {
	if err := os.MkdirAll(c.dataDir, 0o700); err != nil {
		return fmt.Errorf("pglocal: %w", err)
	}
	if c.runAs == nil {
		return nil
	}
	uid, _ := strconv.Atoi(c.runAs.Uid)
	gid, _ := strconv.Atoi(c.runAs.Gid)
	if err := os.Chown(c.dataDir, uid, gid); err != nil {
		return fmt.Errorf("pglocal: %w", err)
	}
	for dir := filepath.Dir(c.dataDir); ; dir = filepath.Dir(dir) {
		fi, err := os.Stat(dir)
		if err != nil {
			return fmt.Errorf("pglocal: %w", err)
		}
		if fi.Mode().Perm()&0o001 == 0 {
			c.logger.Info("making directory traversable for the postgres user", "dir", dir)
			if err := os.Chmod(dir, fi.Mode().Perm()|0o001); err != nil {
				return fmt.Errorf("pglocal: %w", err)
			}
		}
		if dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// run runs one of the PostgreSQL programs, as the postgres user when we are root.
func (c *Cluster) run(ctx context.Context, program string, args ...string) error {
	path := filepath.Join(c.bin, program)
	var cmd *exec.Cmd
	if c.runAs != nil {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", c.runAs.Username, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	// The postgres user may not be allowed into our working directory (e.g. /root).
	cmd.Dir = "/"
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pglocal: %s %s: %w: %s", program, strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	if c.logger.Enabled(ctx, slog.LevelDebug) {
		c.logger.Debug(program, "output", out.String())
	}
	return nil
}

// findBinaries returns the directory holding initdb and pg_ctl: the one on PATH, else the newest
// Debian-style /usr/lib/postgresql/<version>/bin. The programs are taken from one directory so that
// initdb and the server always have the same version.
func findBinaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	return "", errors.New("pglocal: no PostgreSQL binaries (initdb, pg_ctl) on PATH or in /usr/lib/postgresql/*/bin")
}

// versionOf reads the major version from /usr/lib/postgresql/<version>/bin.
func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// freePort asks the kernel for a free TCP port on 127.0.0.1.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pglocal: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
