// Package signing holds the signing providers (the sandbox and a real e-signature API), the sandbox's
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

// Tolerance is how old a webhook's time stamp may be; older ones could be replays.
const Tolerance = 5 * time.Minute

// sign returns the signature header value for body sent at t.
func sign(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return fmt.Sprintf("t=%s,v1=%s", ts, hex.EncodeToString(mac(secret, ts, body)))
}

// verify checks a signature header against body in constant time and refuses time stamps more
// than Tolerance away from now.
func verify(secret []byte, header string, body []byte, now time.Time) error {
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
	if age := now.Sub(time.Unix(unix, 0)); age > Tolerance || age < -Tolerance {
		return fmt.Errorf("%w: time stamp %s away", domain.ErrInvalidSignature, age)
	}
	got, err := hex.DecodeString(v1)
	if err != nil || !hmac.Equal(got, mac(secret, ts, body)) {
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
