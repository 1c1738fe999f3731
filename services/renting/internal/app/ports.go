// Package app holds the renting service's use cases; the GraphQL and gRPC adapters call them.
package app

import (
	"context"
	"time"

	"semesterhaus/services/renting/internal/domain"
)

// Repository stores rentings and their log. Every stored transition writes its log entry and its
// event in the same transaction as the state change. It is every role below in one store; each use
// case uses the role it needs.
type Repository interface {
	BookingStore
	QueryStore
	JobStore
	AdminStore
	WaitlistStore
	HandoverStore
}

// Updater changes one renting in a transaction it does not own: the consumer of an event stores the
// transition in the transaction that records the event as processed (see BookingStore.Update).
type Updater interface {
	// Update locks the renting, lets change move it and stores its transitions; nothing is stored when
	// change fails. A taken apartment comes back as domain.ErrApartmentTaken.
	Update(ctx context.Context, id string, change func(*domain.Renting) error) error
}

// BookingStore is the booking write path: new rentings and requests, confirmation and transitions.
type BookingStore interface {
	Updater
	// Create stores a new renting.
	Create(ctx context.Context, r *domain.Renting) error
	// CreateRequest stores a new booking request with the form it came with and counts its mail to
	// the address; over the address's limit it stores nothing (*domain.TooManyMailsError). The
	// renter's other rentings of the semester are locked and handed to check, which refuses the
	// request by failing.
	CreateRequest(ctx context.Context, r *domain.Renting, form domain.RenterData, mail domain.AddressMail, check func(others []*domain.Renting) error) error
	// NotifyHolder enqueues the notice to the renter of holding that somebody asked to book with
	// their address, counted and limited like CreateRequest's mail.
	NotifyHolder(ctx context.Context, holding domain.Renting, mail domain.AddressMail) error
	// RequestForm returns a booking request's form until the renting leaves APARTMENT_REQUESTED;
	// domain.ErrNotFound after that.
	RequestForm(ctx context.Context, rentingID string) (domain.RenterData, error)
	// Confirm locks the renting and the renter's other rentings of its semester, tells change whether
	// another renting holds its apartment, and stores what change did to all of them. A taken
	// apartment comes back as domain.ErrApartmentTaken.
	Confirm(ctx context.Context, id string, change func(r *domain.Renting, apartmentHeld bool, others []*domain.Renting) error) error
}

// QueryStore reads rentings and their log.
type QueryStore interface {
	Get(ctx context.Context, id string) (domain.Renting, error)
	RentingsOfRenter(ctx context.Context, renterID int64) ([]domain.Renting, error)
	LogOfRenter(ctx context.Context, renterID int64) ([]domain.LogEntry, error)
	RentingsOfSemester(ctx context.Context, semesterID int) ([]domain.Renting, error)
	RentingsInState(ctx context.Context, state domain.State, semesterIDs []int) ([]domain.Renting, error)
	// RenterApartments returns the apartment ids of each renter's rentings that are not canceled.
	RenterApartments(ctx context.Context) (map[int64][]int, error)
	// RentingsWithMoneyTasks returns the rentings with an open dispute or a failed refund, of any state.
	RentingsWithMoneyTasks(ctx context.Context) ([]domain.Renting, error)
	// RentingsInStates returns the rentings in any of the states, of every semester.
	RentingsInStates(ctx context.Context, states []domain.State) ([]domain.Renting, error)
	// ApartmentHeld reports whether a renting holds the apartment in the semester.
	ApartmentHeld(ctx context.Context, apartmentID, semesterID int) (bool, error)
	// ApartmentBlocked reports whether an administrator blocked the apartment in the semester.
	ApartmentBlocked(ctx context.Context, apartmentID, semesterID int) (bool, error)
	// BlocksOfSemester returns the semester's blocks by apartment id.
	BlocksOfSemester(ctx context.Context, semesterID int) (map[int]domain.Block, error)
	RenterHasRenting(ctx context.Context, renterID int64, semesterID int) (bool, error)
	// RenewalTokenHashes returns the stored hashes of a renewal's link tokens (the renewal mail's
	// and the reminder's); none when the renting has none.
	RenewalTokenHashes(ctx context.Context, rentingID string) ([][]byte, error)
}

