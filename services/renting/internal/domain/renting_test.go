package domain

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func rentingIn(s State) *Renting {
	return &Renting{ID: "r1", RenterID: 7, ApartmentID: 11, SemesterID: 3, State: s}
}

func TestMoveTo_everyAllowedTransitionIsApplied(t *testing.T) {
	t.Parallel()
	allowed := []struct{ from, to State }{
		{ApartmentRequested, ApartmentReserved}, {ApartmentRequested, SelectApartment}, {ApartmentRequested, Canceled},
		{SelectApartment, ApartmentReserved}, {SelectApartment, Canceled},
		{ApartmentReserved, OwnerAcknowledged}, {ApartmentReserved, Canceled},
		{OwnerAcknowledged, ContractRequested}, {OwnerAcknowledged, Canceled},
		{RenewalRequest, RenewalAccepted}, {RenewalRequest, Canceled},
		{RenewalAccepted, ContractRequested}, {RenewalAccepted, Canceled},
		{ContractRequested, ContractSigned}, {ContractRequested, Canceled},
		{ContractSigned, Unpaid}, {ContractSigned, Canceled},
		{Unpaid, Payed}, {Unpaid, Canceled},
		{Payed, Canceled},
	}
	for _, tt := range allowed {
		t.Run(string(tt.from)+"→"+string(tt.to), func(t *testing.T) {
			t.Parallel()
			r := rentingIn(tt.from)
			if err := r.MoveTo(tt.to, t0); err != nil {
				t.Fatalf("refused: %v", err)
			}
			want := Transition{RentingID: "r1", From: tt.from, To: tt.to, At: t0}
			if r.State != tt.to || len(r.Changes()) != 1 || r.Changes()[0] != want || !r.UpdatedAt.Equal(t0) {
				t.Errorf("state %s, changes %+v", r.State, r.Changes())
			}
		})
	}
}

func TestMoveTo_refusedTransitionsChangeNothing(t *testing.T) {
	t.Parallel()
	refused := []struct{ from, to State }{
		{ApartmentRequested, OwnerAcknowledged}, {ApartmentRequested, Payed}, {ApartmentRequested, ApartmentRequested},
		{ApartmentRequested, RenewalAccepted},
		{SelectApartment, SelectApartment}, {SelectApartment, OwnerAcknowledged},
		{ApartmentReserved, ApartmentReserved}, {ApartmentReserved, SelectApartment}, {ApartmentReserved, ContractRequested},
		{OwnerAcknowledged, OwnerAcknowledged}, {OwnerAcknowledged, Payed},
		{RenewalRequest, ApartmentReserved}, {RenewalRequest, ContractRequested},
		{RenewalAccepted, RenewalRequest},
		{ContractRequested, Unpaid}, {ContractSigned, Payed}, {Unpaid, ContractSigned},
		{Payed, RenewalRequest}, {Payed, Unpaid},
		{Canceled, ApartmentRequested}, {Canceled, ApartmentReserved}, {Canceled, Canceled},
		{ApartmentRequested, Available}, {ApartmentReserved, ApartmentEmpty}, {Payed, ApartmentBlocked},
	}
	for _, tt := range refused {
		t.Run(string(tt.from)+"→"+string(tt.to), func(t *testing.T) {
			t.Parallel()
			r := rentingIn(tt.from)
			err := r.MoveTo(tt.to, t0)
			var te *TransitionError
			if !errors.As(err, &te) || te.From != tt.from || te.To != tt.to {
				t.Fatalf("got %v, want a TransitionError", err)
			}
			if r.State != tt.from || len(r.Changes()) != 0 {
				t.Errorf("a refused move changed the renting: %s, %+v", r.State, r.Changes())
			}
			if ex := te.Exception(); ex.MessageID != MsgNotAllowed || ex.Params["from"] != string(tt.from) {
				t.Errorf("exception %+v", ex)
			}
		})
	}
}

func TestNewRenting_startsInRequestedOrRenewalRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		make    func(renterID int64, apartmentID, semesterID int, at time.Time) *Renting
		renewal bool
		want    State
	}{{NewRenting, false, ApartmentRequested}, {NewRenewal, true, RenewalRequest}}
	for _, tt := range tests {
		r := tt.make(7, 11, 3, t0)
		if r.State != tt.want || r.Renewal != tt.renewal || len(r.ID) != 36 ||
			len(r.Changes()) != 1 || r.Changes()[0].From != "" || r.Changes()[0].To != tt.want {
			t.Errorf("renewal=%v: %+v", tt.renewal, r)
		}
	}
	if a, b := NewRenting(1, 1, 1, t0), NewRenting(1, 1, 1, t0); a.ID == b.ID {
		t.Error("two rentings share an id")
	}
}

func TestHolds_onlyReservedUpToPayedAndRenewals(t *testing.T) {
	t.Parallel()
	tests := map[State]bool{
		ApartmentRequested: false, SelectApartment: false, Canceled: false, Available: false,
		ApartmentReserved: true, OwnerAcknowledged: true, ContractRequested: true, ContractSigned: true,
		Unpaid: true, Payed: true, RenewalRequest: true, RenewalAccepted: true,
	}
	for s, want := range tests {
		if s.Holds() != want {
			t.Errorf("%s holds = %v, want %v", s, !want, want)
		}
	}
}

