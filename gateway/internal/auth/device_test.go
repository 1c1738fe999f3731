package auth

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestDeviceCookies_recogniseOnlyTheirOwnUnexpiredCookieForItsAccount(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	devices := deviceCookies{key: []byte("0123456789abcdef0123456789abcdef"), now: func() time.Time { return now }}
	rec := httptest.NewRecorder()
	devices.issue(rec, "Admin")
	issued := rec.Result().Cookies()[0]
	if !issued.HttpOnly || issued.SameSite != http.SameSiteStrictMode || issued.Path != "/api/auth/login" {
		t.Errorf("device cookie = %+v, want HttpOnly, SameSite=Strict, only for the sign-in", issued)
	}
	withCookie := func(value string) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/api/auth/login", nil)
		r.AddCookie(&http.Cookie{Name: DeviceCookieName, Value: value})
		return r
	}
	if _, known := devices.recognise(withCookie(issued.Value), "admin"); !known {
		t.Fatal("the browser's own cookie is not recognised")
	}
	otherKey := deviceCookies{key: []byte("another key, another gateway...."), now: devices.now}
	rec = httptest.NewRecorder()
	otherKey.issue(rec, "admin")
	for name, attempt := range map[string]struct {
		value, username string
	}{
		"for another account":        {issued.Value, "root"},
		"forged":                     {"1790000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "admin"},
		"signed with another key":    {rec.Result().Cookies()[0].Value, "admin"},
		"with its time stamp edited": {"1" + issued.Value, "admin"},
		"garbage":                    {"x", "admin"},
	} {
		if _, known := devices.recognise(withCookie(attempt.value), attempt.username); known {
			t.Errorf("a cookie %s is recognised", name)
		}
	}
	now = now.Add(deviceLifetime + time.Second)
	if _, known := devices.recognise(withCookie(issued.Value), "admin"); known {
		t.Error("an expired cookie is recognised")
	}
}
