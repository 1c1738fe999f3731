package realpeers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"semesterhaus/tools/internal/runca"
)

// PostfixOptions configure a private Postfix instance.
type PostfixOptions struct {
	// Hostname is Postfix's myhostname, the name in its greeting; default mx.semesterhaus.test.
	Hostname string
	// Domain is the one domain it accepts mail for, delivered into the Maildir; default
	// semesterhaus.test. Mail for any other domain is refused (no relaying).
	Domain string
	// Cert is the server certificate offered with STARTTLS (from the run's CA). Required: the
	// instance accepts nothing before STARTTLS.
	Cert runca.Pair
	// Port on 127.0.0.1; zero picks a free one.
	Port int
}

// Postfix is a running private Postfix instance: its own configuration, queue and Maildir in a
// directory of its own, listening on 127.0.0.1 only.
type Postfix struct {
	dir      string
	confDir  string
	mailDir  string
	domain   string
	hostname string
	port     int
}

// PostfixInstalled tells whether Debian's Postfix is on the machine.
func PostfixInstalled() bool {
	_, err := exec.LookPath("postfix")
	return err == nil
}

// mailboxFolder is the Maildir under the instance's mail directory that takes every mail.
const mailboxFolder = "maildir"

// StartPostfix writes a private instance's configuration into a new directory, starts it
// (postfix -c DIR start) and waits until it greets on its port. It must run as root: Postfix's
// master runs as root and its daemons as the postfix user that Debian's package creates. Stop it
// with Stop.
func StartPostfix(ctx context.Context, opt PostfixOptions) (*Postfix, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("realpeers: a Postfix instance needs root (its master runs as root)")
	}
	if opt.Cert.CertFile == "" || opt.Cert.KeyFile == "" {
		return nil, errors.New("realpeers: Postfix needs a server certificate for STARTTLS")
	}
	if opt.Hostname == "" {
		opt.Hostname = "mx.semesterhaus.test"
	}
	if opt.Domain == "" {
		opt.Domain = "semesterhaus.test"
	}
	owner, err := user.Lookup("postfix")
	if err != nil {
		return nil, fmt.Errorf("realpeers: Postfix's own user: %w", err)
	}
	if _, err := user.LookupGroup("postdrop"); err != nil {
		return nil, fmt.Errorf("realpeers: Postfix's postdrop group: %w", err)
	}
	mailbox, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("realpeers: the Maildir's owner: %w", err)
	}
	if opt.Port == 0 {
		if opt.Port, err = FreePort(); err != nil {
			return nil, err
		}
	}
	// Postfix wants its directories owned by root and not writable by others, and its daemons
	// (postfix, nobody) must reach into them: a directory of its own, not a test's 0700 one.
	dir, err := os.MkdirTemp("", "realpeers-postfix-")
	if err != nil {
		return nil, fmt.Errorf("realpeers: %w", err)
	}
	p := &Postfix{
		dir: dir, confDir: filepath.Join(dir, "conf"), mailDir: filepath.Join(dir, "mail"),
		domain: strings.ToLower(opt.Domain), hostname: opt.Hostname, port: opt.Port,
	}
	if err := p.prepare(opt, owner, mailbox); err != nil {
		p.remove()
		return nil, err
	}
	if out, err := p.postfix(ctx, "check"); err != nil {
		p.remove()
		return nil, fmt.Errorf("realpeers: postfix check: %w: %s%s", err, out, p.logTail())
	}
	if out, err := p.postfix(ctx, "start"); err != nil {
		p.remove()
		return nil, fmt.Errorf("realpeers: postfix start: %w: %s%s", err, out, p.logTail())
	}
	if err := p.waitGreeting(ctx); err != nil {
		_ = p.Stop()
		return nil, err
	}
	return p, nil
}

