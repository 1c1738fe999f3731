// Package validation holds the rules every form's text shares, once for all services: one line of
// text (names, streets, reasons, a semester's name), free text over several lines (descriptions,
// notes), an e-mail address and an id that is a UUID. Each rule answers with the business exception
// on the field's path (nil when the value passes), with message ids the web apps translate. Like
// platform/exception it imports nothing but the standard library, so that the services' domain
// packages use it.
package validation

import (
	"net/mail"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"semesterhaus/platform/exception"
)

// Message ids of the shared rules; the services raise them and the web apps translate them, so they
// live here once.
const (
	// MsgStringMax: more than max characters (param max).
	MsgStringMax = "STRING_MAX"
	// MsgSingleLine: a line break, tab, NUL or another control character, or Unicode's line and
	// paragraph separators, in text that must stay on one line (it goes into mail headers,
	// greetings and CSV exports, where a line break starts something new).
	MsgSingleLine = "SINGLE_LINE"
	// MsgInvalidCharacter: an invisible formatting character (Unicode category Cf: direction
	// overrides and isolates such as U+202E, zero-width spaces and joiners, the byte order mark),
	// a lone surrogate or bytes that are no UTF-8. A name with U+202E shows its letters backwards
	// in a mail or the office's list; a zero-width space makes two names that look the same.
	MsgInvalidCharacter = "INVALID_CHARACTER"
	// MsgInvalidEmail: not one plain address that a mail can reach.
	MsgInvalidEmail = "INVALID_EMAIL"
	// MsgInvalidID: an id that is no UUID.
	MsgInvalidID = "INVALID_ID"
)

// Bounds of an e-mail address (RFC 5321: 64 characters before the @, 254 in all).
const (
	MaxEmailLength      = 254
	MaxEmailLocalLength = 64
)

// SingleLine checks one line of text: at most max characters (runes), valid UTF-8 without control
// characters (tab, CR, LF, NUL, ...), U+2028/U+2029 or format characters (Cf). The value is taken
// as given: trim it first if spaces around it do not count.
func SingleLine(path, value string, max int) *exception.Error {
	if err := MaxLength(path, value, max); err != nil {
		return err
	}
	return Line(path, value)
}

// Text checks free text over several lines: at most max characters, line breaks (LF, CR LF) and
// tabs allowed, no other control character, no format character (Cf), valid UTF-8, and none of
// Unicode's line and paragraph separators U+2028/U+2029 (INVALID_CHARACTER: a line break is LF).
func Text(path, value string, max int) *exception.Error {
	if err := MaxLength(path, value, max); err != nil {
		return err
	}
	if err := characters(path, value); err != nil {
		return err
	}
	for i, r := range value {
		switch {
		case r == '\n' || r == '\t':
		case r == '\r' && i+1 < len(value) && value[i+1] == '\n':
		case r == '\u2028' || r == '\u2029':
			return exception.New(path, MsgInvalidCharacter)
		case unicode.IsControl(r):
			return exception.New(path, MsgSingleLine)
		}
	}
	return nil
}

// Line checks the characters of one line of text, whatever its length (see SingleLine).
func Line(path, value string) *exception.Error {
	if err := characters(path, value); err != nil {
		return err
	}
	if strings.ContainsFunc(value, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
	}) {
		return exception.New(path, MsgSingleLine)
	}
	return nil
}

// characters refuses bytes that are no UTF-8 (a lone surrogate escape in JSON arrives as U+FFFD,
// which is refused too: it stands for something the sender's text did not have) and format
// characters (Cf).
func characters(path, value string) *exception.Error {
	if !utf8.ValidString(value) || strings.ContainsFunc(value, func(r rune) bool {
		return r == utf8.RuneError || unicode.Is(unicode.Cf, r)
	}) {
		return exception.New(path, MsgInvalidCharacter)
	}
	return nil
}

// MaxLength refuses more than max characters (runes) as MsgStringMax with the param max.
func MaxLength(path, value string, max int) *exception.Error {
	// A string of more than 4·max bytes has more than max runes: no need to count megabytes.
	if len(value) > max && (len(value) > 4*max || utf8.RuneCountInString(value) > max) {
		return exception.New(path, MsgStringMax, "max", strconv.Itoa(max))
	}
	return nil
}

// Email checks one plain e-mail address as a form sends it (trim it first): no display name, no
// comment or quoted part, at most 64 characters before the @ and 254 in all, and a domain of
// several non-empty labels (mail to "a@localhost" or "a@intranet" never reaches a student).
func Email(path, value string) *exception.Error {
	if value == "" || len(value) > MaxEmailLength || Line(path, value) != nil {
		return exception.New(path, MsgInvalidEmail)
	}
	addr, err := mail.ParseAddress(value)
	if err != nil || addr.Name != "" || addr.Address != value {
		return exception.New(path, MsgInvalidEmail)
	}
	at := strings.LastIndexByte(value, '@')
	local, domain := value[:at], value[at+1:]
	if local == "" || len(local) > MaxEmailLocalLength || strings.ContainsAny(local, "\"\\ ") {
		return exception.New(path, MsgInvalidEmail)
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return exception.New(path, MsgInvalidEmail)
	}
	for _, label := range labels {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") ||
			strings.ContainsAny(label, "[]:") {
			return exception.New(path, MsgInvalidEmail)
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" { // 10.0.0.1 is no domain
		return exception.New(path, MsgInvalidEmail)
	}
	return nil
}

// UUID checks an id that is a UUID in its canonical form (8-4-4-4-12 hexadecimal digits), as the
// services make them; anything else would reach a database as text it cannot compare.
func UUID(path, value string) *exception.Error {
	if !IsUUID(value) {
		return exception.New(path, MsgInvalidID)
	}
	return nil
}

// IsUUID reports whether value is a UUID in canonical form, in either case.
func IsUUID(value string) bool {
	if len(value) != 36 {
		return false
	}
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}
