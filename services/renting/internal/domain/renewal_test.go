package domain

import (
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/exception"
)

func TestNewRenting_aRenewalDrawsAnUnguessableLinkToken(t *testing.T) {
	t.Parallel()
	a, b := NewRenewal(7, 11, 3, t0), NewRenewal(7, 11, 3, t0)
	if len(a.RenewalToken()) != 43 || a.RenewalToken() == b.RenewalToken() {
		t.Errorf("tokens %q and %q: want two different base64url texts of 32 random bytes", a.RenewalToken(), b.RenewalToken())
	}
	if booking := NewRenting(7, 11, 3, t0); booking.RenewalToken() != "" {
		t.Errorf("a booking request has a renewal token %q", booking.RenewalToken())
	}
}

func TestCheckRenewalToken_acceptsOnlyTheMailedTokens(t *testing.T) {
	t.Parallel()
	token := NewRenewal(7, 11, 3, t0).RenewalToken()
	reminder := NewRenewal(7, 11, 3, t0).RenewalToken()
	both := [][]byte{HashLinkToken(token), HashLinkToken(reminder)}
	tests := []struct {
		name   string
		token  string
		hashes [][]byte
		opens  bool
	}{
		{"the mailed token", token, [][]byte{HashLinkToken(token)}, true},
		{"the renewal mail's token beside the reminder's", token, both, true},
		{"the reminder's token", reminder, both, true},
		{"no token", "", both, false},
		{"another renewal's token", NewRenewal(8, 12, 3, t0).RenewalToken(), both, false},
		{"the stored hash itself", string(HashLinkToken(token)), both, false},
		{"a renting without a renewal token", token, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wantRenewalLink(t, CheckRenewalToken(tt.token, tt.hashes), tt.opens, MsgRenewalLinkInvalid)
		})
	}
}

func TestCheckRenewalDeadline_theDeadlineDayStillCounts(t *testing.T) {
	t.Parallel()
	deadline := time.Date(2026, 10, 30, 0, 0, 0, 0, time.UTC)
	semester := Semester{ID: 3, RenewalDeadline: deadline}
	for today, opens := range map[time.Time]bool{deadline.AddDate(0, 0, -1): true, deadline: true, deadline.AddDate(0, 0, 1): false} {
		wantRenewalLink(t, CheckRenewalDeadline(semester, today), opens, MsgRenewalLinkExpired)
	}
}

func wantRenewalLink(t *testing.T, err error, opens bool, refusal string) {
	t.Helper()
	var v *exception.Error
	switch {
	case opens && err != nil:
		t.Errorf("refused: %v", err)
	case !opens && (!errors.As(err, &v) || v.MessageID != refusal || v.Path != "token"):
		t.Errorf("got %v, want %s on token", err, refusal)
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
