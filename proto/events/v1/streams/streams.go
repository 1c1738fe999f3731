// Package streams declares, once, the JetStream streams the services publish their events into and
// the subjects on each, beside the messages they carry (events.proto). Producers take their subjects
// from here, consumers name from here the subjects they act on, and semesterhaus/platform/events
// creates the streams and refuses a message on a subject its stream does not declare.
//
// A stream is named after the prefix of its subjects: RENTING keeps every subject under renting.
// Tests run streams of their own beside the services' on a shared server, under other prefixes
// (RentingStream(natstest.Unique("renting"))); their subjects follow the same catalogue.
package streams

import (
	"slices"
	"strings"
)

// Stream is a stream as JetStream and the consumers see it: its name, the prefix of its subjects
// and the subjects declared on it.
type Stream struct {
	Name   string // RENTING
	Prefix string // renting: the stream keeps renting.>
	// Declared are the subjects on the stream after the prefix ("deleted"); a "*" token stands for
	// any one token ("state.*").
	Declared []string
}

// streamOf returns the stream of the prefix with the declared subjects.
func streamOf(prefix string, declared ...string) Stream {
	return Stream{Name: strings.ToUpper(prefix), Prefix: prefix, Declared: declared}
}

// Subject is the full subject of a name on the stream: renting.deleted for "deleted".
func (s Stream) Subject(name string) string { return s.Prefix + "." + name }

// Wildcard is the subject filter of everything on the stream: renting.>.
func (s Stream) Wildcard() string { return s.Subject(">") }

// Declares reports whether subject (which may itself hold "*" tokens) is declared on the stream.
func (s Stream) Declares(subject string) bool {
	return slices.ContainsFunc(s.Declared, func(name string) bool { return Matches(s.Subject(name), subject) })
}

// Matches reports whether subject matches pattern, token by token, where a "*" token of the
// pattern stands for any one token (NATS' single-token wildcard).
func Matches(pattern, subject string) bool {
	p, t := strings.Split(pattern, "."), strings.Split(subject, ".")
	if len(p) != len(t) {
		return false
	}
	for i := range p {
		if t[i] == "" || p[i] != "*" && p[i] != t[i] {
			return false
		}
	}
	return true
}

// The subjects on each stream, after its prefix.
const (
	rentingStateChanged       = "state" // RentingStateChanged, one subject per state
	rentingDeleted            = "deleted"
	rentingKeyCodeDue         = "key_code_due"
	rentingReminderDue        = "reminder_due"
	rentingWaitlistConfirm    = "waitlist_confirmation"
	rentingWaitlistOffer      = "waitlist_offer"
	documentContractRequested = "contract_requested"
	documentContractSigned    = "contract_signed"
	paymentLinkCreated        = "link_created"
	paymentSucceeded          = "succeeded"
	paymentFailed             = "failed"
	renterErased              = "erased"
)

// RentingStream is the prefix of the renting service's stream (RENTING).
type RentingStream string

// Renting is where the renting service publishes.
const Renting RentingStream = "renting"

// Stream is the stream with its declared subjects.
func (p RentingStream) Stream() Stream {
	return streamOf(string(p), rentingStateChanged+".*", rentingDeleted, rentingKeyCodeDue, rentingReminderDue,
		rentingWaitlistConfirm, rentingWaitlistOffer)
}

// StateChanged is the subject of a RentingStateChanged to toState: renting.state.<to_state in lower
// case>, e.g. renting.state.apartment_requested.
func (p RentingStream) StateChanged(toState string) string {
	return p.Stream().Subject(rentingStateChanged + "." + strings.ToLower(toState))
}

// StateChanges matches every RentingStateChanged: renting.state.*.
func (p RentingStream) StateChanges() string { return p.StateChanged("*") }

// Deleted is the subject of a RentingDeleted: renting.deleted.
func (p RentingStream) Deleted() string { return p.Stream().Subject(rentingDeleted) }

// KeyCodeDue is the subject of a KeyCodeDue: renting.key_code_due.
func (p RentingStream) KeyCodeDue() string { return p.Stream().Subject(rentingKeyCodeDue) }

// ReminderDue is the subject of a ReminderDue: renting.reminder_due.
func (p RentingStream) ReminderDue() string { return p.Stream().Subject(rentingReminderDue) }

// WaitlistConfirmation is the subject of a WaitlistConfirmationRequested:
// renting.waitlist_confirmation.
func (p RentingStream) WaitlistConfirmation() string {
	return p.Stream().Subject(rentingWaitlistConfirm)
}

// WaitlistOffer is the subject of a WaitlistOfferMade: renting.waitlist_offer.
func (p RentingStream) WaitlistOffer() string { return p.Stream().Subject(rentingWaitlistOffer) }

// DocumentStream is the prefix of the document service's stream (DOCUMENT).
type DocumentStream string

// Document is where the document service publishes.
const Document DocumentStream = "document"

// Stream is the stream with its declared subjects.
func (p DocumentStream) Stream() Stream {
	return streamOf(string(p), documentContractRequested, documentContractSigned)
}

// ContractRequested is the subject of a ContractRequested: document.contract_requested.
func (p DocumentStream) ContractRequested() string {
	return p.Stream().Subject(documentContractRequested)
}

// ContractSigned is the subject of a ContractSigned: document.contract_signed.
func (p DocumentStream) ContractSigned() string { return p.Stream().Subject(documentContractSigned) }

// PaymentStream is the prefix of the payment service's stream (PAYMENT).
type PaymentStream string

// Payment is where the payment service publishes.
const Payment PaymentStream = "payment"

// Stream is the stream with its declared subjects.
func (p PaymentStream) Stream() Stream {
	return streamOf(string(p), paymentLinkCreated, paymentSucceeded, paymentFailed)
}

// LinkCreated is the subject of a PaymentLinkCreated: payment.link_created.
func (p PaymentStream) LinkCreated() string { return p.Stream().Subject(paymentLinkCreated) }

// Succeeded is the subject of a PaymentSucceeded: payment.succeeded.
func (p PaymentStream) Succeeded() string { return p.Stream().Subject(paymentSucceeded) }

// Failed is the subject of a PaymentFailed: payment.failed.
func (p PaymentStream) Failed() string { return p.Stream().Subject(paymentFailed) }

// RenterStream is the prefix of the renter service's stream (RENTER).
type RenterStream string

// Renter is where the renter service publishes.
const Renter RenterStream = "renter"

// Stream is the stream with its declared subjects.
func (p RenterStream) Stream() Stream { return streamOf(string(p), renterErased) }

// Erased is the subject of a RenterErased: renter.erased.
func (p RenterStream) Erased() string { return p.Stream().Subject(renterErased) }

// The durable consumers on the streams, named once: the consuming service creates its consumer
// under this name, and NATS lets each service create, read and acknowledge only its own
// (semesterhaus/platform/natsauth). Renaming one makes a new consumer, which starts from the
// stream's first message.
const (
	RenterMails           = "renter-mails"            // the renter service's mails, on RENTING
	RenterRetention       = "renter-retention"        // the renter service forgets deleted rentings, on RENTING
	DocumentRenting       = "document-renting"        // the document service's contracts, on RENTING
	PaymentRenting        = "payment-renting"         // the payment service's payments, on RENTING
	RentingDocumentEvents = "renting-document-events" // the renting service, on DOCUMENT
	RentingPaymentEvents  = "renting-payment-events"  // the renting service, on PAYMENT
	RentingErasures       = "renting-erasures"        // the renting service erases a renter's forms, on RENTER
	DocumentErasures      = "document-erasures"       // the document service erases a renter's papers, on RENTER
)
