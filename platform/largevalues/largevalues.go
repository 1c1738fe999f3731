// Package largevalues takes long strings (uploads as base64) out of a GraphQL request's variables
// before anything parses the request, and puts them back where they are used.
//
// A booking request carries three scans of about a megabyte each as base64 text. Every JSON pass over
// such a request (decoding, validation, the engine's variable lookups) scans those megabytes again,
// and together these passes cost more than everything else a booking does. Lift replaces each long
// string in "variables" by a short placeholder once; the gateway's subgraph fetch puts the original
// JSON back (RestoreInto), a subgraph resolver asks for the value behind a placeholder (Value).
package largevalues

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"unsafe"
)

// MinLength is the length from which a string value is lifted (as written in JSON, without quotes).
const MinLength = 4 << 10

// placeholderPrefix starts every placeholder; a random part per request follows, then the index.
const placeholderPrefix = "largevalue:"

// Values are the strings lifted out of one request: each placeholder's original JSON string token.
type Values struct {
	prefix string   // placeholderPrefix and this request's random part
	raw    [][]byte // by index: the string as written in JSON (escaped), without its quotes
}

// Lift returns body with every string of at least MinLength in its "variables" replaced by a
// placeholder, and the lifted values; nil values when nothing was lifted. It reads body in one pass
// and checks only what it needs: a body that is no JSON object comes back unchanged, for the caller's
// own parsing to refuse. The values share body's memory, so body must not be written to afterwards;
// the body returned is a new slice when anything was lifted.
func Lift(body []byte) ([]byte, *Values) {
	if len(body) < MinLength {
		return body, nil
	}
	l := lifter{body: body}
	if !l.run() || l.values == nil {
		return body, nil
	}
	return append(l.out, body[l.copied:]...), l.values
}

// lifter walks a JSON document token by token, keeping only what tells keys from values and whether
// it is inside the top-level "variables".
type lifter struct {
	body        []byte
	out         []byte // the body so far, up to copied, with placeholders
	copied      int
	values      *Values
	open        []byte // the open containers, '{' or '['
	expectKey   bool   // the next string in the current object is a key
	topKey      string // the last key of the top-level object
	inVariables bool
}

func (l *lifter) run() bool {
	for i := 0; i < len(l.body); {
		switch c := l.body[i]; c {
		case '{', '[':
			if len(l.open) == 1 && l.topKey == "variables" {
				l.inVariables = true
			}
			l.open = append(l.open, c)
			l.expectKey = c == '{'
			i++
		case '}', ']':
			if len(l.open) == 0 {
				return false
			}
			l.open = l.open[:len(l.open)-1]
			if len(l.open) == 1 {
				l.inVariables = false
			}
			i++
		case ',':
			l.expectKey = len(l.open) > 0 && l.open[len(l.open)-1] == '{'
			i++
		case '"':
			end := stringEnd(l.body, i+1)
			if end < 0 {
				return false
			}
			if !l.token(i, end) {
				return false
			}
			i = end + 1
		default: // white space, ':', numbers, true, false, null
			i++
		}
	}
	return len(l.open) == 0
}

// token handles the string from the quote at start to the quote at end. It refuses (false) a long
// string that is no JSON string: a lifted value goes on as it was written, so one with a raw control
// character or a broken escape, which the gateway's lenient parser would have written anew, would
// reach the subgraphs as invalid JSON and fail there; left in place, it is parsed like the rest.
func (l *lifter) token(start, end int) bool {
	content := l.body[start+1 : end]
	switch {
	case l.expectKey:
		l.expectKey = false
		if len(l.open) == 1 && len(content) < 64 {
			l.topKey = string(content)
		}
	case l.inVariables && len(content) >= MinLength:
		if !validString(content) {
			return false
		}
		if l.values == nil {
			l.values = &Values{prefix: placeholderPrefix + randomPart() + ":"}
			l.out = make([]byte, 0, 4<<10)
		}
		l.values.raw = append(l.values.raw, content)
		l.out = append(l.out, l.body[l.copied:start]...)
		l.out = strconv.AppendQuote(l.out, l.values.prefix+strconv.Itoa(len(l.values.raw)-1))
		l.copied = end + 1
	}
	return true
}

