package domain

import (
	"errors"
	"strings"
	"testing"

	"semesterhaus/platform/exception"
)

// TestNewWaitlistJoin_hostileNameOrAddress_refusedOnItsField: what the waitlist form took before
// (TAB, U+2028 and NUL in the name, x@localhost as the address, bidi and zero-width characters) is
// refused on its field by the rules every form shares.
func TestNewWaitlistJoin_hostileNameOrAddress_refusedOnItsField(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, email, person, path, want string
	}{
		{"TAB", "lea@example.org", "Lea\tWagner", "name", MsgSingleLine},
		{"U+2028", "lea@example.org", "Lea\u2028Wagner", "name", MsgSingleLine},
		{"NUL", "lea@example.org", "Lea\x00Wagner", "name", MsgSingleLine},
		{"bidi override", "lea@example.org", "Lea \u202erengaW", "name", "INVALID_CHARACTER"},
		{"zero-width space", "lea@example.org", "Lea\u200bWagner", "name", "INVALID_CHARACTER"},
		{"4 KiB", "lea@example.org", strings.Repeat("a", 4<<10), "name", MsgStringMax},
		{"localhost", "x@localhost", "Lea Wagner", "email", MsgInvalidEmail},
		{"no dot", "x@intranet", "Lea Wagner", "email", MsgInvalidEmail},
		{"local part of 65", strings.Repeat("x", 65) + "@example.org", "Lea Wagner", "email", MsgInvalidEmail},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := NewWaitlistJoin(7, tc.email, tc.person, "de", Wishes{})
			var exc *exception.Error
			if !errors.As(err, &exc) || exc.Path != tc.path || exc.MessageID != tc.want {
				t.Fatalf("got %v, want %s at %s", err, tc.want, tc.path)
			}
		})
	}
	if _, err := NewWaitlistJoin(7, "lea@example.org", "Léa Wägner-Øster", "de", Wishes{}); err != nil {
		t.Errorf("a valid join: %v", err)
	}
}

func TestCheckOfferToken_onlyWhatALinkCarries(t *testing.T) {
	t.Parallel()
	if err := CheckOfferToken(NewLinkToken().Plain); err != nil {
		t.Errorf("a real token: %v", err)
	}
	if err := CheckOfferToken(""); err != nil {
		t.Errorf("no token: %v", err)
	}
	for _, token := range []string{"x", strings.Repeat("a", 4<<10), NewLinkToken().Plain[:42] + "\x00", NewLinkToken().Plain[:42] + "="} {
		var exc *exception.Error
		if err := CheckOfferToken(token); !errors.As(err, &exc) || exc.Path != "offerToken" || exc.MessageID != MsgInvalid {
			t.Errorf("CheckOfferToken(%.20q) = %v, want invalid at offerToken", token, err)
		}
	}
}
