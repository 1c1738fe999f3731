// Package app holds the payment service's use cases; the event consumer, webhook, checkout page,
// GraphQL and gRPC adapters call them.
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"semesterhaus/platform/identity"

	"semesterhaus/services/payment/internal/domain"
)

// Catalog asks the catalog service for the names of what is rented. Never for its price: that was
// fixed when the contract was written, and a later change of the catalog applies only to contracts
// written after it.
type Catalog interface {
	Names(ctx context.Context, apartmentID, semesterID int32) (apartment, semester string, err error)
	// PaymentMethods are the ways to pay the residence offers, in the provider's names (card,
	// sepa_debit): a rule of its building file, read whenever a checkout session is made.
	PaymentMethods(ctx context.Context) ([]string, error)
	// Books are the residence's books settings (the building file's books), defaults filled in.
	Books(ctx context.Context) (domain.BooksSettings, error)
}

// Provider is the payment provider's checkout.
type Provider interface {
	// CreateCheckout opens a checkout session for the payment's current attempt, offering methods.
	// The payment's CheckoutKey is the idempotency key: asking twice for one attempt gives the same
	// session.
	CreateCheckout(ctx context.Context, p domain.Payment, methods []string) (domain.Checkout, error)
	// ExpireCheckout closes the session if the provider still takes payments in it, so that a
	// renter never has two sessions of one payment open.
	ExpireCheckout(ctx context.Context, sessionID string) error
	// Refund asks the provider to refund r of the provider's payment that paid it; the refund's id is
	// the idempotency key. It answers the provider's refund id and where the refund stands.
	Refund(ctx context.Context, r domain.Refund, paymentIntentID string) (providerID string, status domain.RefundStatus, err error)
	// PaymentMethod is the payment method type (card, sepa_debit) the provider's payment is paid with.
	PaymentMethod(ctx context.Context, paymentIntentID string) (string, error)
}

// PaymentPage is the link the renter is given for a payment: the residence's page that sends them
// on to an open checkout session (CheckoutFor).
type PaymentPage func(paymentID string) string

// Store creates payments; the consumer hands one bound to its transaction, so the payment, its
// event and the processed event id commit together.
type Store interface {
	PaymentOfRenting(ctx context.Context, rentingID string) (domain.Payment, error)
	// Create stores a new payment with its charges in the ledger and enqueues payment.link_created.
	Create(ctx context.Context, p domain.Payment, charges []domain.LedgerEntry) error
	// Book writes entries to the ledger, each once by its key.
	Book(ctx context.Context, entries []domain.LedgerEntry) error
	// CloseOfRenting runs close on the renting's payment, locked against the payment page, and
	// stores what it did (domain.Closing); domain.ErrNotFound for a renting without a payment.
	CloseOfRenting(ctx context.Context, rentingID string, close func(*domain.Payment) (domain.Closing, error)) error
	// Refund runs ask on the renting's payment, locked, unless the refund refundID exists already,
	// and stores the refund it makes with the payment's refunded amount and payment.refund_updated.
	// When ask refuses (domain.ErrRefundTooLarge, domain.ErrNotRefundable) the refusal is audited and
	// returned.
	Refund(ctx context.Context, rentingID, refundID string, ask func(domain.Payment) (domain.Refund, error)) error
}

// Repository reads payments and applies the provider's reports.
type Repository interface {
	Payment(ctx context.Context, id string) (domain.Payment, error)
	PaymentOfRenting(ctx context.Context, rentingID string) (domain.Payment, error)
	// PaymentsOfRentings returns the payments of the rentings, oldest first.
	PaymentsOfRentings(ctx context.Context, rentingIDs []string) ([]domain.Payment, error)
	// Apply records the report's event id and, unless it was recorded before, applies the report to
	// its payment, enqueues the matching event and runs then on the stored payment with a store
	// bound to the same transaction, all in one transaction (a failure of then leaves nothing
	// applied, and the provider's retry applies it anew). A repeated event id gives domain.Ignored.
	Apply(ctx context.Context, o domain.Outcome, apply func(*domain.Payment) domain.Effect, then func(Store, domain.Payment, domain.Effect) error) (domain.Effect, error)
	// RenewCheckout runs renew on the payment locked against every other renewal and stores its
	// checkout when renew changed it, in one transaction.
	RenewCheckout(ctx context.Context, paymentID string, renew func(*domain.Payment) (bool, error)) (domain.Payment, error)
	// ApplyRefund runs apply on the refund the report names (by the service's id or the provider's),
	// locked, and stores it with its payment's refunded amount and payment.refund_updated when apply
	// changed it, in one transaction; domain.ErrNotFound for a refund the service did not make.
	ApplyRefund(ctx context.Context, report domain.RefundReport, apply func(*domain.Refund) bool) (bool, error)
	// ApplyDispute runs apply on the payment the report's PaymentIntent paid, locked, and stores its
	// dispute with payment.disputed when apply changed it; domain.ErrNotFound for another system's.
	ApplyDispute(ctx context.Context, report domain.DisputeReport, apply func(*domain.Payment) bool) (bool, error)
	// LedgerOfRenting returns the renting's ledger entries, oldest first.
	LedgerOfRenting(ctx context.Context, rentingID string) ([]domain.LedgerEntry, error)
	// Ledger returns every ledger entry, oldest first.
	Ledger(ctx context.Context) ([]domain.LedgerEntry, error)
}

