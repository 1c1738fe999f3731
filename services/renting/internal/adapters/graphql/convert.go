package graphql

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/graphqlx"
	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/services/renting/internal/adapters/graphql/model"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
)

func toGraphRenting(r domain.Renting) *model.Renting {
	return &model.Renting{
		RentingID: r.ID, State: model.RentingState(r.State),
		Apartment: &model.Apartment{ID: r.ApartmentID}, Semester: &model.Semester{ID: r.SemesterID},
		Time:        scalar.DateTime(r.UpdatedAt),
		SigningLink: nonEmpty(r.SigningLink), PaymentLink: nonEmpty(r.PaymentLink), AccessKey: accessKey(r),
	}
}

func toGraphDate(t *time.Time) *scalar.Date {
	if t == nil {
		return nil
	}
	d := scalar.Date(*t)
	return &d
}

// nonEmpty is null for an empty text: the renting has no such link (yet).
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// accessKey shows the key code only while the renting is paid (SPEC section 4).
func accessKey(r domain.Renting) *string {
	if !r.AccessKeyVisible() {
		return nil
	}
	return &r.AccessKey
}

func toGraphLogEntry(e domain.LogEntry) *model.RentingLogEntry {
	return &model.RentingLogEntry{
		RentingID: e.RentingID, State: model.RentingState(e.State),
		Apartment: &model.Apartment{ID: e.ApartmentID}, Semester: &model.Semester{ID: e.SemesterID},
		Time: scalar.DateTime(e.At),
	}
}

func toGraphBooking(b domain.Booking) *model.Booking {
	r := b.Renting
	return &model.Booking{
		RentingID: r.ID, Semester: &model.Semester{ID: r.SemesterID}, Apartment: &model.Apartment{ID: r.ApartmentID},
		State: model.RentingState(r.State), RenterEmailConfirmed: b.EmailConfirmed, RenterIsUnlocked: b.RenterIsUnlocked,
		ContractSigned: b.ContractSigned, ApartmentPaid: b.ApartmentPaid,
		CreatedDate: toGraphTime(b.CreatedDate), EmailConfirmedDate: toGraphTime(b.EmailConfirmedDate),
		OwnerAcknowledgedDate: toGraphTime(b.OwnerAcknowledgedDate), ContractRequestedDate: toGraphTime(b.ContractRequestedDate),
		ContractSignedDate: toGraphTime(b.ContractSignedDate), PaidDate: toGraphTime(b.PaidDate),
		SigningLink: nonEmpty(r.SigningLink), PaymentLink: nonEmpty(r.PaymentLink), AccessKey: accessKey(r),
		KeyCodeSentDate: toGraphTime(r.KeyCodeSentAt), KeyCodeDueDate: toGraphDate(b.KeyCodeDueOn),
		Renewal: r.Renewal, RenewalDeadline: toGraphDate(b.RenewalDeadline), Cancellation: toGraphCancellation(r.Cancellation),
		InPayment: r.Money.InPayment, DisputeStatus: openDispute(r.Money), RefundFailure: failedRefund(r.Money),
		Handover: toGraphHandover(b.Handover),
	}
}

// toGraphRenterApartments lists the renters by id.
func toGraphRenterApartments(byRenter map[int64][]int) []*model.RenterApartments {
	out := make([]*model.RenterApartments, 0, len(byRenter))
	for renterID, ids := range byRenter {
		apartments := make([]*model.Apartment, len(ids))
		for i, id := range ids {
			apartments[i] = &model.Apartment{ID: id}
		}
		out = append(out, &model.RenterApartments{RenterID: int(renterID), Apartments: apartments})
	}
	slices.SortFunc(out, func(a, b *model.RenterApartments) int { return a.RenterID - b.RenterID })
	return out
}

func toGraphTask(t domain.Task) *model.OfficeTask {
	r := t.Renting
	return &model.OfficeTask{
		Kind: model.OfficeTaskKind(t.Kind), RentingID: r.ID, Renter: &model.Renter{ID: int(r.RenterID)},
		Apartment: &model.Apartment{ID: r.ApartmentID}, Semester: &model.Semester{ID: r.SemesterID}, Since: scalar.DateTime(t.Since),
		Due: toGraphDate(t.Due),
	}
}

