package main

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)

func at(minute int) time.Time { return t0.Add(time.Duration(minute) * time.Minute) }

func TestHeldTwice_findsOverlappingHoldersOfOneApartmentAndSemester(t *testing.T) {
	t.Parallel()
	first := renting{id: "a", apartment: 1, semester: 3, log: []logEntry{{"APARTMENT_REQUESTED", at(0)}, {"APARTMENT_RESERVED", at(1)}, {"CANCELED", at(5)}}}
	after := renting{id: "b", apartment: 1, semester: 3, log: []logEntry{{"APARTMENT_REQUESTED", at(0)}, {"APARTMENT_RESERVED", at(6)}, {"PAYED", at(9)}}}
	during := renting{id: "c", apartment: 1, semester: 3, log: []logEntry{{"APARTMENT_RESERVED", at(3)}, {"CANCELED", at(4)}}}
	long := renting{id: "f", apartment: 2, semester: 3, log: []logEntry{{"APARTMENT_RESERVED", at(0)}, {"CANCELED", at(10)}}}
	short := renting{id: "g", apartment: 2, semester: 3, log: []logEntry{{"APARTMENT_RESERVED", at(1)}, {"CANCELED", at(2)}}}
	late := renting{id: "h", apartment: 2, semester: 3, log: []logEntry{{"APARTMENT_RESERVED", at(5)}}}
	otherSemester := renting{id: "d", apartment: 1, semester: 4, log: []logEntry{{"RENEWAL_REQUEST", at(2)}}}
	lost := renting{id: "e", apartment: 1, semester: 3, log: []logEntry{{"APARTMENT_REQUESTED", at(0)}, {"SELECT_APARTMENT", at(2)}}}

	if overlaps, held := heldTwice([]renting{first, after, otherSemester, lost}); len(overlaps) != 0 || held != 2 {
		t.Errorf("one holder after the other: overlaps %v, %d held", overlaps, held)
	}
	if overlaps, _ := heldTwice([]renting{first, after, during}); len(overlaps) != 1 {
		t.Errorf("a holder while another held it: overlaps %v, want one", overlaps)
	}
	if overlaps, _ := heldTwice([]renting{long, short, late}); len(overlaps) != 2 {
		t.Errorf("two holders within a long one: overlaps %v, want two", overlaps)
	}
}

func TestExpectedMails_oneMailPerStateChangeAndOneUnconfirmedCancellationPerAddress(t *testing.T) {
	t.Parallel()
	paid := renting{email: "ada@example.org", log: []logEntry{
		{"APARTMENT_REQUESTED", at(0)}, {"APARTMENT_RESERVED", at(1)}, {"OWNER_ACKNOWLEDGED", at(2)}, {"CONTRACT_REQUESTED", at(3)},
		{"CONTRACT_SIGNED", at(4)}, {"UNPAID", at(4)}, {"PAYED", at(5)},
	}}
	superseded := func() renting {
		return renting{email: "bo@example.org", log: []logEntry{{"APARTMENT_REQUESTED", at(0)}, {"CANCELED", at(1)}}}
	}
	want, changes := expectedMails([]renting{paid, superseded(), superseded()})
	if want["ada@example.org"] != 6 { // every state but CONTRACT_SIGNED
		t.Errorf("ada: %d mails, want 6", want["ada@example.org"])
	}
	if want["bo@example.org"] != 3 { // two requests, one cancellation mail
		t.Errorf("bo: %d mails, want 3", want["bo@example.org"])
	}
	if changes != 9 {
		t.Errorf("%d state changes with a mail, want 9", changes)
	}
}

func TestReached_renewalsStandWhereNewBookingsDo(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		state, want string
		reached     bool
	}{
		{"UNPAID", "CONTRACT_SIGNED", true},
		{"CONTRACT_REQUESTED", "CONTRACT_SIGNED", false},
		{"RENEWAL_ACCEPTED", "OWNER_ACKNOWLEDGED", true},
		{"RENEWAL_REQUEST", "RENEWAL_ACCEPTED", false},
		{"CANCELED", "APARTMENT_REQUESTED", false},
	} {
		if got := reached(c.state, c.want); got != c.reached {
			t.Errorf("reached(%s, %s) = %t, want %t", c.state, c.want, got, c.reached)
		}
	}
}

func TestSchedules_fullHasTwentyKillsAndTenNetworkFaults_reducedAKillOfEachKind(t *testing.T) {
	t.Parallel()
	kinds := func(schedule []fault) (kills, network int, seen map[string]bool) {
		seen = map[string]bool{}
		for _, f := range schedule {
			seen[f.kind()] = true
			if len(f.kill) > 0 {
				kills++
			} else {
				network++
			}
		}
		return kills, network, seen
	}
	if kills, network, _ := kinds(schedules["full"]); kills < 20 || network < 10 {
		t.Errorf("full: %d kills, %d network faults", kills, network)
	}
	_, network, seen := kinds(schedules["reduced"])
	for _, kind := range []string{"kill a service", "kill gateway", "kill nats", "kill postgres", "kill two at once"} {
		if !seen[kind] {
			t.Errorf("reduced: no %s", kind)
		}
	}
	if network != 2 {
		t.Errorf("reduced: %d network faults, want 2", network)
	}
}
