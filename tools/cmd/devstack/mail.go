package main

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"time"
)

// The local mail catcher (MailDev, an npm package pinned in tools/mailcatcher): the renter service
// sends every mail to its SMTP port, and people read them at its web port, tests over its HTTP API.
const (
	mailSMTPPort = 1025
	mailWebPort  = 8025
)

// startMailCatcher starts MailDev unless SMTP_ADDR names a mail server already (as it must with
// -production). Its mails are kept in
// the data directory, so they survive a restart like the rest of the data.
func (s *stack) startMailCatcher(ctx context.Context) error {
	if addr := s.env["SMTP_ADDR"]; addr != "" {
		s.smtpAddr = addr
		s.log.Info("using the mail server in SMTP_ADDR", "addr", addr)
		return nil
	}
	if s.production {
		return fmt.Errorf("-production: SMTP_ADDR must name the mail relay (production has no mail catcher)")
	}
	script := filepath.Join(s.root, "tools", "mailcatcher", "node_modules", "maildev", "bin", "maildev")
	if !isFile(script) {
		return fmt.Errorf("the mail catcher is not installed: run `npm ci --prefix tools/mailcatcher` (make run does)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("the mail catcher needs Node.js: %w", err)
	}
	smtpPort, webPort := mailSMTPPort+s.offset, mailWebPort+s.offset
	for _, port := range []int{smtpPort, webPort} {
		if err := portFree(fmt.Sprintf("127.0.0.1:%d", port)); err != nil {
			return fmt.Errorf("mail catcher: %w (or set SMTP_ADDR to a mail server of yours)", err)
		}
	}
	args := []string{script, "--ip", "127.0.0.1", "--smtp", fmt.Sprint(smtpPort), "--web", fmt.Sprint(webPort),
		"--mail-directory", s.dataDir("mail"), "--silent"}
	p, err := startProc("mail", node, args, s.env, s.root)
	if err != nil {
		return err
	}
	s.procs = append(s.procs, p)
	s.mailWebURL = fmt.Sprintf("http://localhost:%d", webPort)
	s.smtpAddr = fmt.Sprintf("127.0.0.1:%d", smtpPort)
	api := fmt.Sprintf("http://127.0.0.1:%d/email", webPort)
	return waitReady(ctx, http.DefaultClient, p, api, time.Minute, func(code int) bool { return code == http.StatusOK })
}