// validString tells whether content (between the quotes) is a JSON string as RFC 8259 has it: no
// control character, every escape one of \" \\ \/ \b \f \n \r \t or \u and four hex digits.
func validString(content []byte) bool {
	for i := 0; i < len(content); i++ {
		switch c := content[i]; {
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 >= len(content) {
				return false
			}
			i++
			switch content[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(content) {
					return false
				}
				for _, h := range content[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
				}
				i += 4
			default:
				return false
			}
		}
	}
	return true
}

// stringEnd is the index of the quote that ends the string starting at from, or -1.
func stringEnd(body []byte, from int) int {
	for {
		j := bytes.IndexByte(body[from:], '"')
		if j < 0 {
			return -1
		}
		quote := from + j
		backslashes := 0
		for k := quote - 1; k >= from && body[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return quote
		}
		from = quote + 1
	}
}

func randomPart() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// Restored returns body with every quoted placeholder of v replaced by its original JSON string, as
// the pieces to send one after the other: the lifted megabytes are written from where Lift found
// them instead of being copied into a second body. Without values (nil) it is body alone.
func (v *Values) Restored(body []byte) net.Buffers {
	if v == nil {
		return net.Buffers{body}
	}
	marker := []byte(`"` + v.prefix)
	var parts net.Buffers
	for {
		at := bytes.Index(body, marker)
		if at < 0 {
			return append(parts, body)
		}
		raw, length := v.at(body[at+len(marker):])
		if raw == nil {
			parts = append(parts, body[:at+len(marker)])
			body = body[at+len(marker):]
			continue
		}
		parts = append(parts, body[:at+1], raw) // up to the opening quote, then the original
		body = body[at+len(marker)+length-1:]   // from the closing quote
	}
}

// at reads "<index>\"" after a placeholder's prefix: the original token and how many bytes to skip.
func (v *Values) at(rest []byte) (raw []byte, length int) {
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return nil, 0
	}
	i, err := strconv.Atoi(string(rest[:end]))
	if err != nil || i < 0 || i >= len(v.raw) || strconv.Itoa(i) != string(rest[:end]) {
		return nil, 0
	}
	return v.raw[i], end + 1
}

// Value is the string behind s when s is one of v's placeholders, else s.
func (v *Values) Value(s string) (string, error) {
	if v == nil || !strings.HasPrefix(s, v.prefix) {
		return s, nil
	}
	raw, length := v.at([]byte(s[len(v.prefix):] + `"`))
	if raw == nil || length != len(s)-len(v.prefix)+1 {
		return s, nil
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		// No copy of the megabytes: nothing writes to a lifted body any more (see Lift).
		return unsafe.String(unsafe.SliceData(raw), len(raw)), nil
	}
	var unescaped string
	if err := json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &unescaped); err != nil {
		return "", fmt.Errorf("large value: %w", err)
	}
	return unescaped, nil
}

type ctxKey struct{}

// WithValues returns ctx carrying v.
func WithValues(ctx context.Context, v *Values) context.Context {
	if v == nil {
		return ctx
	}
	return context.WithValue(ctx, ctxKey{}, v)
}

// FromContext returns the values of the request ctx belongs to, or nil.
func FromContext(ctx context.Context) *Values {
	v, _ := ctx.Value(ctxKey{}).(*Values)
	return v
}

// Middleware lifts the large values of every POST body before next reads it; next gets them back
// from the request's values (FromContext, RestoreAll). A body that cannot be read is left to next to refuse.
func Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, values, err := LiftBody(r)
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "cannot read the request body", http.StatusBadRequest)
			return
		}
		r = r.WithContext(WithValues(r.Context(), values))
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		next.ServeHTTP(w, r)
	})
}

// maxPrealloc bounds what a declared Content-Length may make the reader allocate up front.
const maxPrealloc = 32 << 20

// LiftBody reads a request's body and lifts its large values (see Lift). The body is read into a
// buffer of its declared size rather than one growing step by step: megabytes of uploads would be
// copied and cleared again at every step.
func LiftBody(r *http.Request) (body []byte, values *Values, err error) {
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(min(r.ContentLength, maxPrealloc)) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(r.Body); err != nil {
		return nil, nil, err
	}
	body, values = Lift(buf.Bytes())
	return body, values, nil
}
