package domain

import (
	"errors"
	"testing"
	"time"
)

func TestNewRenting_aRenewalDrawsAnUnguessableLinkToken(t *testing.T) {
	t.Parallel()
	a, b := NewRenting(7, 11, 3, true, t0), NewRenting(7, 11, 3, true, t0)
	if len(a.RenewalToken()) != 43 || a.RenewalToken() == b.RenewalToken() {
		t.Errorf("tokens %q and %q: want two different base64url texts of 32 random bytes", a.RenewalToken(), b.RenewalToken())
	}
	if booking := NewRenting(7, 11, 3, false, t0); booking.RenewalToken() != "" {
		t.Errorf("a booking request has a renewal token %q", booking.RenewalToken())
	}
}

func TestCheckRenewalLink_opensOnlyWithTheMailedTokenUntilTheDeadline(t *testing.T) {
	t.Parallel()
	token := NewRenting(7, 11, 3, true, t0).RenewalToken()
	deadline := time.Date(2026, 10, 30, 0, 0, 0, 0, time.UTC)
	semester := Semester{ID: 3, RenewalDeadline: deadline}
	tests := []struct {
		name  string
		token string
		hash  []byte
		today time.Time
		want  string // message id, "" when the link opens
	}{
		{"the mailed token before the deadline", token, HashRenewalToken(token), deadline.AddDate(0, 0, -1), ""},
		{"the mailed token on the deadline day", token, HashRenewalToken(token), deadline, ""},
		{"the mailed token after the deadline", token, HashRenewalToken(token), deadline.AddDate(0, 0, 1), MsgRenewalLinkExpired},
		{"no token", "", HashRenewalToken(token), deadline, MsgRenewalLinkInvalid},
		{"another renewal's token", NewRenting(8, 12, 3, true, t0).RenewalToken(), HashRenewalToken(token), deadline, MsgRenewalLinkInvalid},
		{"the stored hash itself", string(HashRenewalToken(token)), HashRenewalToken(token), deadline, MsgRenewalLinkInvalid},
		{"a renting without a renewal token", token, nil, deadline, MsgRenewalLinkInvalid},
		{"a wrong token after the deadline", "x", HashRenewalToken(token), deadline.AddDate(0, 0, 1), MsgRenewalLinkInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := CheckRenewalLink(tt.token, tt.hash, semester, tt.today)
			var v *ValidationError
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (!errors.As(err, &v) || v.MessageID != tt.want || v.Path != "token"):
				t.Errorf("got %v, want %s on token", err, tt.want)
			}
		})
	}
}

func TestIssueRenewalToken_onlyForARenewalWaitingForItsAnswer(t *testing.T) {
	t.Parallel()
	for _, s := range []State{RenewalRequest, RenewalAccepted, Canceled, Payed} {
		r := rentingIn(s)
		err := r.IssueRenewalToken()
		if issued := err == nil && len(r.RenewalToken()) == 43; issued != (s == RenewalRequest) {
			t.Errorf("%s: token %q, %v", s, r.RenewalToken(), err)
		}
	}
}
