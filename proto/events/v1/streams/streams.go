// Package streams declares, once, the JetStream streams the services publish their events into and
// the subjects and durable consumers on each, beside the messages they carry (events.proto).
// Producers take their subjects from here, each consumer's subjects are declared here with it,
// semesterhaus/platform/natsprovision creates the streams and consumers, and
// semesterhaus/platform/events refuses a message on a subject its stream does not declare.
//
// A stream is named after the prefix of its subjects: RENTING keeps every subject under renting.
// Tests run streams of their own beside the services' on a shared server, under other prefixes
// (RentingStream(natstest.Unique("renting"))); their subjects follow the same catalogue.
package streams

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Stream is a stream as JetStream and the consumers see it: its name, the prefix of its subjects
// and the subjects declared on it.
type Stream struct {
	Name   string // RENTING
	Prefix string // renting: the stream keeps renting.>
	// Declared are the subjects on the stream after the prefix ("deleted"); a "*" token stands for
	// any one token ("state.*").
	Declared []string
	// Consumers are the durable consumers on the stream, created with it by the provisioning
	// (semesterhaus/platform/natsprovision); a service only binds to its own.
	Consumers []Consumer
}

// DuplicateWindow is how long a stream remembers message ids. It covers a relay that published an
// event but stopped before marking it and is restarted: its second publish is dropped.
const DuplicateWindow = 10 * time.Minute

// DefaultAckWait is how long a delivery may take before JetStream sends the message again, unless
// the consumer says otherwise; it also bounds the handler.
const DefaultAckWait = 30 * time.Second

// Consumer is a durable pull consumer on a stream, as the provisioning creates it.
type Consumer struct {
	Durable string // also the key under which processed event ids are recorded
	// Handles are the subjects the consumer acts on, each declared on the stream (a "*" token
	// stands for any one). The server sends only those where it can (Filters).
	Handles []string
	// AckWait is how long a delivery may take before JetStream sends the message again; zero is
	// DefaultAckWait.
	AckWait time.Duration
	// MaxDeliver bounds deliveries of a failing message; 0 means unlimited, so that no fact is
	// dropped silently.
	MaxDeliver int
}

// Wait is the consumer's AckWait, DefaultAckWait unless set.
func (c Consumer) Wait() time.Duration {
	if c.AckWait == 0 {
		return DefaultAckWait
	}
	return c.AckWait
}

// Filters are the subjects the consumer asks a server of serverVersion ("2.10.4") for. When the
// consumer acts on a few subjects only, the server sends just those where it can (one subject on
// any server, several from 2.10 on); otherwise it sends the whole stream of s, and the consumer
// acknowledges the rest without acting.
func (c Consumer) Filters(s Stream, serverVersion string) []string {
	if len(c.Handles) == 1 || len(c.Handles) > 1 && SeveralFiltersSupported(serverVersion) {
		return c.Handles
	}
	return []string{s.Wildcard()}
}

// SeveralFiltersSupported tells whether a server of that version ("2.10.4") filters a consumer by
// several subjects.
func SeveralFiltersSupported(serverVersion string) bool {
	var major, minor int
	if _, err := fmt.Sscanf(serverVersion, "%d.%d", &major, &minor); err != nil {
		return false
	}
	return major > 2 || major == 2 && minor >= 10
}

// Consumer returns the stream's consumer of that durable name.
func (s Stream) Consumer(durable string) (Consumer, bool) {
	i := slices.IndexFunc(s.Consumers, func(c Consumer) bool { return c.Durable == durable })
	if i < 0 {
		return Consumer{}, false
	}
	return s.Consumers[i], true
}

// Check refuses a consumer of the stream that handles nothing or a subject the stream does not
// declare: a typo would otherwise lose events without a word.
func (s Stream) Check(c Consumer) error {
	if len(c.Handles) == 0 {
		return fmt.Errorf("streams: consumer %s handles no subject of %s", c.Durable, s.Name)
	}
	for _, subject := range c.Handles {
		if !s.Declares(subject) {
			return fmt.Errorf("streams: consumer %s handles %s, which the stream %s does not declare", c.Durable, subject, s.Name)
		}
	}
	return nil
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
	rentingDepositSettled     = "deposit_settled"
	rentingContractReissued   = "contract_reissued"
	rentingHandoverRecorded   = "handover_recorded"
	rentingHandoverAnswered   = "handover_answered"
	documentContractRequested = "contract_requested"
	documentContractSigned    = "contract_signed"
	paymentLinkCreated        = "link_created"
	paymentSucceeded          = "succeeded"
	paymentFailed             = "failed"
	paymentProcessing         = "processing"
	paymentRefundUpdated      = "refund_updated"
	paymentDisputed           = "disputed"
	renterErased              = "erased"
)

// RentingStream is the prefix of the renting service's stream (RENTING).
type RentingStream string

// Renting is where the renting service publishes.
const Renting RentingStream = "renting"

