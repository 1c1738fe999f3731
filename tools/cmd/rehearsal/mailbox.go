package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"

	"semesterhaus/tools/internal/realpeers"
	"semesterhaus/tools/internal/systemtest"
)

// maildir reads the mails Postfix delivered, as the walk's mailbox.
type maildir struct{ postfix *realpeers.Postfix }

func (m maildir) MailsTo(_ context.Context, address string) ([]systemtest.CaughtMail, error) {
	delivered, err := m.postfix.Mails(address)
	if err != nil {
		return nil, err
	}
	mails := make([]systemtest.CaughtMail, 0, len(delivered))
	for _, d := range delivered {
		subject, err := new(mime.WordDecoder).DecodeHeader(d.Message.Header.Get("Subject"))
		if err != nil {
			return nil, fmt.Errorf("%s: subject: %w", d.File, err)
		}
		text, err := plainText(d.Message.Header, d.Body)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.File, err)
		}
		mails = append(mails, systemtest.CaughtMail{Subject: subject, Text: text})
	}
	return mails, nil
}

// plainText is the text/plain part of a message, decoded.
func plainText(header mail.Header, body []byte) (string, error) {
	mediaType, params, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		return decoded(header.Get("Content-Transfer-Encoding"), body)
	}
	parts := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		part, err := parts.NextRawPart()
		if err != nil {
			return "", fmt.Errorf("no text/plain part: %w", err)
		}
		content, err := io.ReadAll(part)
		if err != nil {
			return "", err
		}
		partType := part.Header.Get("Content-Type")
		if strings.HasPrefix(partType, "multipart/") {
			return plainText(mail.Header(part.Header), content)
		}
		if strings.HasPrefix(partType, "text/plain") {
			return decoded(part.Header.Get("Content-Transfer-Encoding"), content)
		}
	}
}

func decoded(encoding string, content []byte) (string, error) {
	if strings.EqualFold(encoding, "quoted-printable") {
		b, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(content)))
		return string(b), err
	}
	return string(content), nil
}

// checkMails holds every mail Postfix delivered to what a strict receiver wants: received over
// TLS from a client that greeted with the sender's domain, marked as sent by a machine, its
// Message-ID in the sender's domain.
func checkMails(box maildir) error {
	delivered, err := box.postfix.Mails(renterEmail)
	if err != nil {
		return err
	}
	for _, d := range delivered {
		h := d.Message.Header
		received := strings.Join(h["Received"], "\n")
		switch {
		case h.Get("Auto-Submitted") != "auto-generated":
			return fmt.Errorf("%s: Auto-Submitted %q", d.File, h.Get("Auto-Submitted"))
		case !strings.HasSuffix(h.Get("Message-Id"), "@"+mailDomain+">"):
			return fmt.Errorf("%s: Message-ID %q outside %s", d.File, h.Get("Message-Id"), mailDomain)
		case !strings.Contains(received, "from "+mailDomain+" "):
			return fmt.Errorf("%s: not greeted with %s: %s", d.File, mailDomain, received)
		case !strings.Contains(received, "(using TLSv1."):
			return fmt.Errorf("%s: not received over TLS: %s", d.File, received)
		}
	}
	logf("%d mails delivered by Postfix, each over STARTTLS, greeted as %s, Auto-Submitted, its Message-ID in %s", len(delivered), mailDomain, mailDomain)
	return nil
}
