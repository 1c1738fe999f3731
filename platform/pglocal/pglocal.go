// Package pglocal starts a private PostgreSQL cluster from the binaries installed on the machine.
//
// It exists so that the local stack and the tests need no PostgreSQL service set up by hand and
// nothing downloaded at run time: initdb, pg_ctl and postgres of the installed PostgreSQL are enough.
// PostgreSQL refuses to run as root, so as root the binaries run as the "postgres" user (runuser).
//
// Every connection authenticates with a password (SCRAM): the superuser's and each role's password
// is generated once and kept in a file of its own (mode 0600) in Options.PasswordDir.
package pglocal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/config"
)

// Superuser is the name of the cluster's superuser. It authenticates with its generated password
// like every other role; the cluster never listens on any address but 127.0.0.1.
const Superuser = "app"

// hbaConf is the whole pg_hba.conf of a cluster: password (SCRAM) authentication for every
// connection. Unix sockets are off, the local line only keeps a later change of that safe.
const hbaConf = `# Written by pglocal: every connection authenticates with a password (SCRAM).
local all all scram-sha-256
host  all all 127.0.0.1/32 scram-sha-256
host  all all ::1/128 scram-sha-256
`

// Options configure a cluster.
type Options struct {
	// DataDir holds the cluster. An existing cluster there is reused, so its data survives restarts.
	DataDir string
	// Port is the TCP port on 127.0.0.1. Zero picks the port of a server already running on DataDir,
	// else a free one.
	Port int
	// PasswordDir keeps the generated passwords, one file per role named after it (mode 0600),
	// made once and reused. Empty means DataDir + "-passwords".
	PasswordDir string
	// Logger receives progress messages; nil discards them.
	Logger *slog.Logger
}

// Cluster is a running PostgreSQL server.
type Cluster struct {
	dataDir     string
	passwordDir string
	password    string // the superuser's
	port        int
	bin         string
	runAs       *user.User // the postgres user when running as root, else nil
	logger      *slog.Logger
}

// Start initialises DataDir if it holds no cluster yet and starts the server, waiting until it
// accepts connections. A server left running on DataDir by an earlier run is reused when it listens
// on the wanted port and restarted otherwise. A cluster of an older run that trusted connections,
// or whose superuser password file is gone, is moved to password authentication with its data kept.
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
	passwordDir := opt.PasswordDir
	if passwordDir == "" {
		passwordDir = dataDir + "-passwords"
	}
	c := &Cluster{dataDir: dataDir, passwordDir: passwordDir, port: opt.Port, bin: bin, logger: logger}
	if os.Geteuid() == 0 {
		if c.runAs, err = user.Lookup("postgres"); err != nil {
			return nil, fmt.Errorf("pglocal: running as root needs a postgres user: %w", err)
		}
	}

	if err := c.prepareDataDir(); err != nil {
		return nil, err
	}
	password, madeNew, err := c.rolePassword(Superuser)
	if err != nil {
		return nil, err
	}
	c.password = password
	if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		logger.Info("initialising PostgreSQL cluster", "dir", dataDir, "passwords", passwordDir)
		if err := c.initdb(ctx); err != nil {
			return nil, err
		}
	} else if hba, err := os.ReadFile(c.hbaFile()); err != nil {
		return nil, fmt.Errorf("pglocal: %w", err)
	} else if madeNew || string(hba) != hbaConf {
		logger.Warn("moving the PostgreSQL cluster to password (SCRAM) authentication; its data stays", "dir", dataDir, "passwords", passwordDir)
		if err := c.setSuperuserPassword(ctx); err != nil {
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
	if err := c.run(ctx, nil, "pg_ctl", "-D", dataDir, "-l", logFile, "-o", serverOpts, "-t", "60", "-w", "start"); err != nil {
		return nil, fmt.Errorf("%w (server log: %s)", err, logFile)
	}
	logger.Info("PostgreSQL started", "dir", dataDir, "port", c.port)
	return c, nil
}

// URL is the superuser's connection URL of a database on the cluster.
func (c *Cluster) URL(database string) string {
	return c.roleURL(Superuser, c.password, database)
}

func (c *Cluster) roleURL(role, password, database string) string {
	return fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable", role, password, c.port, database)
}

// OwnDatabase makes the login role name with a generated password of its own and the database name
// owned by it, which no other role but the superuser may connect to (CONNECT revoked from PUBLIC).
// It returns that role's URL of that database. A database of that name owned by another role, as
// the superuser's databases of older runs, is handed to the role with its data.
func (c *Cluster) OwnDatabase(ctx context.Context, name string) (string, error) {
	password, _, err := c.rolePassword(name)
	if err != nil {
		return "", err
	}
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("pglocal: %w", err)
	}
	defer conn.Close(ctx)
	ident := pgx.Identifier{name}.Sanitize()
	var roleExists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", name).Scan(&roleExists); err != nil {
		return "", fmt.Errorf("pglocal: %w", err)
	}
	verb := "CREATE"
	if roleExists {
		verb = "ALTER" // keeps the role's password in step with its file
	}
	// The password is base32 text (rand.Text), so it needs no escaping in the literal.
	if _, err := conn.Exec(ctx, fmt.Sprintf("%s ROLE %s LOGIN PASSWORD '%s'", verb, ident, password)); err != nil {
		return "", fmt.Errorf("pglocal: role %s: %w", name, err)
	}
	var owner string
	err = conn.QueryRow(ctx, "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = $1", name).Scan(&owner)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident+" OWNER "+ident); err != nil {
			return "", fmt.Errorf("pglocal: database %s: %w", name, err)
		}
	case err != nil:
		return "", fmt.Errorf("pglocal: %w", err)
	case owner != name:
		c.logger.Warn("handing the database and its objects to its own role", "database", name, "owner", owner)
		if err := c.handOver(ctx, name); err != nil {
			return "", fmt.Errorf("pglocal: database %s: %w", name, err)
		}
	}
	// Its own database only: not the others, nor the cluster's maintenance and template databases,
	// where every role may connect by default.
	for _, db := range []string{ident, "postgres", "template1"} {
		if _, err := conn.Exec(ctx, "REVOKE CONNECT, TEMPORARY ON DATABASE "+db+" FROM PUBLIC"); err != nil {
			return "", fmt.Errorf("pglocal: database %s: %w", db, err)
		}
	}
	return c.roleURL(name, password, name), nil
}

