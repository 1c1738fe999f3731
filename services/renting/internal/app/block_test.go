package app_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

func bookableSemester(t *testing.T, env *testenv.Env) int {
	t.Helper()
	semester, err := env.Catalog.BookableSemester(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return semester.ID
}

func free(t *testing.T, env *testenv.Env, apartmentID int) bool {
	t.Helper()
	availability, err := env.Booking.AvailableApartments(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range availability.Free {
		if a.ApartmentID == apartmentID {
			return a.Free
		}
	}
	t.Fatalf("apartment %d not in the availability", apartmentID)
	return false
}

func TestBlockApartment_keepsItFromBeingBookedUntilUnblockedAndIsAudited(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)

	if err := env.Office.BlockApartment(testenv.Anonymous(), 14, semester, "Wasserschaden"); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous block: %v", err)
	}
	wantException(t, env.Office.BlockApartment(testenv.Admin(), 14, semester, "  "), "reason", domain.MsgNotNull)
	wantException(t, env.Office.BlockApartment(testenv.Admin(), 999, semester, "Wasserschaden"), "apartmentId", domain.MsgNoApartment)
	wantException(t, env.Office.BlockApartment(testenv.Admin(), 14, 999, "Wasserschaden"), "semesterId", domain.MsgNoSemester)
	if !free(t, env, 14) {
		t.Fatal("refused blocks blocked apartment 14")
	}

	if err := env.Office.BlockApartment(testenv.Admin(), 14, semester, "Wasserschaden im Bad"); err != nil {
		t.Fatal(err)
	}
	if free(t, env, 14) {
		t.Error("a blocked apartment is offered as free")
	}
	statuses, err := env.Queries.Occupancy(testenv.Admin(), semester, []int{14})
	if err != nil || statuses[0].State != domain.ApartmentBlocked || statuses[0].Block == nil || statuses[0].Block.Reason != "Wasserschaden im Bad" {
		t.Errorf("occupancy of the blocked apartment: %+v, %v", statuses, err)
	}
	_, err = env.Booking.CreateRentingRequest(context.Background(), bookingRequest(t, env, 14, "ada@example.org"))
	wantException(t, err, "apartmentId", domain.MsgApartmentTaken)
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE actor = 'admin' AND action = 'blockApartment' AND subject = $1 AND details->>'reason' = 'Wasserschaden im Bad'",
		"apartment/14/semester/"+strconv.Itoa(semester)); n != 1 {
		t.Errorf("%d audit entries of the block, want 1", n)
	}

	if err := env.Office.UnblockApartment(testenv.Anonymous(), 14, semester); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous unblock: %v", err)
	}
	if err := env.Office.UnblockApartment(testenv.Admin(), 14, semester); err != nil {
		t.Fatal(err)
	}
	wantException(t, env.Office.UnblockApartment(testenv.Admin(), 14, semester), "apartmentId", domain.MsgNotBlocked)
	if !free(t, env, 14) {
		t.Error("an unblocked apartment is not free")
	}
	request(t, env, 14, "ada@example.org")
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE action = 'unblockApartment'"); n != 1 {
		t.Errorf("%d audit entries of the unblock, want 1", n)
	}
}

func TestBlockApartment_refusedWhileARentingHoldsIt(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	id := request(t, env, 15, "ada@example.org")
	confirm(t, env, id, "ada@example.org")

	err := env.Office.BlockApartment(testenv.Admin(), 15, semester, "Gäste des Hauses")
	var e *exception.Error
	if !errors.As(err, &e) || e.MessageID != domain.MsgApartmentHeld || e.Path != "apartmentId" || e.Params["state"] != string(domain.ApartmentReserved) {
		t.Fatalf("blocking a reserved apartment: %v, want %s naming APARTMENT_RESERVED", err, domain.MsgApartmentHeld)
	}
	statuses, _ := env.Queries.Occupancy(testenv.Admin(), semester, []int{15})
	if statuses[0].State != domain.ApartmentReserved || statuses[0].Block != nil {
		t.Errorf("after the refused block: %+v", statuses[0])
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE action = 'blockApartment'"); n != 0 {
		t.Errorf("%d audit entries of a refused block", n)
	}
}

func TestBlockApartment_aRequestConfirmedAfterTheBlockFindsTheApartmentTaken(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	semester := bookableSemester(t, env)
	id := request(t, env, 16, "ada@example.org") // asked for, not yet holding
	if err := env.Office.BlockApartment(testenv.Admin(), 16, semester, "Renovierung"); err != nil {
		t.Fatal(err)
	}
	if outcome := confirm(t, env, id, "ada@example.org"); outcome != domain.ApartmentTaken {
		t.Errorf("confirmation outcome %s, want %s", outcome, domain.ApartmentTaken)
	}
	wantState(t, env, id, domain.SelectApartment)
	// the database refuses it too, whoever writes the renting
	_, err := env.Pool.Exec(context.Background(), "UPDATE renting SET state = 'APARTMENT_RESERVED' WHERE id = $1", id)
	if err == nil {
		t.Error("the database let a renting hold a blocked apartment")
	}
}