// ErrInvalidArgument means a request that no correct caller sends (e.g. a renting id that is no UUID).
var ErrInvalidArgument = errors.New("invalid argument")

// paymentIDs derives a renting's payment id from the renting id, so that a retried creation asks
// the provider with the same idempotency key and gets the same checkout session.
var paymentIDs = uuid.MustParse("4f0b7a52-2d0e-4c7b-9a51-7c3f2f1d9e60")

// Payments is the payment service.
type Payments struct {
	repo     Repository
	catalog  Catalog
	provider Provider
	page     PaymentPage
	// zone is the residence's: the books' days and DATEV's document dates are its.
	zone *time.Location
	now  func() time.Time
}

// New returns the payment service's use cases.
func New(repo Repository, catalog Catalog, provider Provider, page PaymentPage, zone *time.Location, now func() time.Time) *Payments {
	return &Payments{repo: repo, catalog: catalog, provider: provider, page: page, zone: zone, now: now}
}

// Signing is a renting's contract signed, as the renting service's event carries it: the renting,
// its apartment and semester, the total the contract was written with (in ContractCurrency; zero and
// empty when none was written) and its items.
type Signing struct {
	RentingID          string
	ApartmentID        int32
	SemesterID         int32
	ContractTotalCents int64
	ContractCurrency   string
	Items              []domain.ContractItem
}

