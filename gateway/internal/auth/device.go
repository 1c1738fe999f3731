package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DeviceCookieName is the cookie that marks a browser in which an account signed in before.
const DeviceCookieName = "semesterhaus_device"

// deviceLifetime is how long a browser stays known after its last sign-in.
const deviceLifetime = 30 * 24 * time.Hour

// deviceCookies tell the owner's browsers from everyone else (OWASP "device cookies"): a browser
// that signed in as an account before carries a cookie the gateway signed for that account, and
// its attempts are counted on their own instead of on the account's user name. So guessing at the
// user name from elsewhere never delays the owner's usual browser. The cookie grants nothing else:
// the password is still checked, and a stolen cookie only gives its own, equally delayed count.
type deviceCookies struct {
	key    []byte // HMAC-SHA256 key, the same on every replica
	secure bool
	now    func() time.Time
}

// issue gives the browser a cookie for username, valid deviceLifetime from now.
func (d deviceCookies) issue(w http.ResponseWriter, username string) {
	issued := strconv.FormatInt(d.now().Unix(), 10)
	http.SetCookie(w, &http.Cookie{
		Name:     DeviceCookieName,
		Value:    issued + "." + d.mac(username, issued),
		Path:     "/api/auth/login",
		MaxAge:   int(deviceLifetime.Seconds()),
		HttpOnly: true,
		Secure:   d.secure,
		SameSite: http.SameSiteStrictMode,
	})
}

// recognise returns the subject the attempt's count is kept under when r carries a valid,
// unexpired cookie issued for username.
func (d deviceCookies) recognise(r *http.Request, username string) (string, bool) {
	cookie, err := r.Cookie(DeviceCookieName)
	if err != nil {
		return "", false
	}
	issued, mac, ok := strings.Cut(cookie.Value, ".")
	seconds, err := strconv.ParseInt(issued, 10, 64)
	if !ok || err != nil || d.now().Sub(time.Unix(seconds, 0)) > deviceLifetime {
		return "", false
	}
	if !hmac.Equal([]byte(mac), []byte(d.mac(username, issued))) {
		return "", false
	}
	return mac, true
}

func (d deviceCookies) mac(username, issued string) string {
	h := hmac.New(sha256.New, d.key)
	h.Write([]byte(strings.ToLower(username) + "\n" + issued))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}