func toGraphSemesterStatistics(s app.SemesterStatistics) *model.SemesterStatistics {
	return &model.SemesterStatistics{
		Semester: &model.Semester{ID: s.Semester.ID}, Apartments: s.Apartments, Held: s.Held, Blocked: s.Blocked,
		RentExpected: euros(s.RentExpected), RentCollected: euros(s.RentCollected),
	}
}

func toGraphTime(t *time.Time) *scalar.DateTime {
	if t == nil {
		return nil
	}
	d := scalar.DateTime(*t)
	return &d
}

func toGraphAvailability(a app.Availability) *model.AvailableApartments {
	free := make([]*model.ApartmentAvailability, len(a.Free))
	for i, f := range a.Free {
		free[i] = &model.ApartmentAvailability{ApartmentID: f.ApartmentID, Free: f.Free}
	}
	return &model.AvailableApartments{
		BookableSemester: &model.Semester{ID: a.Semester.ID}, Building: &model.Building{ID: a.BuildingID}, ApartmentBookable: free,
	}
}

func toGraphPrice(p domain.PriceCalculation) *model.PriceCalculation {
	items := make([]*model.PriceItem, len(p.Items))
	for i, it := range p.Items {
		items[i] = &model.PriceItem{TextDe: it.TextDe, TextEn: it.TextEn, Qty: it.Quantity, Amount: euros(it.Amount), Total: euros(it.Total)}
	}
	return &model.PriceCalculation{Items: items, Total: euros(p.Total)}
}

// euros turns integer cents into the API's euros; cents/100 is exact to two decimals in a float64.
func euros(cents int64) float64 { return float64(cents) / 100 }

// toGraphRenterPayment shows a payment to its renter; the time paid and the receipt's number only once paid.
func toGraphRenterPayment(p domain.Payment) *model.RenterPayment {
	payment := &model.RenterPayment{
		RentingID: p.RentingID, Amount: euros(p.AmountCents), Currency: p.Currency,
		Status: model.PaymentStatus(p.Status), CreatedAt: scalar.DateTime(p.CreatedAt),
	}
	if !p.PaidAt.IsZero() {
		paid, number := scalar.DateTime(p.PaidAt), int(p.ReceiptNumber)
		payment.PaidAt, payment.ReceiptNumber = &paid, &number
	}
	return payment
}

func toGraphRenterForRenewal(d domain.RenterData) (*model.RenterForRenewal, error) {
	birthday, err := time.Parse(time.DateOnly, d.Birthday)
	if err != nil {
		return nil, fmt.Errorf("renter's birthday %q: %w", d.Birthday, err)
	}
	return &model.RenterForRenewal{
		Birthday: scalar.Date(birthday), City: d.City, Country: d.Country, Email: d.Email, FirstName: d.FirstName,
		LastName: d.LastName, Zip: d.Zip, Gender: model.Gender(d.Gender), Phone: d.Phone, Street: d.Street,
		Nationality: d.Nationality,
	}, nil
}

func toGraphStatus(s app.Status) *model.SemesterApartment {
	apartment := &model.SemesterApartment{ID: s.ApartmentID, SemesterID: s.SemesterID, AdminStatus: model.RentingState(s.State)}
	if s.Renting != nil {
		apartment.Renter = &model.Renter{ID: int(s.Renting.RenterID)}
	}
	if s.Block != nil {
		apartment.BlockReason = &s.Block.Reason
	}
	return apartment
}

func toGraphCurrentRentingInfo(s app.Status) *model.CurrentRentingInfo {
	if s.Renting == nil {
		return &model.CurrentRentingInfo{}
	}
	state := model.RentingState(s.Renting.State)
	return &model.CurrentRentingInfo{RentingID: &s.Renting.ID, State: &state, Renter: &model.Renter{ID: int(s.Renting.RenterID)}}
}

func toDomainRenter(email string, d model.RentingRenewal) domain.RenterData {
	return domain.RenterData{
		Email: email, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
		Country: d.Country, Birthday: d.Birthday, Phone: d.Phone, Nationality: d.Nationality,
		Gender: string(d.Gender), Language: d.Language,
	}
}

// rentingResult answers a booking operation: the renting's id, or the business exception that
// stopped it; other errors go on to the error presenter.
func rentingResult(id string, err error) (*model.RentingResult, error) {
	exception, err := graphqlx.Exception(err)
	switch {
	case err != nil:
		return nil, err
	case exception != nil:
		return &model.RentingResult{Exception: exception}, nil
	default:
		return &model.RentingResult{UUID: &id}, nil
	}
}