// CreateForRenting creates the payment of a renting whose contract was signed: exactly the total
// the contract was written with (rent, cleaning and deposit, or the rent only for a renewal, as
// priced then, as the signing event carries it: the payment never asks the renting service back)
// and a checkout link, and charges the contract's items in the ledger. A renting that has a payment
// keeps it.
func (s *Payments) CreateForRenting(ctx context.Context, store Store, signing Signing) error {
	rentingID := signing.RentingID
	if err := checkRentingID(rentingID); err != nil {
		return err
	}
	_, err := store.PaymentOfRenting(ctx, rentingID)
	if err == nil {
		return nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	p, err := s.newPayment(ctx, signing)
	if err != nil {
		return err
	}
	// The provider's session comes first; should storing fail, the retry gets the same session.
	if p.Checkout, err = s.createCheckout(ctx, p); err != nil {
		return fmt.Errorf("checkout for renting %s: %w", rentingID, err)
	}
	return store.Create(ctx, p, domain.Charges(p, signing.SemesterID, signing.Items))
}

func (s *Payments) newPayment(ctx context.Context, signing Signing) (domain.Payment, error) {
	amount, err := domain.AmountFromPrice(signing.ContractTotalCents, signing.ContractCurrency)
	if err != nil {
		return domain.Payment{}, fmt.Errorf("the contract's total of renting %s: %w", signing.RentingID, err)
	}
	apartment, semester, err := s.catalog.Names(ctx, signing.ApartmentID, signing.SemesterID)
	if err != nil {
		return domain.Payment{}, err
	}
	id := uuid.NewSHA1(paymentIDs, []byte(signing.RentingID)).String()
	return domain.Payment{
		ID: id, RentingID: signing.RentingID, Link: s.page(id), CheckoutAttempt: 1,
		Amount: amount, Status: domain.StatusOpen, Apartment: apartment, Semester: semester,
		CreatedAt: s.now(),
	}, nil
}

// Cancellation is a booking's move to CANCELED: the event's id, and what the office refunds of what
// was paid (0 for every cancellation that is not the office's).
type Cancellation struct {
	EventID     string
	RentingID   string
	RefundCents int64
}

// refundIDs derives a refund's id from the id of the event that caused it, so that a redelivered
// event finds its refund made and asks the provider for none.
var refundIDs = uuid.MustParse("b8e3d0c4-6a1f-4f52-8d2e-93c0a7e5f114")

// CancelForRenting closes the payment of a cancelled booking so that nothing can be paid any more and
// its books show what it keeps: a payable one is cancelled and its checkout session expired at the
// provider (first, so that a failure leaves it payable and the event is delivered again); a paid one
// stays paid and refunds what the office gave back, bounded by what is left of it (a larger refund is
// refused: domain.ErrRefundTooLarge, audited, nothing asked). Either way the contract's charges are
// taken back; a paid one keeps the rest as its cancellation fee. A renting without a payment has
// nothing to close.
func (s *Payments) CancelForRenting(ctx context.Context, store Store, c Cancellation) error {
	rentingID := c.RentingID
	if err := checkRentingID(rentingID); err != nil {
		return err
	}
	err := store.CloseOfRenting(ctx, rentingID, func(p *domain.Payment) (domain.Closing, error) {
		sessionID := p.Checkout.SessionID
		closing := p.CloseForCancellation(c.RefundCents, s.now())
		if closing.Canceled {
			if err := s.provider.ExpireCheckout(ctx, sessionID); err != nil {
				return domain.Closing{}, fmt.Errorf("close the checkout of the cancelled booking's payment %s: %w", p.ID, err)
			}
		}
		return closing, nil
	})
	if err != nil {
		return ignoreNotFound(err)
	}
	if c.RefundCents == 0 {
		return nil
	}
	return s.refund(ctx, store, c.EventID, rentingID, domain.PurposeCancellation, c.RefundCents)
}

// SettleDeposit books the office's settlement of a deposit on the renting that collected it: a
// deduction per damage kept and, for a bank transfer, the money the office sent; a refund through the
// provider refunds the deposit renting's payment (purpose DEPOSIT), once per settlement, bounded as
// every refund (a refusal is audited and returned, the deductions booked all the same).
func (s *Payments) SettleDeposit(ctx context.Context, store Store, settlement domain.Settlement) error {
	if err := checkRentingID(settlement.RentingID); err != nil {
		return err
	}
	if settlement.At.IsZero() {
		settlement.At = s.now()
	}
	if err := store.Book(ctx, settlement.Entries()); err != nil {
		return err
	}
	if settlement.Method != domain.SettleByRefund || settlement.RefundCents == 0 {
		return nil
	}
	return s.refund(ctx, store, settlement.EventID, settlement.RentingID, domain.PurposeDeposit, settlement.RefundCents)
}

// refund gives cents of the renting's paid payment back through the provider, once per causing event.
func (s *Payments) refund(ctx context.Context, store Store, eventID, rentingID string, purpose domain.RefundPurpose, cents int64) error {
	refundID := uuid.NewSHA1(refundIDs, []byte(eventID)).String()
	return store.Refund(ctx, rentingID, refundID, func(p domain.Payment) (domain.Refund, error) {
		r, err := p.NewRefund(refundID, purpose, cents, s.now())
		if err != nil {
			return domain.Refund{}, err
		}
		if r.ProviderID, r.Status, err = s.provider.Refund(ctx, r, p.PaymentIntentID); err != nil {
			return domain.Refund{}, fmt.Errorf("refund %s of payment %s: %w", refundID, p.ID, err)
		}
		return r, nil
	})
}

func ignoreNotFound(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	return err
}

// CheckoutFor is the payment as its page needs it to send the renter on: paid, or with a checkout
// session open now. The stored session serves while it is open; once it has expired, it is closed
// at the provider (should the provider still take payments in it) and a new one is made and stored,
// the payment locked meanwhile, so that one payment never has two open sessions. An unknown id is
// domain.ErrNotFound.
func (s *Payments) CheckoutFor(ctx context.Context, paymentID string) (domain.Payment, error) {
	if _, err := uuid.Parse(paymentID); err != nil {
		return domain.Payment{}, fmt.Errorf("payment %q: %w", paymentID, domain.ErrNotFound)
	}
	return s.repo.RenewCheckout(ctx, paymentID, func(p *domain.Payment) (bool, error) {
		if !p.NeedsCheckout(s.now()) {
			return false, nil
		}
		if err := s.provider.ExpireCheckout(ctx, p.Checkout.SessionID); err != nil {
			return false, fmt.Errorf("close the expired checkout of payment %s: %w", p.ID, err)
		}
		p.CheckoutAttempt++
		checkout, err := s.createCheckout(ctx, *p)
		if err != nil {
			return false, fmt.Errorf("new checkout of payment %s: %w", p.ID, err)
		}
		p.Checkout = checkout
		return true, nil
	})
}

// createCheckout opens a checkout session of the payment with the payment methods the residence
// offers now.
func (s *Payments) createCheckout(ctx context.Context, p domain.Payment) (domain.Checkout, error) {
	methods, err := s.catalog.PaymentMethods(ctx)
	if err != nil {
		return domain.Checkout{}, err
	}
	return s.provider.CreateCheckout(ctx, p, methods)
}

// Apply applies the provider's verified report once per event id. A success or a debit under way
// records how it is paid, which the provider is asked for: its reports do not say. Money paid for a
// booking that was cancelled meanwhile goes back in full, in the same transaction.
func (s *Payments) Apply(ctx context.Context, o domain.Outcome) (domain.Effect, error) {
	if (o.Succeeded || o.Processing) && o.PaymentIntentID != "" {
		method, err := s.provider.PaymentMethod(ctx, o.PaymentIntentID)
		if err != nil {
			return domain.Ignored, fmt.Errorf("payment method of %s: %w", o.PaymentIntentID, err)
		}
		o.Method = method
	}
	at := s.now()
	return s.repo.Apply(ctx, o, func(p *domain.Payment) domain.Effect { return p.Apply(o, at) },
		func(store Store, p domain.Payment, effect domain.Effect) error {
			return s.refundPaidCanceled(ctx, store, p, effect)
		})
}

// refundPaidCanceled refunds the whole of a payment that became paid after its booking was
// cancelled: nothing of the booking is owed. A refusal (a payment the provider cannot refund) is
// audited and leaves the money owed to the renter in the books, for the office.
func (s *Payments) refundPaidCanceled(ctx context.Context, store Store, p domain.Payment, effect domain.Effect) error {
	if effect != domain.PaidCanceled {
		return nil
	}
	err := s.refund(ctx, store, "paid-canceled:"+p.ID, p.RentingID, domain.PurposeCancellation, p.Amount.Cents-p.RefundedCents)
	if domain.RefundRefused(err) {
		return nil
	}
	return err
}

// ApplyRefund applies the provider's verified report about a refund; a repeated or late report
// changes nothing.
func (s *Payments) ApplyRefund(ctx context.Context, report domain.RefundReport) (bool, error) {
	at := s.now()
	return s.repo.ApplyRefund(ctx, report, func(r *domain.Refund) bool { return r.Apply(report, at) })
}

// ApplyDispute keeps the provider's verified report about a dispute of a payment; a repeated report
// changes nothing.
func (s *Payments) ApplyDispute(ctx context.Context, report domain.DisputeReport) (bool, error) {
	return s.repo.ApplyDispute(ctx, report, func(p *domain.Payment) bool { return p.RecordDispute(report.Dispute) })
}

// Payment returns one payment or domain.ErrNotFound.
func (s *Payments) Payment(ctx context.Context, id string) (domain.Payment, error) {
	if _, err := uuid.Parse(id); err != nil {
		return domain.Payment{}, fmt.Errorf("payment %q: %w", id, domain.ErrNotFound)
	}
	return s.repo.Payment(ctx, id)
}

// PaymentOfRenting returns the renting's payment or domain.ErrNotFound.
func (s *Payments) PaymentOfRenting(ctx context.Context, rentingID string) (domain.Payment, error) {
	if err := checkRentingID(rentingID); err != nil {
		return domain.Payment{}, err
	}
	return s.repo.PaymentOfRenting(ctx, rentingID)
}

// PaymentsOfRentings returns the payments of the rentings, oldest first; a renting without a payment
// has none in the list. The caller (renting, for a renter's own page) names only that renter's rentings.
func (s *Payments) PaymentsOfRentings(ctx context.Context, rentingIDs []string) ([]domain.Payment, error) {
	for _, id := range rentingIDs {
		if err := checkRentingID(id); err != nil {
			return nil, err
		}
	}
	return s.repo.PaymentsOfRentings(ctx, rentingIDs)
}

// Ledger is a renting's ledger entries, oldest first, and their totals (admins only).
func (s *Payments) Ledger(ctx context.Context, rentingID string) ([]domain.LedgerEntry, domain.Books, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, domain.Books{}, err
	}
	if err := checkRentingID(rentingID); err != nil {
		return nil, domain.Books{}, err
	}
	entries, err := s.repo.LedgerOfRenting(ctx, rentingID)
	return entries, domain.Total(entries), err
}