// Stream is the stream with its declared subjects.
func (p RentingStream) Stream() Stream {
	s := streamOf(string(p), rentingStateChanged+".*", rentingDeleted, rentingKeyCodeDue, rentingReminderDue,
		rentingWaitlistConfirm, rentingWaitlistOffer, rentingDepositSettled, rentingContractReissued,
		rentingHandoverRecorded, rentingHandoverAnswered)
	state := func(states ...string) []string {
		var subjects []string
		for _, to := range states {
			subjects = append(subjects, s.Subject(rentingStateChanged+"."+strings.ToLower(to)))
		}
		return subjects
	}
	s.Consumers = []Consumer{
		// The renter service's mails: state changes, key codes, reminders, the waitlist's mails, a
		// reissued contract, the handover, the renter's answer to it and the deposit's settlement.
		{Durable: RenterMails, Handles: []string{s.Subject(rentingStateChanged + ".*"), s.Subject(rentingKeyCodeDue),
			s.Subject(rentingReminderDue), s.Subject(rentingWaitlistConfirm), s.Subject(rentingWaitlistOffer),
			s.Subject(rentingContractReissued), s.Subject(rentingHandoverRecorded), s.Subject(rentingHandoverAnswered),
			s.Subject(rentingDepositSettled)}},
		// The renter service forgets renters of deleted rentings.
		{Durable: RenterRetention, Handles: []string{s.Subject(rentingDeleted)}},
		// The document service: a deleted renting's papers, an ended one's retention, the states
		// that ask for a contract (OWNER_ACKNOWLEDGED, RENEWAL_ACCEPTED) and those of a confirmed
		// booking request, which release its uploads (APARTMENT_RESERVED, SELECT_APARTMENT).
		{Durable: DocumentRenting, Handles: append([]string{s.Subject(rentingDeleted)},
			state("CANCELED", "OWNER_ACKNOWLEDGED", "RENEWAL_ACCEPTED", "APARTMENT_RESERVED", "SELECT_APARTMENT")...)},
		// The payment service creates the payment of a signed contract, closes or refunds the
		// payment of a cancelled booking and returns a settled deposit.
		{Durable: PaymentRenting, Handles: append(state("CONTRACT_SIGNED", "CANCELED"), s.Subject(rentingDepositSettled))},
	}
	return s
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

// ContractReissued is the subject of a ContractReissued: renting.contract_reissued.
func (p RentingStream) ContractReissued() string { return p.Stream().Subject(rentingContractReissued) }

// DepositSettled is the subject of a DepositSettled: renting.deposit_settled.
func (p RentingStream) DepositSettled() string { return p.Stream().Subject(rentingDepositSettled) }

// HandoverRecorded is the subject of a HandoverRecorded: renting.handover_recorded.
func (p RentingStream) HandoverRecorded() string { return p.Stream().Subject(rentingHandoverRecorded) }

// HandoverAnswered is the subject of a HandoverAnswered: renting.handover_answered.
func (p RentingStream) HandoverAnswered() string { return p.Stream().Subject(rentingHandoverAnswered) }

// DocumentStream is the prefix of the document service's stream (DOCUMENT).
type DocumentStream string

// Document is where the document service publishes.
const Document DocumentStream = "document"

// Stream is the stream with its declared subjects.
func (p DocumentStream) Stream() Stream {
	s := streamOf(string(p), documentContractRequested, documentContractSigned)
	s.Consumers = []Consumer{
		{Durable: RentingDocumentEvents, Handles: []string{s.Subject(documentContractRequested), s.Subject(documentContractSigned)}},
	}
	return s
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
	s := streamOf(string(p), paymentLinkCreated, paymentSucceeded, paymentFailed, paymentProcessing,
		paymentRefundUpdated, paymentDisputed)
	s.Consumers = []Consumer{
		{Durable: RentingPaymentEvents, Handles: []string{s.Subject(paymentFailed), s.Subject(paymentLinkCreated), s.Subject(paymentSucceeded),
			s.Subject(paymentProcessing), s.Subject(paymentRefundUpdated), s.Subject(paymentDisputed)}},
	}
	return s
}

// LinkCreated is the subject of a PaymentLinkCreated: payment.link_created.
func (p PaymentStream) LinkCreated() string { return p.Stream().Subject(paymentLinkCreated) }

// Succeeded is the subject of a PaymentSucceeded: payment.succeeded.
func (p PaymentStream) Succeeded() string { return p.Stream().Subject(paymentSucceeded) }

// Failed is the subject of a PaymentFailed: payment.failed.
func (p PaymentStream) Failed() string { return p.Stream().Subject(paymentFailed) }

// Processing is the subject of a PaymentProcessing: payment.processing.
func (p PaymentStream) Processing() string { return p.Stream().Subject(paymentProcessing) }

// RefundUpdated is the subject of a RefundUpdated: payment.refund_updated.
func (p PaymentStream) RefundUpdated() string { return p.Stream().Subject(paymentRefundUpdated) }

// Disputed is the subject of a PaymentDisputed: payment.disputed.
func (p PaymentStream) Disputed() string { return p.Stream().Subject(paymentDisputed) }

// RenterStream is the prefix of the renter service's stream (RENTER).
type RenterStream string

// Renter is where the renter service publishes.
const Renter RenterStream = "renter"

// Stream is the stream with its declared subjects.
func (p RenterStream) Stream() Stream {
	s := streamOf(string(p), renterErased)
	s.Consumers = []Consumer{
		{Durable: RentingErasures, Handles: []string{s.Subject(renterErased)}},
		{Durable: DocumentErasures, Handles: []string{s.Subject(renterErased)}},
	}
	return s
}

// All are the services' streams, with their consumers: what the provisioning creates.
func All() []Stream {
	return []Stream{Renting.Stream(), Document.Stream(), Payment.Stream(), Renter.Stream()}
}

// Erased is the subject of a RenterErased: renter.erased.
func (p RenterStream) Erased() string { return p.Stream().Subject(renterErased) }

// The durable consumers on the streams, named once: the provisioning creates each with its stream
// (Stream.Consumers), the consuming service binds to it under this name, and NATS lets each service
// read and acknowledge only its own (semesterhaus/platform/natsauth). Renaming one makes a new
// consumer, which starts from the stream's first message.
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
