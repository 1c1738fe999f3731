package domain_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

var issued = time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)

func TestNewEmailToken_32RandomBytesBase64URLStoredOnlyAsHash(t *testing.T) {
	t.Parallel()
	plain, token := domain.NewEmailToken(7, "r-1", issued)
	raw, err := base64.RawURLEncoding.DecodeString(plain)
	if err != nil || len(raw) != 32 {
		t.Fatalf("token %q decodes to %d bytes, %v", plain, len(raw), err)
	}
	if !bytes.Equal(token.Hash, domain.HashToken(plain)) || bytes.Contains(token.Hash, []byte(plain)) {
		t.Error("the stored hash is not the token's SHA-256")
	}
	if !token.ExpiresAt.Equal(issued.Add(72*time.Hour)) || token.RenterID != 7 || token.RentingID != "r-1" {
		t.Errorf("token record %+v", token)
	}
	if other, _ := domain.NewEmailToken(7, "r-1", issued); other == plain {
		t.Error("two tokens are equal")
	}
}

func TestEmailTokenUse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		usedBefore  bool
		at          time.Time
		wantErr     error
		alreadyUsed bool
	}{
		{"first use within 72 h", false, issued.Add(71 * time.Hour), nil, false},
		{"first use at expiry", false, issued.Add(72 * time.Hour), domain.ErrTokenExpired, false},
		{"second use", true, issued.Add(time.Hour), nil, true},
		{"second use after expiry still finds the renting", true, issued.Add(100 * time.Hour), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, token := domain.NewEmailToken(7, "r-1", issued)
			if tt.usedBefore {
				if _, err := token.Use(issued); err != nil {
					t.Fatal(err)
				}
			}
			c, err := token.Use(tt.at)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if err == nil && (c.RenterID != 7 || c.RentingID != "r-1" || c.AlreadyUsed != tt.alreadyUsed || token.UsedAt == nil) {
				t.Errorf("confirmation %+v, used at %v", c, token.UsedAt)
			}
		})
	}
}

func TestPageToken_asksErasureOnlyWithinAnHourOfItsMail_endsOlderOnesAnHourAfterIt(t *testing.T) {
	t.Parallel()
	issued := time.Date(2027, 5, 3, 10, 0, 0, 0, time.UTC)
	_, token := domain.NewPageToken(7, issued, 30*24*time.Hour)
	for _, tc := range []struct {
		after time.Duration
		asks  bool
	}{{0, true}, {59 * time.Minute, true}, {time.Hour, true}, {time.Hour + time.Second, false}, {29 * 24 * time.Hour, false}, {31 * 24 * time.Hour, false}} {
		if got := token.AsksErasure(issued.Add(tc.after)); got != tc.asks {
			t.Errorf("%s after its mail: asks erasure %v, want %v", tc.after, got, tc.asks)
		}
	}
	if (domain.PageToken{ExpiresAt: issued.Add(time.Hour)}).AsksErasure(issued) {
		t.Error("a token that does not say when it was mailed asks for erasure")
	}
	if got := token.EndsOlder(); !got.Equal(issued.Add(time.Hour)) {
		t.Errorf("older tokens end at %s, want an hour after the newer one's mail", got)
	}
}