// JobStore serves the scheduled job.
type JobStore interface {
	// Exclusively runs job unless another replica runs it at the moment; ran says whether it did.
	Exclusively(ctx context.Context, job func(context.Context) error) (ran bool, err error)
	RequestsCreatedBefore(ctx context.Context, t time.Time) ([]string, error)
	// RenewalsWithoutToken returns the renewals waiting for their answer that have no renewal token.
	RenewalsWithoutToken(ctx context.Context) ([]domain.Renting, error)
	// AnnounceRenewalToken stores the hash of the renewal's issued token and announces the renewal
	// again with the token, in one transaction.
	AnnounceRenewalToken(ctx context.Context, renewal *domain.Renting, at time.Time) error
	// KeyCodesDue returns the paid rentings of the semesters whose key code was not announced yet.
	KeyCodesDue(ctx context.Context, semesterIDs []int) ([]domain.Renting, error)
	// AnnounceKeyCode marks the key code announced and enqueues its event in one transaction, once:
	// a renting no longer paid or announced already (by another replica) is left alone.
	AnnounceKeyCode(ctx context.Context, id string, moveIn, at time.Time) error
	// RemindersDue returns the rentings of the semesters waiting in the step's state since before
	// enteredBefore whose renter was not reminded of the step yet.
	RemindersDue(ctx context.Context, step domain.Step, enteredBefore time.Time, semesterIDs []int) ([]domain.Renting, error)
	// Remind records the reminder and enqueues its event in one transaction, once: a renting that left
	// the step's state or was reminded already (by another replica) is left alone.
	Remind(ctx context.Context, renting *domain.Renting, step domain.Step, at time.Time) error
	// ForgetRequests deletes at most max booking requests cancelled unconfirmed before `before`,
	// announces and audits each deletion, in one transaction; it returns how many it deleted.
	ForgetRequests(ctx context.Context, before, at time.Time, max int32) (int, error)
	// ForgetAddressMails deletes the mails counted to addresses at or before before.
	ForgetAddressMails(ctx context.Context, before time.Time) (int, error)
}

// AdminStore serves the admins' operations, each audited in the transaction of its change.
type AdminStore interface {
	// AdminCreate is Create (without prepare) with an audit entry of the admin's action in the same
	// transaction.
	AdminCreate(ctx context.Context, r *domain.Renting, actor, action string) error
	// AdminUpdate is Update with an audit entry of the admin's action in the same transaction.
	AdminUpdate(ctx context.Context, id, actor, action string, change func(*domain.Renting) error) error
	// DeleteApartment deletes every renting of the apartment in the semester with its log, announces
	// each deletion and audits it, in one transaction.
	// refuse, shown each renting to delete, may refuse them all by failing (nothing is deleted).
	DeleteApartment(ctx context.Context, apartmentID, semesterID int, actor string, at time.Time, refuse func(domain.Renting) error) ([]domain.Renting, error)
	// BlockApartment stores the block with an audit entry once refuse, shown the renting holding the
	// apartment (nil for none) under the lock that keeps rentings from starting to hold it, let it
	// pass. A renting can never hold a blocked apartment: it finds it taken (domain.ErrApartmentTaken).
	BlockApartment(ctx context.Context, b domain.Block, refuse func(holder *domain.Renting) error) error
	// UnblockApartment deletes the block with an audit entry; domain.ErrNotFound when there is none.
	UnblockApartment(ctx context.Context, apartmentID, semesterID int, actor string) error
}