// Port is the TCP port the server listens on.
func (c *Cluster) Port() int { return c.port }

// Stop shuts the server down ("fast": open transactions are rolled back) and waits until it is gone.
func (c *Cluster) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.run(ctx, nil, "pg_ctl", "-D", c.dataDir, "-m", "fast", "-t", "60", "-w", "stop"); err != nil {
		return err
	}
	c.logger.Info("PostgreSQL stopped", "dir", c.dataDir)
	return nil
}

// handOverSQL gives every table, view, sequence (a column's goes with its table) and function of the
// connected database to the role named by the format verb, as REASSIGN OWNED cannot: the previous
// owner is the bootstrap superuser, who owns the system catalogs too.
const handOverSQL = `DO $$
DECLARE stmt text;
BEGIN
	FOR stmt IN
		SELECT format('ALTER TABLE %%s OWNER TO %s', c.oid::regclass)
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
			AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%%'
			AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
				AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
		UNION ALL
		SELECT format('ALTER ROUTINE %%s OWNER TO %s', p.oid::regprocedure)
		FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
	LOOP
		EXECUTE stmt;
	END LOOP;
END $$`

// handOver makes role name the owner of the database name and of everything in it.
func (c *Cluster) handOver(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, c.URL(name))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+ident+" OWNER TO "+ident); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, fmt.Sprintf(handOverSQL, ident, ident))
	return err
}

// rolePassword reads the password of role from its file in the password dir, or makes one and
// keeps it there. It tells whether it made a new one.
func (c *Cluster) rolePassword(role string) (string, bool, error) {
	password, madeNew, err := config.SecretFile(filepath.Join(c.passwordDir, role))
	if err != nil {
		return "", false, fmt.Errorf("pglocal: %w", err)
	}
	return password, madeNew, nil
}

func (c *Cluster) hbaFile() string { return filepath.Join(c.dataDir, "pg_hba.conf") }

// initdb makes a new cluster whose superuser has the generated password. initdb reads it from a
// file of its own that the postgres user may read, removed right after.
func (c *Cluster) initdb(ctx context.Context) error {
	f, err := os.CreateTemp("", "pglocal-pw-")
	if err != nil {
		return fmt.Errorf("pglocal: %w", err)
	}
	defer os.Remove(f.Name())
	_, err = f.WriteString(c.password + "\n")
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = c.chownToRunAs(f.Name())
	}
	if err != nil {
		return fmt.Errorf("pglocal: %w", err)
	}
	if err := c.run(ctx, nil, "initdb", "-D", c.dataDir, "-U", Superuser, "--auth=scram-sha-256", "--pwfile="+f.Name(), "-E", "UTF8", "--no-locale"); err != nil {
		return err
	}
	return c.writeHBA()
}

// setSuperuserPassword gives the superuser of an existing cluster the generated password and
// password authentication: with the server stopped, in single-user mode, which needs no connection.
func (c *Cluster) setSuperuserPassword(ctx context.Context) error {
	if c.runningPort(ctx) != 0 {
		if err := c.Stop(); err != nil {
			return err
		}
	}
	sql := fmt.Sprintf("SET password_encryption = 'scram-sha-256'\nALTER ROLE %s PASSWORD '%s'\n", Superuser, c.password)
	if err := c.run(ctx, strings.NewReader(sql), "postgres", "--single", "-D", c.dataDir, "-c", "unix_socket_directories=", "postgres"); err != nil {
		return err
	}
	return c.writeHBA()
}

func (c *Cluster) writeHBA() error {
	if err := os.WriteFile(c.hbaFile(), []byte(hbaConf), 0o600); err != nil {
		return fmt.Errorf("pglocal: %w", err)
	}
	return nil
}

// chownToRunAs hands path to the postgres user when the programs run as it.
func (c *Cluster) chownToRunAs(path string) error {
	if c.runAs == nil {
		return nil
	}
	uid, _ := strconv.Atoi(c.runAs.Uid)
	gid, _ := strconv.Atoi(c.runAs.Gid)
	return os.Chown(path, uid, gid)
}

// runningPort is the port of a server running on the data dir, or 0 when none runs.
func (c *Cluster) runningPort(ctx context.Context) int {
	if c.run(ctx, nil, "pg_ctl", "-D", c.dataDir, "status") != nil {
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
	if err := c.chownToRunAs(c.dataDir); err != nil {
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

// run runs one of the PostgreSQL programs, as the postgres user when we are root, with stdin as
// its input (none when nil).
func (c *Cluster) run(ctx context.Context, stdin io.Reader, program string, args ...string) error {
	path := filepath.Join(c.bin, program)
	var cmd *exec.Cmd
	if c.runAs != nil {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", c.runAs.Username, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	// The postgres user may not be allowed into our working directory (e.g. /root).
	cmd.Dir = "/"
	cmd.Stdin = stdin
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
