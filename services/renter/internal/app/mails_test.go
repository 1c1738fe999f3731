package app_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// memoryStore is the mail store in memory; the integration tests use the real one.
type memoryStore struct {
	renters    map[int64]domain.Renter
	tokens     []domain.EmailToken
	pageTokens []domain.PageToken
	mails      []domain.Mail
	notices    map[string]time.Time // by renter and kind
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

func (s *memoryStore) RenterByEmail(_ context.Context, email string) (domain.Renter, error) {
	for _, r := range s.renters {
		if domain.SameEmail(r.Data.Email, email) {
			return r, nil
		}
	}
	return domain.Renter{}, domain.ErrNotFound
}

func (s *memoryStore) AddPageToken(_ context.Context, t domain.PageToken, _ time.Time) error {
	s.pageTokens = append(s.pageTokens, t)
	return nil
}

func (s *memoryStore) ClaimNotice(_ context.Context, renterID int64, kind domain.MailKind, at, notBefore time.Time) (bool, error) {
	key := fmt.Sprint(renterID, kind)
	if last, ok := s.notices[key]; ok && last.After(notBefore) {
		return false, nil
	}
	s.notices[key] = at
	return true, nil
}

func (s *memoryStore) AddMail(_ context.Context, m domain.Mail) error {
	s.mails = append(s.mails, m)
	return nil
}

var testSettings = app.MailSettings{
	PublicURL: "https://wohnen.example", NoticeWindow: time.Hour, PageLinkValidity: 30 * 24 * time.Hour, PageLinkWindow: 10 * time.Minute,
}

// echoRenderer renders the content's kind and language as subject, its link and page link as text,
// and the booking and residence as HTML, so tests can see what was asked for.
type echoRenderer struct{}

func (echoRenderer) Render(c domain.MailContent) (string, string, string, error) {
	return string(c.Kind) + "/" + string(c.Language), c.Link + "\n" + c.PageLink, fmt.Sprintf("%+v %+v", c.Booking, c.Residence), nil
}

// tableCatalog knows one residence, and names and prices stays by their ids; it fails while failing
// is set. The integration tests ask the catalog's gRPC API.
type tableCatalog struct {
	failing bool
	asked   []domain.Stay
}

var errCatalogDown = errors.New("catalog unavailable")

func (c *tableCatalog) Residence(context.Context) (domain.Residence, error) {
	if c.failing {
		return domain.Residence{}, errCatalogDown
	}
	return domain.Residence{Name: "Haus Seeblick"}, nil
}

func (c *tableCatalog) Booking(_ context.Context, stay domain.Stay, priced bool) (domain.Booking, error) {
	if c.failing {
		return domain.Booking{}, errCatalogDown
	}
	c.asked = append(c.asked, stay)
	b := domain.Booking{Apartment: fmt.Sprint("apartment ", stay.ApartmentID), Semester: fmt.Sprint("semester ", stay.SemesterID), Priced: priced}
	if priced {
		b.TotalCents = int64(stay.ApartmentID) * 1000
	}
	return b, nil
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
		{"the office's cancellation has its own mail", domain.StateChange{EventID: "e5", RentingID: "r1", RenterID: 7, FromState: "PAYED", ToState: "CANCELED", Cancellation: &domain.Cancellation{Reason: "Doppelt gebucht"}}, nil, "canceled_by_office/de", 0},
		{"any other cancellation the usual one", domain.StateChange{EventID: "e6", RentingID: "r1", RenterID: 7, FromState: "RENEWAL_REQUEST", ToState: "CANCELED"}, nil, "renting_canceled/de", 0},
		{"unknown renter", domain.StateChange{EventID: "e4", RentingID: "r1", RenterID: 8, ToState: "CANCELED"}, app.ErrUnknownRenter, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			store := &memoryStore{renters: map[int64]domain.Renter{7: anna}, notices: map[string]time.Time{}}
			err := app.NewMails(echoRenderer{}, &tableCatalog{}, testSettings, func() time.Time { return now }).OnStateChange(context.Background(), store, tt.change)
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
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org", Language: domain.LanguageEn}}}, notices: map[string]time.Time{}}
	mails := app.NewMails(echoRenderer{}, &tableCatalog{}, testSettings, func() time.Time { return now })
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

func TestMails_repeatTheStayFromTheCatalogAndSignAsTheResidence(t *testing.T) {
	t.Parallel()
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org", Language: domain.LanguageDe}}}, notices: map[string]time.Time{}}
	catalog := &tableCatalog{}
	mails := app.NewMails(echoRenderer{}, catalog, testSettings, time.Now)
	ctx := context.Background()
	stay := domain.Stay{ApartmentID: 12, SemesterID: 3, Renewal: true}
	if err := mails.OnStateChange(ctx, store, domain.StateChange{EventID: "e1", RentingID: "r1", RenterID: 7, Stay: stay, ToState: "UNPAID"}); err != nil {
		t.Fatal(err)
	}
	if err := mails.OnKeyCodeDue(ctx, store, domain.KeyCodeDue{EventID: "e2", RentingID: "r1", RenterID: 7, Stay: stay, AccessKey: "K"}); err != nil {
		t.Fatal(err)
	}
	if len(store.mails) != 2 || len(catalog.asked) != 2 || catalog.asked[0] != stay || catalog.asked[1] != stay {
		t.Fatalf("mails %+v, catalog asked for %+v", store.mails, catalog.asked)
	}
	want := []string{
		"{Apartment:apartment 12 Semester:semester 3 TotalCents:12000 Priced:true} {Name:Haus Seeblick",
		"{Apartment:apartment 12 Semester:semester 3 TotalCents:0 Priced:false} {Name:Haus Seeblick",
	}
	for i, w := range want {
		if !strings.HasPrefix(store.mails[i].HTML, w) {
			t.Errorf("mail %d says %q, want %q…", i, store.mails[i].HTML, w)
		}
	}
}

func TestMails_catalogUnavailable_failsTheEventAndStoresNothing(t *testing.T) {
	t.Parallel()
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org"}}}, notices: map[string]time.Time{}}
	mails := app.NewMails(echoRenderer{}, &tableCatalog{failing: true}, testSettings, time.Now)
	err := mails.OnStateChange(context.Background(), store, domain.StateChange{EventID: "e1", RentingID: "r1", RenterID: 7, ToState: "PAYED"})
	if !errors.Is(err, errCatalogDown) || len(store.mails) != 0 {
		t.Errorf("err %v, mails %+v; want the catalog's error and no mail (the event is delivered again)", err, store.mails)
	}
}

func TestMails_everyMailCarriesANewPageLinkStoredOnlyAsItsHash(t *testing.T) {
	t.Parallel()
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org"}}}, notices: map[string]time.Time{}}
	mails := app.NewMails(echoRenderer{}, &tableCatalog{}, testSettings, func() time.Time { return now })
	ctx := context.Background()
	if err := mails.OnStateChange(ctx, store, domain.StateChange{EventID: "e1", RentingID: "r1", RenterID: 7, ToState: "PAYED"}); err != nil {
		t.Fatal(err)
	}
	if err := mails.OnKeyCodeDue(ctx, store, domain.KeyCodeDue{EventID: "e2", RentingID: "r1", RenterID: 7, AccessKey: "K"}); err != nil {
		t.Fatal(err)
	}
	if len(store.mails) != 2 || len(store.pageTokens) != 2 {
		t.Fatalf("%d mails, %d page tokens; want 2 and 2", len(store.mails), len(store.pageTokens))
	}
	const prefix = "https://wohnen.example/booking/my-booking?token="
	for i, m := range store.mails {
		_, link, _ := strings.Cut(m.Text, "\n")
		token, ok := strings.CutPrefix(link, prefix)
		if !ok {
			t.Fatalf("mail %d links to %q, want %s…", i, link, prefix)
		}
		stored := store.pageTokens[i]
		if string(stored.Hash) != string(domain.HashToken(token)) || stored.RenterID != 7 || !stored.ExpiresAt.Equal(now.Add(testSettings.PageLinkValidity)) {
			t.Errorf("mail %d: stored %+v for the link's token", i, stored)
		}
	}
}

func TestSendPageLink_unknownAddressMailsNothing_aKnownOneOncePerWindow(t *testing.T) {
	t.Parallel()
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	store := &memoryStore{renters: map[int64]domain.Renter{7: {ID: 7, Data: domain.PersonalData{Email: "anna@example.org", Language: domain.LanguageDe}}}, notices: map[string]time.Time{}}
	mails := app.NewMails(echoRenderer{}, &tableCatalog{}, testSettings, func() time.Time { return now })
	ctx := context.Background()
	send := func(email string) {
		t.Helper()
		if err := mails.SendPageLink(ctx, store, email); err != nil {
			t.Fatal(err)
		}
	}
	send("nobody@example.org")
	if len(store.mails) != 0 || len(store.pageTokens) != 0 {
		t.Fatalf("an unknown address got %+v", store.mails)
	}
	send(" Anna@Example.org")
	send("anna@example.org") // within the window: nothing more
	now = now.Add(testSettings.PageLinkWindow + time.Second)
	send("anna@example.org")
	if len(store.mails) != 2 || len(store.pageTokens) != 2 {
		t.Fatalf("%d mails, %d page tokens; want 2 and 2", len(store.mails), len(store.pageTokens))
	}
	if m := store.mails[0]; m.Subject != "page_link/de" || m.To != "anna@example.org" || store.mails[1].EventID == m.EventID {
		t.Errorf("mails %+v", store.mails)
	}
}

func TestOnReminderDue_bookingAttemptTellsTheHolderAboutTheirStay_anErasedRenterNothing(t *testing.T) {
	t.Parallel()
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	anna := domain.Renter{ID: 7, Data: domain.PersonalData{Email: "anna@example.org", FirstName: "Anna", Language: domain.LanguageEn}}
	erased := domain.Renter{ID: 8, Data: domain.PersonalData{Email: domain.ErasedEmail(8)}, ErasedAt: now.Add(-time.Hour)}
	store := &memoryStore{renters: map[int64]domain.Renter{7: anna, 8: erased}, notices: map[string]time.Time{}}
	mails := app.NewMails(echoRenderer{}, &tableCatalog{}, testSettings, func() time.Time { return now })
	for _, renterID := range []int64{7, 8} {
		err := mails.OnReminderDue(context.Background(), store, domain.ReminderDue{
			EventID: fmt.Sprint("e", renterID), RentingID: "held", RenterID: renterID, Stay: domain.Stay{ApartmentID: 11, SemesterID: 3}, Step: "BOOKING_ATTEMPT",
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(store.mails) != 1 || len(store.tokens) != 0 {
		t.Fatalf("mails %+v, %d confirmation tokens: want one notice to the holder and no link to confirm", store.mails, len(store.tokens))
	}
	m := store.mails[0]
	if m.Subject != "booking_attempt/en" || m.To != "anna@example.org" || !strings.Contains(m.HTML, "apartment 11") || !strings.HasPrefix(m.Text, "\n"+testSettings.PublicURL+"/booking/my-booking?") {
		t.Errorf("mail %+v: want the notice naming the held apartment, with only the link to the holder's own page", m)
	}
}
