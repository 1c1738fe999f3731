package app_test

import (
	"context"
	"errors"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/pgtest"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var file = []byte("%PDF-1.4 a file")

func bookingRequest(t *testing.T, env *testenv.Env, apartmentID int, email string) app.BookingRequest {
	t.Helper()
	semester, err := env.Catalog.BookableSemester(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return app.BookingRequest{
		ApartmentID: apartmentID, SemesterID: semester.ID,
		Renter: domain.RenterData{
			Email: email, FirstName: "Ada", LastName: "Lovelace", Street: "Hauptstraße 1", Zip: "69117", City: "Heidelberg",
			Country: "DEU", Birthday: "2004-05-06", Phone: "+49 170 1234567", Nationality: "de", Gender: "female", Language: "de",
		},
		IdentityCardFront: file, IdentityCardBack: file, Immatriculation: file,
	}
}

// request books an apartment and returns the renting id; the test fails on any exception.
func request(t *testing.T, env *testenv.Env, apartmentID int, email string) string {
	t.Helper()
	id, err := env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, apartmentID, email))
	if err != nil {
		t.Fatalf("book apartment %d for %s: %v", apartmentID, email, err)
	}
	return id
}

// confirm issues the renting's token and opens the confirmation link.
func confirm(t *testing.T, env *testenv.Env, rentingID, email string) domain.Outcome {
	t.Helper()
	r := mustGet(t, env, rentingID)
	env.Renters.IssueToken(email, "token-"+rentingID, r.RenterID, rentingID, false)
	outcome, id, err := env.Booking.ConfirmEmail(context.Background(), email, "token-"+rentingID)
	if err != nil || id != rentingID {
		t.Fatalf("confirm %s: %s, %q, %v", rentingID, outcome, id, err)
	}
	return outcome
}

func mustGet(t *testing.T, env *testenv.Env, id string) domain.Renting {
	t.Helper()
	r, err := env.Queries.Renting(context.Background(), id)
	if err != nil {
		t.Fatalf("renting %s: %v", id, err)
	}
	return r
}

func wantState(t *testing.T, env *testenv.Env, id string, want domain.State) {
	t.Helper()
	if got := mustGet(t, env, id).State; got != want {
		t.Errorf("renting %s is %s, want %s", id, got, want)
	}
}

func wantException(t *testing.T, err error, path, messageID string) {
	t.Helper()
	var v *exception.Error
	if !errors.As(err, &v) || v.Path != path || v.MessageID != messageID {
		t.Fatalf("got %v, want exception %s at %s", err, messageID, path)
	}
}

// outbox lists the subjects of the events written so far, in order.
func outbox(t *testing.T, env *testenv.Env) []string {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), "SELECT subject FROM outbox ORDER BY seq")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var subjects []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		subjects = append(subjects, s)
	}
	return subjects
}

func count(t *testing.T, env *testenv.Env, query string, args ...any) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
