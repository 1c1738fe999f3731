package app_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"semesterhaus/platform/exception"
	commonv1 "semesterhaus/proto/gen/common/v1"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

// offeredTo fills the house but apartment 14, puts email first in line and frees 14 for them: it
// returns the token of the offer's link.
func offeredTo(t *testing.T, env *testenv.Env, email string) string {
	t.Helper()
	fillHouse(t, env, 14)
	joinConfirmed(t, env, email, domain.Wishes{})
	if err := env.Office.FreeApartment(testenv.Admin(), 14, bookableSemester(t, env)); err != nil {
		t.Fatal(err)
	}
	made := offers(t, env)
	if len(made) != 1 || made[0].GetEmail() != email || made[0].GetApartmentId() != 14 {
		t.Fatalf("offers %v, want apartment 14 to %s", made, email)
	}
	return made[0].GetToken()
}

// requestsFor14 are the rentings of apartment 14 besides the one freed for the offer.
func requestsFor14(t *testing.T, env *testenv.Env) int {
	t.Helper()
	return count(t, env, "SELECT count(*) FROM renting WHERE apartment_id = 14 AND state = 'APARTMENT_REQUESTED'")
}

func TestWaitlist_anOfferBooksOnce_aSecondBookingWithItsLinkIsRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	token := offeredTo(t, env, "ada@example.org")
	first, err := bookThroughOffer(env, t, 14, "ada@example.org", token)
	if err != nil {
		t.Fatal(err)
	}
	events, uploads, renters := outbox(t, env), env.Documents.Rentings(), count(t, env, "SELECT count(DISTINCT renter_id) FROM renting")

	// whoever else holds the link (a forwarded mail), before and after the first booking is confirmed
	_, err = bookThroughOffer(env, t, 14, "mallory@example.org", token)
	wantException(t, err, "offerToken", domain.MsgOfferInvalid)
	_, err = bookThroughOffer(env, t, 14, "ada@example.org", token) // the holder's second booking too
	wantException(t, err, "offerToken", domain.MsgOfferInvalid)
	if n := requestsFor14(t, env); n != 1 || !slices.Equal(outbox(t, env), events) || env.Documents.Rentings() != uploads ||
		count(t, env, "SELECT count(DISTINCT renter_id) FROM renting") != renters {
		t.Errorf("the refused bookings changed something: %d requests for 14, events %v, uploads %d", n, outbox(t, env), env.Documents.Rentings())
	}
	if got := lineStates(t, env); !slices.Equal(got, []string{"ada@example.org OFFERED 14"}) {
		t.Errorf("line %q", got)
	}

	if outcome := confirm(t, env, first, "ada@example.org"); outcome != domain.Confirmed {
		t.Fatalf("the first booking's confirmation: %s", outcome)
	}
	wantState(t, env, first, domain.ApartmentReserved)
	_, err = bookThroughOffer(env, t, 14, "mallory@example.org", token)
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
}

func TestWaitlist_twoBookingsRacingOnOneOfferLink_exactlyOneGetsIt(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	token := offeredTo(t, env, "ada@example.org")
	const racers = 6
	ids := make([]string, racers)
	errs := make([]error, racers)
	var wg sync.WaitGroup
	for i := range racers {
		wg.Go(func() { ids[i], errs[i] = bookThroughOffer(env, t, 14, fmt.Sprintf("racer%d@example.org", i), token) })
	}
	wg.Wait()
	var winners []string
	for i, err := range errs {
		var refused *exception.Error
		switch {
		case err == nil:
			winners = append(winners, ids[i])
		case errors.As(err, &refused) && refused.Path == "offerToken" && refused.MessageID == domain.MsgOfferInvalid:
		default:
			t.Errorf("racer %d: %v, want the booking or WAITLIST_OFFER_INVALID", i, err)
		}
	}
	if len(winners) != 1 || requestsFor14(t, env) != 1 {
		t.Fatalf("%d bookings through one offer (%d requests for 14), want 1", len(winners), requestsFor14(t, env))
	}
	if outcome := confirm(t, env, winners[0], mustGetEmail(t, winners, ids)); outcome != domain.Confirmed {
		t.Errorf("the winner's confirmation: %s", outcome)
	}
	wantState(t, env, winners[0], domain.ApartmentReserved)
}

// mustGetEmail is the address the racer of the winning booking used.
func mustGetEmail(t *testing.T, winners, ids []string) string {
	t.Helper()
	return fmt.Sprintf("racer%d@example.org", slices.Index(ids, winners[0]))
}

func TestWaitlist_aBookingThroughTheOfferThatFails_leavesTheOfferToItsHolder(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	token := offeredTo(t, env, "ada@example.org")
	env.Documents.Refuse(&commonv1.Violation{Path: "identityCardFront", MessageId: "INVALID_IMAGE"})
	_, err := bookThroughOffer(env, t, 14, "ada@example.org", token)
	wantException(t, err, "identityCardFront", "INVALID_IMAGE")
	env.Documents.Refuse(nil)

	id, err := bookThroughOffer(env, t, 14, "ada@example.org", token) // with a better picture
	if err != nil {
		t.Fatalf("the holder's booking after a refused upload: %v", err)
	}
	if outcome := confirm(t, env, id, "ada@example.org"); outcome != domain.Confirmed {
		t.Errorf("confirmation: %s", outcome)
	}
}