// SemesterBooks are the totals of the semesters that have ledger entries, latest first: each
// renting's totals added up, so that one renting's deposit counts for that renting only (admins only).
func (s *Payments) SemesterBooks(ctx context.Context) ([]SemesterBooks, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	entries, err := s.repo.Ledger(ctx)
	if err != nil {
		return nil, err
	}
	type key struct {
		semester int32
		renting  string
	}
	byRenting := map[key][]domain.LedgerEntry{}
	for _, e := range entries {
		k := key{e.SemesterID, e.RentingID}
		byRenting[k] = append(byRenting[k], e)
	}
	bySemester := map[int32]domain.Books{}
	for k, rentingEntries := range byRenting {
		bySemester[k.semester] = bySemester[k.semester].Add(domain.Total(rentingEntries))
	}
	books := make([]SemesterBooks, 0, len(bySemester))
	for semester, b := range bySemester {
		books = append(books, SemesterBooks{SemesterID: semester, Books: b})
	}
	slices.SortFunc(books, func(a, b SemesterBooks) int { return cmp.Compare(b.SemesterID, a.SemesterID) })
	return books, nil
}

// SemesterBooks are one semester's totals.
type SemesterBooks struct {
	SemesterID int32
	domain.Books
}

// BooksFile is an export of the books.
type BooksFile struct {
	Name        string
	ContentType string
	Content     []byte
}