func TestReselect_movesToTheNewApartmentOnlyFromSelectApartment(t *testing.T) {
	t.Parallel()
	r := rentingIn(SelectApartment)
	if err := r.Reselect(12, t0); err != nil || r.ApartmentID != 12 || r.State != ApartmentReserved {
		t.Fatalf("reselect: %v, %+v", err, r)
	}
	requested := rentingIn(ApartmentRequested)
	requested.State = ApartmentReserved
	if err := requested.Reselect(12, t0); err == nil || requested.ApartmentID != 11 {
		t.Errorf("reselect from APARTMENT_RESERVED: %v, apartment %d", err, requested.ApartmentID)
	}
}

func TestConfirmationOutcome_repeatsTheFirstAnswer(t *testing.T) {
	t.Parallel()
	tests := map[State]Outcome{
		ApartmentReserved: Confirmed, OwnerAcknowledged: Confirmed, Payed: Confirmed,
		SelectApartment: ApartmentTaken, Canceled: ExpiredToken,
	}
	for s, want := range tests {
		if got := ConfirmationOutcome(s); got != want {
			t.Errorf("%s: %s, want %s", s, got, want)
		}
	}
}

func TestRefuseIfHolding_refusesASecondApartmentAndChangesNothing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		existing []State
		wantErr  error
	}{
		{"no earlier renting", nil, nil},
		{"open requests stay open", []State{ApartmentRequested, SelectApartment, Canceled}, nil},
		{"a holding renting refuses", []State{ApartmentRequested, Payed}, ErrRenterHoldsApartment},
		{"a renewal holds too", []State{RenewalRequest}, ErrRenterHoldsApartment},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			existing := rentingsIn(tt.existing...)
			if err := RefuseIfHolding(existing); !errors.Is(err, tt.wantErr) {
				t.Fatalf("got %v, want %v", err, tt.wantErr)
			}
			for i, r := range existing {
				if r.State != tt.existing[i] || len(r.Changes()) != 0 {
					t.Errorf("renting %d: %s with %d changes, want %s unchanged", i, r.State, len(r.Changes()), tt.existing[i])
				}
			}
		})
	}
}

func TestConfirmRequest_reservesAndSupersedesTheRentersOtherOpenRequests(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		state         State
		apartmentHeld bool
		others        []State
		want          Outcome
		wantState     State
		wantOthers    []State
	}{
		{"free apartment", ApartmentRequested, false, []State{ApartmentRequested, SelectApartment, Canceled},
			Confirmed, ApartmentReserved, []State{Canceled, Canceled, Canceled}},
		{"apartment taken meanwhile", ApartmentRequested, true, []State{ApartmentRequested},
			ApartmentTaken, SelectApartment, []State{Canceled}},
		{"the renter holds another apartment by now", ApartmentRequested, false, []State{ApartmentRequested, Payed},
			ExpiredToken, Canceled, []State{ApartmentRequested, Payed}},
		{"confirmed before", ApartmentReserved, false, []State{ApartmentRequested},
			Confirmed, ApartmentReserved, []State{ApartmentRequested}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, others := rentingIn(tt.state), rentingsIn(tt.others...)
			got, err := ConfirmRequest(r, tt.apartmentHeld, append(others, r), t0)
			if err != nil || got != tt.want || r.State != tt.wantState {
				t.Fatalf("got %s, %v in %s; want %s in %s", got, err, r.State, tt.want, tt.wantState)
			}
			if r.LeftRequest() != (tt.state == ApartmentRequested) {
				t.Errorf("LeftRequest = %v", r.LeftRequest())
			}
			for i, o := range others {
				if o.State != tt.wantOthers[i] {
					t.Errorf("other renting %d: %s, want %s", i, o.State, tt.wantOthers[i])
				}
			}
		})
	}
}

func rentingsIn(states ...State) []*Renting {
	rentings := make([]*Renting, len(states))
	for i, s := range states {
		rentings[i] = rentingIn(s)
		rentings[i].ID = "other-" + strconv.Itoa(i)
	}
	return rentings
}

func TestNewAccessKey_isEightTypeableCharacters(t *testing.T) {
	for range 100 {
		key := NewAccessKey()
		if len(key) != 8 || strings.ContainsAny(key, "0O1I") || strings.ToUpper(key) != key {
			t.Fatalf("access key %q", key)
		}
	}
}

func TestState_Awaits_onlyWhileTheFactBeforeIsMissing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		state, target State
		awaits        bool
	}{
		{OwnerAcknowledged, ContractSigned, true}, // requested not applied yet
		{OwnerAcknowledged, Payed, true},
		{RenewalAccepted, Unpaid, true},
		{ContractRequested, ContractSigned, false}, // the move itself is allowed
		{ContractSigned, ContractSigned, false},    // already there: a repeated fact
		{Payed, ContractSigned, false},             // long past
		{Canceled, ContractSigned, false},          // cancelled meanwhile
		{OwnerAcknowledged, ContractRequested, false},
	}
	for _, tt := range tests {
		if got := tt.state.Awaits(tt.target); got != tt.awaits {
			t.Errorf("%s.Awaits(%s) = %v, want %v", tt.state, tt.target, got, tt.awaits)
		}
	}
}