// WaitlistStore keeps the semesters' waitlists (docs/booking.md, "Waitlist"). Only the hashes of
// the links' tokens are stored; each mail's event is enqueued in the transaction of its change.
type WaitlistStore interface {
	// JoinWaitlist stores a new unconfirmed entry with its confirmation token and enqueues the
	// confirmation mail. An address with an entry in the semester gets no second one: an unconfirmed
	// entry mailed last before notAfter takes the new token and is mailed again, any other is left
	// alone. mailed says whether a mail goes out.
	// The mail is counted to the address; an address over its limit is refused first
	// (*domain.TooManyMailsError), whether the join would mail it or not.
	JoinWaitlist(ctx context.Context, e domain.WaitlistEntry, token domain.LinkToken, notAfter time.Time, mail domain.AddressMail) (mailed bool, err error)
	// ConfirmWaitlistEntry puts the entry whose confirmation token has the hash in line, once; a
	// token unknown or mailed at or before validAfter is domain.ErrInvalidToken.
	ConfirmWaitlistEntry(ctx context.Context, hash []byte, validAfter, at time.Time) error
	// WaitingCount is how many entries of the semester wait in line.
	WaitingCount(ctx context.Context, semesterID int) (int, error)
	// OfferApartment offers the apartment to the entry pick chooses of the waiting ones (in line
	// order), with the token, until expires, and enqueues the offer's mail, unless the apartment is
	// held, blocked or offered already; one offer at a time across replicas. offered says whether it
	// made one.
	OfferApartment(ctx context.Context, semesterID int, a domain.Apartment, pick func([]domain.WaitlistEntry) (domain.WaitlistEntry, bool), token domain.LinkToken, at, expires time.Time) (offered bool, err error)
	// ExpireOffers ends the entries whose offer's deadline is at or before at.
	ExpireOffers(ctx context.Context, at time.Time) (int, error)
	// ForgetWaitlist deletes the entries left unconfirmed since unconfirmedBefore and every entry of
	// the semesters given.
	ForgetWaitlist(ctx context.Context, unconfirmedBefore time.Time, semesterIDs []int) error
	// Waitlist returns the confirmed entries of the semester in line order.
	Waitlist(ctx context.Context, semesterID int) ([]domain.WaitlistEntry, error)
	// RemoveWaitlistEntry deletes the entry, audited; domain.ErrNotFound when there is none.
	RemoveWaitlistEntry(ctx context.Context, id, actor string) error
	WaitlistOffers
}

// WaitlistOffers are the open offers of the waitlists as a booking sees them: the apartments they
// hold, and the booking that answers one.
type WaitlistOffers interface {
	// OfferedApartments returns the apartments of the semester held for an open offer.
	OfferedApartments(ctx context.Context, semesterID int) (map[int]bool, error)
	// OpenOfferHash returns the hash of the token of the open offer of the apartment in the semester,
	// and whether a booking answered it already.
	OpenOfferHash(ctx context.Context, apartmentID, semesterID int) (hash []byte, offered, answered bool, err error)
	// AttachOffer names the renting as the booking through the open offer whose token has the hash;
	// domain.ErrNotFound when that offer is not open for the apartment in the semester or another
	// booking answered it first.
	AttachOffer(ctx context.Context, hash []byte, apartmentID, semesterID int, rentingID string) error
	// DetachOffer opens the offer the renting answered again (its booking was undone).
	DetachOffer(ctx context.Context, rentingID string) error
}

// HandoverStore keeps the handovers of rentings that ended (docs/booking.md, "Move-out and the
// deposit"); each change is stored with its event (and the office's with its audit entry) in one
// transaction.
type HandoverStore interface {
	// Handover returns the renting's handover, or domain.ErrNotFound.
	Handover(ctx context.Context, rentingID string) (domain.Handover, error)
	// HandoversOfRenter returns the handovers of the renter's rentings, oldest renting first.
	HandoversOfRenter(ctx context.Context, renterID int64) ([]domain.Handover, error)
	// UnsettledHandovers returns the handovers whose deposit is not settled.
	UnsettledHandovers(ctx context.Context) ([]domain.Handover, error)
	// RecordHandover stores the handover of the renting, audited (recordHandover), with
	// HandoverRecorded; domain.ErrHandoverExists when it has one.
	RecordHandover(ctx context.Context, r domain.Renting, h domain.Handover) error
	// AnswerHandover lets answer record the renter's answer on the locked handover (shown its
	// renting) and stores it with HandoverAnswered; nothing when answer fails. domain.ErrNotFound
	// without a handover.
	AnswerHandover(ctx context.Context, rentingID string, answer func(*domain.Handover, domain.Renting) error) error
	// SettleDeposit lets settle settle the locked handover's deposit and stores it, audited
	// (settleDeposit), with DepositSettled; nothing when settle fails. domain.ErrNotFound without a
	// handover.
	SettleDeposit(ctx context.Context, rentingID, actor string, settle func(*domain.Handover) error) error
	// HandoverRemindersDue returns the unanswered handovers with an answer deadline from … to whose
	// renter was not reminded yet.
	HandoverRemindersDue(ctx context.Context, from, to time.Time) ([]domain.Handover, error)
	// RemindOfHandover records the reminder with its ReminderDue, once; a handover answered or
	// reminded meanwhile is left alone.
	RemindOfHandover(ctx context.Context, h domain.Handover, at time.Time) error
}