// lookupError turns a missing apartment or semester into the message the booking site shows; it also
// carries the business exception (NO_APARTMENT with params id on apartmentId, NO_SEMESTER on
// semesterId) for the apps to translate.
func lookupError(err error, apartmentID int) error {
	switch {
	case errors.Is(err, domain.ErrNoApartment):
		e := gqlerror.Errorf("No Apartment found with id %d.", apartmentID)
		e.Extensions = map[string]any{"messageId": domain.MsgNoApartment, "path": "apartmentId", "params": map[string]string{"id": strconv.Itoa(apartmentID)}}
		return e
	case errors.Is(err, domain.ErrNoSemester):
		e := gqlerror.Errorf("No Semester found.")
		e.Extensions = map[string]any{"messageId": domain.MsgNoSemester, "path": "semesterId", "params": map[string]string{}}
		return e
	default:
		return err
	}
}

// optional turns "not found" into a null result for the nullable lookups.
func optional[T any, M any](value T, err error, convert func(T) (*M, error)) (*M, error) {
	if errors.Is(err, domain.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return convert(value)
}

// translate is the renting service's part of the error presenter: the business errors of the
// operations that answer a plain Boolean become GraphQL errors a client can show (the presenter
// itself answers business exceptions so).
func translate(err error) *gqlerror.Error {
	var refused *domain.TransitionError
	switch {
	case errors.Is(err, app.ErrRentingNotPresent):
		return gqlerror.Errorf("%s", app.ErrRentingNotPresent.Error())
	case errors.As(err, &refused):
		return graphqlx.ExceptionError(refused.Exception())
	default:
		return nil
	}
}

func toGraphExtendBooking(o app.RenewalOffer) (*model.ExtendBooking, error) {
	renter, err := toGraphRenterForRenewal(o.Renter)
	if err != nil {
		return nil, err
	}
	return &model.ExtendBooking{
		Apartment: &model.Apartment{ID: o.ApartmentID}, Semester: &model.Semester{ID: o.SemesterID},
		PriceCalculation: toGraphPrice(o.Price), Renter: renter,
	}, nil
}

func toGraphBookingProgress(p app.Progress) (*model.BookingProgress, error) {
	return &model.BookingProgress{
		RentingID: p.RentingID, State: model.RentingState(p.State),
		Apartment: &model.Apartment{ID: p.ApartmentID}, Semester: &model.Semester{ID: p.SemesterID},
		PriceCalculation: toGraphPrice(p.Price), CancellationReason: cancellationReason(p.Cancellation),
		InPayment: p.InPayment,
	}, nil
}

func cancellationReason(c *domain.Cancellation) *string {
	if c == nil {
		return nil
	}
	return &c.Reason
}

func openDispute(m domain.MoneyMarks) *string {
	if m.DisputedSince == nil {
		return nil
	}
	return &m.DisputeStatus
}

func failedRefund(m domain.MoneyMarks) *string {
	if m.RefundFailedSince == nil {
		return nil
	}
	return &m.RefundFailure
}

func toGraphCancellation(c *domain.Cancellation) *model.Cancellation {
	if c == nil {
		return nil
	}
	return &model.Cancellation{Reason: c.Reason, RefundCents: int(c.RefundCents)}
}

// toGraphWaitlistEntry shows an entry to the office; the personal data of a BOOKED or EXPIRED entry
// is gone, so its fields are null.
func toGraphWaitlistEntry(e app.WaitlistEntry) *model.WaitlistEntry {
	entry := &model.WaitlistEntry{
		ID: e.ID, Position: e.Position, State: model.WaitlistState(e.State), ConfirmedAt: scalar.DateTime(e.ConfirmedAt),
		Name: nonEmpty(e.Name), Email: nonEmpty(e.Email), Language: nonEmpty(e.Language),
		FloorID: nonZero(e.Wishes.FloorID), MinSize: nonZero(e.Wishes.MinSize),
		OfferExpiresAt: toGraphTime(nonZeroTime(e.OfferExpiresAt)), EndedAt: toGraphTime(nonZeroTime(e.EndedAt)),
	}
	if e.OfferApartmentID != 0 {
		entry.OfferedApartment = &model.Apartment{ID: e.OfferApartmentID}
	}
	return entry
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func nonZero(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

func nonZeroTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
