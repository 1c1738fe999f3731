package app_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// memoryStore is the mail store in memory; the integration tests use the real one.
type memoryStore struct {
	renters map[int64]domain.Renter
	tokens  []domain.EmailToken
	mails   []domain.Mail
	notices map[int64]time.Time
}

func (s *memoryStore) Renter(_ context.Context, id int64) (domain.Renter, error) {
	r, ok := s.renters[id]
	if !ok {
		return domain.Renter{}, domain.ErrNotFound
	}
	return r, nil
}

func (s *memoryStore) AddEmailToken(_ context.Context, t domain.EmailToken) error {
	s.tokens = append(s.tokens, t)
	return nil
}

func (s *memoryStore) ClaimCancelledRequestNotice(_ context.Context, renterID int64, at, notBefore time.Time) (bool, error) {
	if last, ok := s.notices[renterID]; ok && last.After(notBefore) {
		return false, nil
	}
	s.notices[renterID] = at
	return true, nil
}

func (s *memoryStore) AddMail(_ context.Context, m domain.Mail) error {
	s.mails = append(s.mails, m)
	return nil
}

// echoRenderer renders the content's kind, language and link, so tests can see what was asked for.
type echoRenderer struct{}

func (echoRenderer) Render(c domain.MailContent) (string, string, string, error) {
	return string(c.Kind) + "/" + string(c.Language), c.Link, "<p>" + c.Link + "</p>", nil
}

func TestOnStateChange(t *testing.T) {
	t.Parallel()
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	anna := domain.Renter{ID: 7, Data: domain.PersonalData{Email: "anna@example.org", FirstName: "Anna", Language: domain.LanguageDe}}
	tests := []struct {
		name        string
		change      domain.StateChange
		wantErr     error
		wantSubject string
		wantTokens  int
	}{
		{"request mails a confirmation link and issues a token", domain.StateChange{EventID: "e1", RentingID: "r1", RenterID: 7, ToState: "APARTMENT_REQUESTED"}, nil, "confirm_email/de", 1},
		{"reservation mails without a token", domain.StateChange{EventID: "e2", RentingID: "r1", RenterID: 7, ToState: "APARTMENT_RESERVED"}, nil, "email_confirmed/de", 0},
		{"contract states mail nothing here", domain.StateChange{EventID: "e3", RentingID: "r1", RenterID: 7, ToState: "CONTRACT_SIGNED"}, nil, "", 0},
		{"unknown renter", domain.StateChange{EventID: "e4", RentingID: "r1", RenterID: 8, ToState: "CANCELED"}, app.ErrUnknownRenter, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			store := &memoryStore{renters: map[int64]domain.Renter{7: anna}, notices: map[int64]time.Time{}}
			err := app.NewMails(echoRenderer{}, "https://wohnen.example", time.Hour, func() time.Time { return now }).OnStateChange(context.Background(), store, tt.change)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if len(store.tokens) != tt.wantTokens {
				t.Errorf("%d tokens, want %d", len(store.tokens), tt.wantTokens)
			}
			if tt.wantSubject == "" {
				if len(store.mails) != 0 {
					t.Errorf("unexpected mails %+v", store.mails)
				}
				return
			}
			if len(store.mails) != 1 || store.mails[0].Subject != tt.wantSubject || store.mails[0].EventID != tt.change.EventID || store.mails[0].To != "anna@example.org" {
				t.Fatalf("mails %+v", store.mails)
			}
			if tt.wantTokens == 1 && store.tokens[0].RentingID != "r1" {
				t.Errorf("token for renting %q", store.tokens[0].RentingID)
			}
		})
	}
}

func TestOnStateChange_cancelledUnconfirmedRequestsAreMailedOncePerWindow(t *testing.T) {
	t.Parallel()
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org", Language: domain.LanguageEn}}}, notices: map[int64]time.Time{}}
	mails := app.NewMails(echoRenderer{}, "https://wohnen.example", time.Hour, func() time.Time { return now })
	cancel := func(eventID, from string) {
		t.Helper()
		change := domain.StateChange{EventID: eventID, RentingID: "r-" + eventID, RenterID: 7, FromState: from, ToState: "CANCELED"}
		if err := mails.OnStateChange(context.Background(), store, change); err != nil {
			t.Fatal(err)
		}
	}
	cancel("e1", "APARTMENT_REQUESTED")
	cancel("e2", "APARTMENT_REQUESTED") // within the window: no mail
	cancel("e3", "APARTMENT_RESERVED")  // a confirmed booking: always mailed
	now = now.Add(time.Hour + time.Second)
	cancel("e4", "APARTMENT_REQUESTED") // the next window
	var got []string
	for _, m := range store.mails {
		got = append(got, m.EventID)
	}
	if strings.Join(got, ",") != "e1,e3,e4" {
		t.Errorf("mails for events %v, want e1, e3, e4", got)
	}
}
