// Package signing holds the signing providers (the sandbox and DocuSign), the sandbox's
// signing pages and the webhook on which a provider reports a signature.
package signing

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// SignatureHeader carries a webhook's signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.
const SignatureHeader = "Semesterhaus-Signature"

// WebhookKey signs and checks the webhooks' HMAC with Secret; a time stamp further than Tolerance
// from Now, in the past (a replay) or in the future (a report prepared for later), is refused.
type WebhookKey struct {
	Secret    []byte
	Tolerance time.Duration
	Now       func() time.Time
}

// sign returns the signature header value for body sent now.
func (k WebhookKey) sign(body []byte) string {
	return signAt(k.Secret, k.Now(), body)
}

// signAt returns the signature header value for body sent at t.
func signAt(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return fmt.Sprintf("t=%s,v1=%s", ts, hex.EncodeToString(mac(secret, ts, body)))
}

// verify checks a signature header against body in constant time and its time stamp against the
// tolerance.
func (k WebhookKey) verify(header string, body []byte) error {
	var ts, v1 string
	for part := range strings.SplitSeq(header, ",") {
		key, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch key {
		case "t":
			ts = value
		case "v1":
			v1 = value
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: no time stamp", domain.ErrInvalidSignature)
	}
	if off := k.Now().Sub(time.Unix(unix, 0)); off > k.Tolerance || off < -k.Tolerance {
		return fmt.Errorf("%w: time stamp %s off, tolerance %s", domain.ErrInvalidSignature, off, k.Tolerance)
	}
	got, err := hex.DecodeString(v1)
	if err != nil || !hmac.Equal(got, mac(k.Secret, ts, body)) {
		return fmt.Errorf("%w: signature does not match", domain.ErrInvalidSignature)
	}
	return nil
}

func mac(secret []byte, ts string, body []byte) []byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(ts + "."))
	h.Write(body)
	return h.Sum(nil)
}