// Catalog answers questions about apartments, semesters and prices (the catalog service).
// Unknown ids come back as domain.ErrNotFound.
type Catalog interface {
	Apartment(ctx context.Context, id int) (domain.Apartment, error)
	// Apartments lists every apartment of the building, sorted by id, and the building's id.
	Apartments(ctx context.Context) (buildingID int, apartments []domain.Apartment, err error)
	Semester(ctx context.Context, id int) (domain.Semester, error)
	Semesters(ctx context.Context) ([]domain.Semester, error)
	// BookableSemester returns domain.ErrNotFound when no semester is open.
	BookableSemester(ctx context.Context) (domain.Semester, error)
	Price(ctx context.Context, apartmentID, semesterID int, renewal bool) (domain.PriceCalculation, error)
	// HandoverRules are the building file's rules of a handover, as the building file sets them
	// (zero where it sets none: domain.HandoverRules.WithDefaults fills them).
	HandoverRules(ctx context.Context) (domain.HandoverRules, error)
}

// Renters keeps the renters' personal data and e-mail tokens (the renter service). Invalid data
// comes back as a *exception.Error.
type Renters interface {
	Validate(ctx context.Context, data domain.RenterData, reference time.Time) error
	// Register finds the renter by e-mail (leaving its data as it is) or creates one; with renterID
	// set it updates that renter's data instead, audited. created says whether a new renter was made.
	Register(ctx context.Context, data domain.RenterData, reference time.Time, renterID int64) (id int64, created bool, err error)
	// DeleteUnused undoes one Register: the renter is deleted only when nothing else uses it.
	DeleteUnused(ctx context.Context, renterID int64) error
	Get(ctx context.Context, renterID int64) (domain.RenterData, error)
	// ConsumeEmailToken answers domain.ErrInvalidToken or domain.ErrExpiredToken for a bad token.
	ConsumeEmailToken(ctx context.Context, email, token string) (renterID int64, rentingID string, err error)
	// OpenPage names the renter whose own page the token opens, or domain.ErrInvalidToken.
	OpenPage(ctx context.Context, token string) (renterID int64, err error)
}

// Payments knows the rentings' payments (the payment service).
type Payments interface {
	// OfRentings returns the payments of the rentings named, oldest first.
	OfRentings(ctx context.Context, rentingIDs []string) ([]domain.Payment, error)
	// OfRenting returns the renting's payment; domain.ErrNotFound while it has none.
	OfRenting(ctx context.Context, rentingID string) (domain.Payment, error)
}

// Documents keeps the uploads of a renting (the document service). A broken upload comes back as a
// *exception.Error and nothing is stored.
type Documents interface {
	// StoreUploads keeps a booking request's uploads apart from the renter's documents until the
	// renting's address is confirmed: anybody can send a request for any address.
	StoreUploads(ctx context.Context, renterID int64, rentingID string, uploads []domain.Upload) error
	// StoreRenterUploads stores uploads the renter sent through a link only they received (a
	// renewal's): they are the renter's documents at once.
	StoreRenterUploads(ctx context.Context, renterID int64, rentingID string, uploads []domain.Upload) error
	// StoreHandoverPhotos stores the photos of a handover's damages as the renter's documents and
	// returns their ids in order.
	StoreHandoverPhotos(ctx context.Context, renterID int64, rentingID string, photos []domain.Upload) ([]string, error)
	DeleteRentingDocuments(ctx context.Context, rentingID string) error
	// ReissueContract writes the renting's open contract anew at today's price, as the caller's
	// identity; domain.ErrContractNotOpen when it has none. The new contract comes back as
	// document.contract_requested naming the one it replaces.
	ReissueContract(ctx context.Context, renting domain.Renting) (documentID string, err error)
}