func (p *Postfix) prepare(opt PostfixOptions, owner, mailbox *user.User) error {
	if err := os.Chmod(p.dir, 0o755); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	for _, d := range []string{p.confDir, filepath.Join(p.dir, "queue"), filepath.Join(p.dir, "tls")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return fmt.Errorf("realpeers: %w", err)
		}
	}
	// The certificate and key in a root-owned directory of the instance (smtpd reads them as root
	// before it drops its privileges), the key first as smtpd_tls_chain_files wants.
	key, err := os.ReadFile(opt.Cert.KeyFile)
	if err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	cert, err := os.ReadFile(opt.Cert.CertFile)
	if err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	chain := filepath.Join(p.dir, "tls", "smtpd.pem")
	if err := os.WriteFile(chain, append(key, cert...), 0o600); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	// data_directory belongs to the postfix user (TLS session cache, its locks).
	dataDir := filepath.Join(p.dir, "data")
	if err := mkdirOwned(dataDir, 0o700, owner); err != nil {
		return err
	}
	// The Maildirs belong to the virtual delivery agent's user.
	if err := mkdirOwned(p.mailDir, 0o755, mailbox); err != nil {
		return err
	}
	// Every address of the domain goes into one Maildir (the catch-all entry @domain); the virtual
	// agent's Delivered-To header tells the recipients apart (Mails). Postfix allows no substitution
	// into a mailbox path, so a Maildir per address would need each address in advance.
	maps := filepath.Join(p.confDir, "virtual_mailboxes")
	if err := os.WriteFile(maps, fmt.Appendf(nil, "@%s %s/\n", p.domain, mailboxFolder), 0o644); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	mainCf := p.mainCf(opt, dataDir, chain, maps, mailbox)
	if err := os.WriteFile(filepath.Join(p.confDir, "main.cf"), []byte(mainCf), 0o644); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	if err := os.WriteFile(filepath.Join(p.confDir, "master.cf"), []byte(p.masterCf()), 0o644); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	return nil
}

// mainCf is the instance's whole main.cf: loopback only, one virtual domain into Maildirs, nothing
// relayed, no DNS, a FQDN HELO required and nothing accepted before STARTTLS.
func (p *Postfix) mainCf(opt PostfixOptions, dataDir, chain, maps string, mailbox *user.User) string {
	settings := [][2]string{
		{"compatibility_level", "3.6"},
		{"queue_directory", filepath.Join(p.dir, "queue")},
		{"data_directory", dataDir},
		{"mail_owner", "postfix"},
		{"setgid_group", "postdrop"},
		// Postfix logs to syslog unless told otherwise; a file needs its prefix allowed.
		{"maillog_file", filepath.Join(p.dir, "maillog")},
		{"maillog_file_prefixes", p.dir},
		{"myhostname", opt.Hostname},
		{"mydomain", p.domain},
		{"myorigin", "$myhostname"},
		{"inet_interfaces", "127.0.0.1"},
		{"inet_protocols", "ipv4"},
		{"mynetworks", "127.0.0.1/32"},
		// Nothing is delivered locally, nothing leaves: the one domain goes into Maildirs, and
		// every other destination is an error, whoever the client is.
		{"mydestination", ""},
		{"local_recipient_maps", ""},
		{"alias_maps", ""},
		{"alias_database", ""},
		{"relay_domains", ""},
		{"relayhost", ""},
		{"default_transport", "error:this test instance relays nowhere"},
		{"relay_transport", "error:this test instance relays nowhere"},
		{"virtual_mailbox_domains", p.domain},
		{"virtual_mailbox_base", p.mailDir},
		{"virtual_mailbox_maps", "texthash:" + maps},
		{"virtual_uid_maps", "static:" + mailbox.Uid},
		{"virtual_gid_maps", "static:" + mailbox.Gid},
		{"virtual_minimum_uid", "1"},
		// No DNS anywhere: the client's address is not looked up, and the SMTP client (never used,
		// as nothing is relayed) would not look up either.
		{"smtp_dns_support_level", "disabled"},
		{"smtpd_peername_lookup", "no"},
		{"smtpd_client_restrictions", ""},
		{"smtpd_relay_restrictions", "reject_unauth_destination"},
		{"smtpd_recipient_restrictions", "reject_unauth_destination"},
		// The client must introduce itself with a fully-qualified, valid host name. Postfix, as
		// configured by default (smtpd_delay_reject), answers a bad HELO at RCPT TO with 504.
		{"smtpd_helo_required", "yes"},
		{"smtpd_helo_restrictions", "reject_non_fqdn_helo_hostname, reject_invalid_helo_hostname"},
		// STARTTLS is offered and required before MAIL FROM.
		{"smtpd_tls_security_level", "encrypt"},
		{"smtpd_tls_chain_files", chain},
		{"smtpd_tls_auth_only", "yes"},
		{"smtpd_tls_mandatory_protocols", ">=TLSv1.2"},
		{"smtpd_tls_loglevel", "1"},
		{"smtpd_tls_received_header", "yes"},
		{"biff", "no"},
		{"append_dot_mydomain", "no"},
	}
	var b strings.Builder
	b.WriteString("# Written by realpeers: a private test instance on loopback.\n")
	for _, kv := range settings {
		fmt.Fprintf(&b, "%s = %s\n", kv[0], kv[1])
	}
	return b.String()
}