// BooksFormat is the export's format.
type BooksFormat string

const (
	BooksDATEV BooksFormat = "DATEV"
	BooksCSV   BooksFormat = "CSV"
)

// ExportBooks writes the ledger entries from … to (yyyy-MM-dd, both included, within one fiscal year
// of the residence's books) for the tax advisor: DATEV's Buchungsstapel in Windows-1252 or a CSV of
// every entry; a BOOKS_RANGE_INVALID business exception for another range (admins only).
func (s *Payments) ExportBooks(ctx context.Context, from, to string, format BooksFormat) (BooksFile, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return BooksFile{}, err
	}
	settings, err := s.catalog.Books(ctx)
	if err != nil {
		return BooksFile{}, err
	}
	r, err := domain.NewBooksRange(from, to, settings.FiscalYearStartMonth, s.zone)
	if err != nil {
		return BooksFile{}, err
	}
	all, err := s.repo.Ledger(ctx)
	if err != nil {
		return BooksFile{}, err
	}
	var entries []domain.LedgerEntry
	rentings := map[string][]domain.LedgerEntry{}
	for _, e := range all {
		rentings[e.RentingID] = append(rentings[e.RentingID], e)
		if !e.At.Before(r.From) && e.At.Before(r.End()) {
			entries = append(entries, e)
		}
	}
	name := "buchungen-" + from + "-" + to
	if format == BooksCSV {
		return BooksFile{Name: name + ".csv", ContentType: "text/csv; charset=utf-8", Content: []byte(domain.LedgerCSV(entries, s.zone))}, nil
	}
	file := domain.DatevBuchungsstapel(domain.Postings(entries, rentings, settings), settings, r, s.now().In(s.zone))
	// A character Windows-1252 lacks (a name in another script) becomes a substitute, not a failed export.
	content, err := encoding.ReplaceUnsupported(charmap.Windows1252.NewEncoder()).String(file)
	if err != nil {
		return BooksFile{}, fmt.Errorf("DATEV file in Windows-1252: %w", err)
	}
	return BooksFile{Name: "EXTF_" + name + ".csv", ContentType: "text/csv; charset=windows-1252", Content: []byte(content)}, nil
}

// PaymentLink returns the checkout link of the renting's payment, or nil while there is none (and
// for an id that is no renting's). The renting id is the capability: whoever knows it may pay.
func (s *Payments) PaymentLink(ctx context.Context, rentingID string) (*string, error) {
	p, err := s.PaymentOfRenting(ctx, rentingID)
	if errors.Is(err, domain.ErrNotFound) || errors.Is(err, ErrInvalidArgument) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p.Link, nil
}

func checkRentingID(rentingID string) error {
	if _, err := uuid.Parse(rentingID); err != nil {
		return fmt.Errorf("%w: renting id %q is no UUID", ErrInvalidArgument, rentingID)
	}
	return nil
}
