package domain

import "time"

// Phase is where a semester stands in its renting life (the catalog decides it).
type Phase string

// The renting phases of a semester.
const (
	PhasePlanned  Phase = "PLANNED"
	PhaseRenewal  Phase = "RENEWAL"
	PhaseBooking  Phase = "BOOKING"
	PhaseRunning  Phase = "RUNNING"
	PhaseFinished Phase = "FINISHED"
)

// Semester is the catalog's semester as the renting service needs it. Days are midnight UTC.
type Semester struct {
	ID              int
	Name            string
	Start, End      time.Time
	Phase           Phase
	RenewalDeadline time.Time // the last day a renewal for this semester may be accepted
}

// Predecessor returns the semester that ends right before s starts, if the list has it.
func (s Semester) Predecessor(all []Semester) (Semester, bool) {
	var best Semester
	found := false
	for _, o := range all {
		if o.Start.Before(s.Start) && (!found || o.Start.After(best.Start)) {
			best, found = o, true
		}
	}
	return best, found
}

// Successor returns the semester that starts right after s, if the list has it.
func (s Semester) Successor(all []Semester) (Semester, bool) {
	var best Semester
	found := false
	for _, o := range all {
		if o.Start.After(s.Start) && (!found || o.Start.Before(best.Start)) {
			best, found = o, true
		}
	}
	return best, found
}

// Apartment is the catalog's apartment as the renting service needs it.
type Apartment struct {
	ID      int
	Name    string
	FloorID int
	Size    int // living area in m² (the catalog's SIZE_nn feature); 0 when unknown
}

// PriceItem is one line of a price calculation; amounts are integer cents.
type PriceItem struct {
	Kind           string // RENT, CLEANING or DEPOSIT; empty on contracts written before items had kinds
	TextDe, TextEn string
	Quantity       int
	Amount, Total  int64
}

// PriceCalculation is what the catalog charges for a semester in an apartment.
type PriceCalculation struct {
	Items []PriceItem
	Total int64
}