// masterCf is the instance's master.cf: Debian's set of services, none chrooted (the instance's
// directories are not set up as a chroot), smtpd only on the instance's loopback port.
func (p *Postfix) masterCf() string {
	return fmt.Sprintf(`# Written by realpeers: service type private unpriv chroot wakeup maxproc command
127.0.0.1:%d inet n - n - - smtpd
pickup     unix  n - n 60   1 pickup
cleanup    unix  n - n -    0 cleanup
qmgr       unix  n - n 300  1 qmgr
tlsmgr     unix  - - n 1000? 1 tlsmgr
rewrite    unix  - - n -    - trivial-rewrite
bounce     unix  - - n -    0 bounce
defer      unix  - - n -    0 bounce
trace      unix  - - n -    0 bounce
verify     unix  - - n -    1 verify
flush      unix  n - n 1000? 0 flush
proxymap   unix  - - n -    - proxymap
proxywrite unix  - - n -    1 proxymap
smtp       unix  - - n -    - smtp
relay      unix  - - n -    - smtp
showq      unix  n - n -    - showq
error      unix  - - n -    - error
retry      unix  - - n -    - error
discard    unix  - - n -    - discard
local      unix  - n n -    - local
virtual    unix  - n n -    - virtual
lmtp       unix  - - n -    - lmtp
anvil      unix  - - n -    1 anvil
scache     unix  - - n -    1 scache
postlog    unix-dgram n - n - 1 postlogd
`, p.port)
}

func mkdirOwned(dir string, mode os.FileMode, owner *user.User) error {
	uid, _ := strconv.Atoi(owner.Uid)
	gid, _ := strconv.Atoi(owner.Gid)
	if err := os.Mkdir(dir, mode); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	if err := os.Chown(dir, uid, gid); err != nil {
		return fmt.Errorf("realpeers: %w", err)
	}
	return nil
}

func (p *Postfix) postfix(ctx context.Context, command string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "postfix", "-c", p.confDir, command)
	return cmd.CombinedOutput()
}

// waitGreeting waits until smtpd answers with its 220 greeting.
func (p *Postfix) waitGreeting(ctx context.Context) error {
	deadline := time.Now().Add(30 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		if err := ctx.Err(); err != nil {
			return err
		}
		conn, err := net.DialTimeout("tcp", p.Addr(), time.Second)
		if err == nil {
			_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
			line := make([]byte, 512)
			n, rerr := conn.Read(line)
			conn.Close()
			if rerr == nil && bytes.HasPrefix(line[:n], []byte("220 ")) {
				return nil
			}
			last = fmt.Errorf("greeting %q: %v", line[:n], rerr)
		} else {
			last = err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("realpeers: Postfix does not greet on %s: %v%s", p.Addr(), last, p.logTail())
}

// Addr is host:port of the instance's smtpd (127.0.0.1).
func (p *Postfix) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(p.port)) }

