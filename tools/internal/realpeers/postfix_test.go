package realpeers

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/smtp"
	"net/textproto"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"semesterhaus/tools/internal/runca"
)

// startPostfix starts a private instance with a certificate of a fresh CA; the instance stops when
// the test ends, failed or not. Without Postfix on the machine (make test installs it through
// tools/setup/packages.sh) or without root, the test is skipped.
func startPostfix(t *testing.T) (*Postfix, *runca.CA) {
	t.Helper()
	if !PostfixInstalled() {
		t.Skip("Postfix is not installed: tools/setup/packages.sh test installs it")
	}
	if os.Geteuid() != 0 {
		t.Skip("a private Postfix instance needs root")
	}
	ca, err := runca.New(t.TempDir(), "Semesterhaus test run")
	if err != nil {
		t.Fatal(err)
	}
	cert, err := ca.Issue("mx.semesterhaus.test")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pf, err := StartPostfix(ctx, PostfixOptions{Cert: cert})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("Postfix's mail log:\n%s", pf.Log())
		}
		if err := pf.Stop(); err != nil {
			t.Error(err)
		}
	})
	return pf, ca
}

const testMessage = "From: Semesterhaus <noreply@semesterhaus.test>\r\n" +
	"To: anna@semesterhaus.test\r\n" +
	"Subject: Ihre Buchung\r\n" +
	"Message-ID: <%s@renter.semesterhaus.test>\r\n" +
	"\r\n" +
	"Bitte bestaetigen Sie Ihre E-Mail-Adresse.\r\n"

// send talks SMTP to the instance as the services' mail client does: EHLO with helo, STARTTLS
// verified against the run's CA (when startTLS is set), one message from noreply@ to rcpt.
func send(pf *Postfix, ca *runca.CA, helo string, startTLS bool, rcpt, messageID string) error {
	c, err := smtp.Dial(pf.Addr())
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello(helo); err != nil {
		return fmt.Errorf("EHLO: %w", err)
	}
	if startTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("STARTTLS is not offered")
		}
		if err := c.StartTLS(&tls.Config{RootCAs: ca.Pool(), ServerName: "mx.semesterhaus.test", MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("STARTTLS: %w", err)
		}
	}
	if err := c.Mail("noreply@semesterhaus.test"); err != nil {
		return fmt.Errorf("MAIL: %w", err)
	}
	if err := c.Rcpt(rcpt); err != nil {
		return fmt.Errorf("RCPT: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := fmt.Fprintf(w, testMessage, messageID); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("end of DATA: %w", err)
	}
	return c.Quit()
}

// smtpCode is the reply code of a refusal, 0 when err is none.
func smtpCode(err error) int {
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code
	}
	return 0
}

func TestPostfix_aMailOverVerifiedSTARTTLSWithAnFQDNHeloLandsInTheMaildir(t *testing.T) {
	t.Parallel()
	pf, ca := startPostfix(t)

	if err := send(pf, ca, "renter.semesterhaus.test", true, "anna@semesterhaus.test", "m1"); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	mails, err := pf.WaitForMails(ctx, "anna@semesterhaus.test", 1)
	if err != nil {
		t.Fatal(err)
	}
	got := mails[0]
	if id := got.Message.Header.Get("Message-Id"); id != "<m1@renter.semesterhaus.test>" {
		t.Errorf("Message-ID = %q", id)
	}
	if s := got.Message.Header.Get("Subject"); s != "Ihre Buchung" {
		t.Errorf("Subject = %q", s)
	}
	if !strings.Contains(string(got.Body), "Bitte bestaetigen") {
		t.Errorf("body = %q", got.Body)
	}
	// Postfix's Received header records that the mail came over TLS.
	if received := strings.Join(got.Message.Header["Received"], "\n"); !strings.Contains(received, "TLS") {
		t.Errorf("Received: %s, want the TLS note", received)
	}
}

func TestPostfix_refuses(t *testing.T) {
	t.Parallel()
	pf, ca := startPostfix(t)
	cases := []struct {
		name      string
		helo      string
		startTLS  bool
		rcpt      string
		wantCode  int
		wantPhase string
	}{
		// A pod's host name is what an unconfigured client says: Postfix answers 504 at RCPT TO
		// (smtpd_delay_reject), and nothing is delivered.
		{"a bare pod-like HELO", "renter-7d9f8b6c4-x2x9q", true, "anna@semesterhaus.test", 504, "RCPT"},
		// A malformed name fails reject_non_fqdn_helo_hostname, the first restriction, as well.
		{"an invalid HELO", "renter!7d9f8b6c4.semesterhaus.test", true, "anna@semesterhaus.test", 504, "RCPT"},
		// Nothing is taken before STARTTLS.
		{"MAIL before STARTTLS", "renter.semesterhaus.test", false, "anna@semesterhaus.test", 530, "MAIL"},
		// Nothing is relayed.
		{"a recipient of another domain", "renter.semesterhaus.test", true, "anna@example.org", 554, "RCPT"},
	}
	for i, tc := range cases {
		err := send(pf, ca, tc.helo, tc.startTLS, tc.rcpt, fmt.Sprintf("refused%d", i))
		if smtpCode(err) != tc.wantCode || !strings.HasPrefix(err.Error(), tc.wantPhase+":") {
			t.Errorf("%s: %v, want %d at %s", tc.name, err, tc.wantCode, tc.wantPhase)
		}
	}
	// A mail that is taken afterwards is the only one in the Maildir.
	if err := send(pf, ca, "renter.semesterhaus.test", true, "anna@semesterhaus.test", "accepted"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	mails, err := pf.WaitForMails(ctx, "anna@semesterhaus.test", 1)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // a refused mail that slipped through would be delivered by now too
	if mails, _ = pf.Mails("anna@semesterhaus.test"); len(mails) != 1 || mails[0].Message.Header.Get("Message-Id") != "<accepted@renter.semesterhaus.test>" {
		t.Errorf("%d mails in the Maildir, want only the accepted one", len(mails))
	}
}

func TestPostfix_stopLeavesNoProcessAndNoDirectory(t *testing.T) {
	t.Parallel()
	if !PostfixInstalled() || os.Geteuid() != 0 {
		t.Skip("needs Postfix and root")
	}
	ca, err := runca.New(t.TempDir(), "Semesterhaus test run")
	if err != nil {
		t.Fatal(err)
	}
	cert, err := ca.Issue("mx.semesterhaus.test")
	if err != nil {
		t.Fatal(err)
	}
	pf, err := StartPostfix(context.Background(), PostfixOptions{Cert: cert})
	if err != nil {
		t.Fatal(err)
	}
	if err := pf.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(pf.dir); !os.IsNotExist(err) {
		t.Errorf("instance directory still there: %v", err)
	}
	if out, err := exec.Command("postfix", "-c", pf.confDir, "status").CombinedOutput(); err == nil {
		t.Errorf("postfix status after Stop: %s", out)
	}
	if _, err := smtp.Dial(pf.Addr()); err == nil {
		t.Errorf("%s still answers after Stop", pf.Addr())
	}
}