// Port is the smtpd's port on 127.0.0.1.
func (p *Postfix) Port() int { return p.port }

// Hostname is the name Postfix greets with (myhostname).
func (p *Postfix) Hostname() string { return p.hostname }

// Domain is the domain it accepts mail for.
func (p *Postfix) Domain() string { return p.domain }

// Log is the instance's mail log (Postfix's maillog_file), for a failing test's message.
func (p *Postfix) Log() string {
	data, _ := os.ReadFile(filepath.Join(p.dir, "maillog"))
	return string(data)
}

func (p *Postfix) logTail() string {
	log := p.Log()
	if log == "" {
		return ""
	}
	if len(log) > 4000 {
		log = log[len(log)-4000:]
	}
	return "\nmail log:\n" + log
}

// Stop stops the instance (postfix -c DIR stop) and removes its directory with the mails in it.
func (p *Postfix) Stop() error {
	out, err := p.postfix(context.Background(), "stop")
	if err != nil {
		// Keep the directory: the master may still run and its log tells why.
		return fmt.Errorf("realpeers: postfix stop: %w: %s", err, out)
	}
	p.remove()
	return nil
}

func (p *Postfix) remove() { _ = os.RemoveAll(p.dir) }

// Mail is one delivered message, as Postfix wrote it into the Maildir.
type Mail struct {
	File    string // its file in the Maildir
	Message *mail.Message
	Body    []byte
}

// Mails are the messages delivered to address so far (by their Delivered-To header), oldest first.
func (p *Postfix) Mails(address string) ([]Mail, error) {
	all, err := p.AllMails()
	if err != nil {
		return nil, err
	}
	var mails []Mail
	for _, m := range all {
		if strings.EqualFold(m.Message.Header.Get("Delivered-To"), address) {
			mails = append(mails, m)
		}
	}
	return mails, nil
}

// AllMails are the messages delivered to any address of the domain so far, oldest first.
func (p *Postfix) AllMails() ([]Mail, error) {
	box := filepath.Join(p.mailDir, mailboxFolder)
	var files []string
	for _, sub := range []string{"new", "cur"} {
		entries, err := os.ReadDir(filepath.Join(box, sub))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("realpeers: %w", err)
		}
		for _, e := range entries {
			files = append(files, filepath.Join(box, sub, e.Name()))
		}
	}
	// Maildir names start with the delivery time in seconds, then a sequence: close enough to the
	// order of arrival for a test.
	sort.Strings(files)
	mails := make([]Mail, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("realpeers: %w", err)
		}
		msg, err := mail.ReadMessage(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("realpeers: mail %s: %w", f, err)
		}
		var body bytes.Buffer
		if _, err := body.ReadFrom(msg.Body); err != nil {
			return nil, fmt.Errorf("realpeers: mail %s: %w", f, err)
		}
		mails = append(mails, Mail{File: f, Message: msg, Body: body.Bytes()})
	}
	return mails, nil
}

// WaitForMails waits until at least n messages for address have arrived and returns them all.
func (p *Postfix) WaitForMails(ctx context.Context, address string, n int) ([]Mail, error) {
	for {
		mails, err := p.Mails(address)
		if err != nil {
			return nil, err
		}
		if len(mails) >= n {
			return mails, nil
		}
		select {
		case <-ctx.Done():
			return mails, fmt.Errorf("realpeers: %d of %d mails for %s arrived: %w%s", len(mails), n, address, ctx.Err(), p.logTail())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// FreePort is a TCP port on 127.0.0.1 that was free a moment ago.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("realpeers: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
