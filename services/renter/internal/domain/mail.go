package domain

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MailKind names one of the mails a renter gets when their renting changes state.
type MailKind string

// The renter's mails (docs/booking.md, "Events").
const (
	MailConfirmEmail     MailKind = "confirm_email"
	MailEmailConfirmed   MailKind = "email_confirmed"
	MailApartmentTaken   MailKind = "apartment_taken"
	MailIdentityApproved MailKind = "identity_approved"
	MailRenewalOffered   MailKind = "renewal_offered"
	MailRenewalAccepted  MailKind = "renewal_accepted"
	MailRentingCanceled  MailKind = "renting_canceled"
	// MailCanceledByOffice is the office's cancellation of a booking: its reason and its refund.
	MailCanceledByOffice MailKind = "canceled_by_office"
	// MailContractReissued brings the contract the office wrote anew: its total and where to sign it.
	MailContractReissued MailKind = "contract_reissued"
	MailSignContract     MailKind = "sign_contract"
	MailPayRent          MailKind = "pay_rent"
	MailPaymentReceived  MailKind = "payment_received"
	MailKeyCode          MailKind = "key_code" // not on a state: on the renting's key_code_due event
	// MailPageLink answers a renter who asked for a new link to their own page.
	MailPageLink MailKind = "page_link"
	// MailErasureRequested confirms that a renter's erasure request was received.
	MailErasureRequested MailKind = "erasure_requested"
	// MailErasureLink brings a renter who asked for erasure with a link from an older mail a fresh
	// one to ask with (domain.ErasureLinkFreshness).
	MailErasureLink MailKind = "erasure_link"
	// MailConfirmEmailAgain answers a renter who asked on their own page for a new confirmation link.
	MailConfirmEmailAgain MailKind = "confirm_email_again"
	// The waitlist's mails go to people who are no renter (yet): the link that confirms their place
	// in line, and the offer of a freed apartment with its deadline.
	MailWaitlistConfirm MailKind = "waitlist_confirm"
	MailWaitlistOffer   MailKind = "waitlist_offer"
	// MailBookingAttempt tells a renter who holds an apartment that somebody asked to book with
	// their address: the request was answered like any other and filed nowhere (the renting
	// service's reminder_due event of the step BOOKING_ATTEMPT, about the renting that holds it).
	MailBookingAttempt MailKind = "booking_attempt"
)

// The reminders, on the renting's reminder_due event: each leads to the same page as the mail of
// the step the renter has not taken.
const (
	MailRemindConfirmEmail  MailKind = "remind_confirm_email"
	MailRemindSignContract  MailKind = "remind_sign_contract"
	MailRemindPayRent       MailKind = "remind_pay_rent"
	MailRemindAnswerRenewal MailKind = "remind_answer_renewal"
)

// reminderOfStep says which reminder a renter gets for a step the renting service names.
var reminderOfStep = map[string]MailKind{
	"CONFIRM_EMAIL":  MailRemindConfirmEmail,
	"SIGN_CONTRACT":  MailRemindSignContract,
	"PAY_RENT":       MailRemindPayRent,
	"ANSWER_RENEWAL": MailRemindAnswerRenewal,
	// the renter has not confirmed or disputed the handover of a renting that ended
	"ANSWER_HANDOVER": MailRemindAnswerHandover,
	// not a step the renter missed: somebody asked to book with the address of the renting's holder
	"BOOKING_ATTEMPT": MailBookingAttempt,
}

// ReminderFor returns the reminder of a step the renter has not taken; ok is false for a step this
// service does not know.
func ReminderFor(step string) (kind MailKind, ok bool) {
	kind, ok = reminderOfStep[step]
	return kind, ok
}

// mailOnState says which renting state a renter hears about; CONTRACT_SIGNED sends none, since the
// payment mail follows right after it.
var mailOnState = map[string]MailKind{
	"APARTMENT_REQUESTED": MailConfirmEmail,
	"APARTMENT_RESERVED":  MailEmailConfirmed,
	"SELECT_APARTMENT":    MailApartmentTaken,
	"OWNER_ACKNOWLEDGED":  MailIdentityApproved,
	"RENEWAL_REQUEST":     MailRenewalOffered,
	"RENEWAL_ACCEPTED":    MailRenewalAccepted,
	"CANCELED":            MailRentingCanceled,
	"CONTRACT_REQUESTED":  MailSignContract,
	"UNPAID":              MailPayRent,
	"PAYED":               MailPaymentReceived,
}

// MailFor returns the mail a renting reaching state is worth, if any; state is case-insensitive.
func MailFor(state string) (MailKind, bool) {
	kind, ok := mailOnState[strings.ToUpper(state)]
	return kind, ok
}

// StateChange is a renting's move to a new state, as the renting service announced it.
type StateChange struct {
	EventID      string
	RentingID    string
	RenterID     int64
	Stay         Stay
	FromState    string // empty for a new renting
	ToState      string
	RenewalToken string // the renewal link's token, only on a move to RENEWAL_REQUEST
	// Cancellation is the office's, on a move to CANCELED when the office cancelled; nil otherwise.
	Cancellation *Cancellation
}

// Cancellation is the office's cancellation of a booking as the renter's mail tells it: why, and
// what goes back of what was paid (euro cents; 0: nothing).
type Cancellation struct {
	Reason      string
	RefundCents int64
}

// Mail returns the mail the change is worth, if any: the office's cancellation has its own, with the
// reason and the refund.
func (c StateChange) Mail() (MailKind, bool) {
	if c.Cancellation != nil && strings.EqualFold(c.ToState, "CANCELED") {
		return MailCanceledByOffice, true
	}
	return MailFor(c.ToState)
}

// CancelsUnconfirmedRequest reports whether the change cancels a booking request whose address was
// never confirmed: superseded by the request the renter confirmed, or expired. Anybody can send such
// requests for any address, so their cancellation mails are limited.
func (c StateChange) CancelsUnconfirmedRequest() bool {
	return strings.EqualFold(c.ToState, "CANCELED") && strings.EqualFold(c.FromState, "APARTMENT_REQUESTED")
}

// KeyCodeDue is the renting service's announcement that a renter's key code is to be mailed.
type KeyCodeDue struct {
	EventID   string
	RentingID string
	RenterID  int64
	Stay      Stay
	AccessKey string
	MoveIn    time.Time // the semester's first day
}

// ContractReissued is the renting service's announcement that the renting took a contract the office
// reissued; its Stay carries the new contract's total.
type ContractReissued struct {
	EventID   string
	RentingID string
	RenterID  int64
	Stay      Stay
}

// ReminderDue is the renting service's announcement that a renter has not taken the next step of
// a renting in time.
type ReminderDue struct {
	EventID      string
	RentingID    string
	RenterID     int64
	Stay         Stay
	Step         string // CONFIRM_EMAIL, SIGN_CONTRACT, PAY_RENT, ANSWER_RENEWAL or ANSWER_HANDOVER
	RenewalToken string // the reminder's renewal link token, only for ANSWER_RENEWAL
	// AnswerDeadline is the last day to answer the handover, only for ANSWER_HANDOVER.
	AnswerDeadline time.Time
}

// WaitlistMail is the renting service's announcement of a waitlist mail: the confirmation link of a
// new entry, or the offer of an apartment until a deadline. The person is no renter, so the event
// carries their address, name and language.
type WaitlistMail struct {
	EventID  string
	Kind     MailKind // MailWaitlistConfirm or MailWaitlistOffer
	EntryID  string
	Email    string
	Name     string
	Language Language
	Token    string // the link's capability
	Stay     Stay   // the offered apartment (none for the confirmation) and the semester
	Deadline time.Time
}

// Stay is which apartment a renting is for in which semester, as the catalog knows them by id.
type Stay struct {
	ApartmentID int32
	SemesterID  int32
	Renewal     bool // a renewal pays the rent only, no cleaning and deposit
	// ContractTotalCents is the total (euro cents) the renting's contract was written with, once it
	// is written, 0 before: a mail from then on names this, never the catalog's price of today.
	ContractTotalCents int64
}

// Residence is who writes the mails: the catalog's building, named the same in the site, every
// mail and the contract.
type Residence struct {
	Name    string
	Address string
	Email   string
	Phone   string
}

// Booking is what a mail repeats about the renting it is about.
type Booking struct {
	Apartment string // the apartment's name, e.g. "1.01"
	Semester  string // the semester's name, e.g. "SoSe 2027"
	// TotalCents is what the renter pays for the semester in euro cents; Priced says whether the
	// mail states it (the key code mail does not).
	TotalCents int64
	Priced     bool
}

// Mail is a rendered mail to one renter, stored until it is delivered.
type Mail struct {
	EventID  string // the event that caused it: a redelivered event adds no second mail
	RenterID int64  // 0 for a mail to somebody who is no renter (the waitlist's)
	To       string
	Subject  string
	Text     string
	HTML     string
	// SenderName is the residence's name as the sender shows it, taken from the catalog with the
	// signature when the mail is written; empty for mails stored before (MAIL_FROM's name then).
	SenderName string
}

// MailContent is what a mail says, before it is rendered in the renter's language.
type MailContent struct {
	Kind      MailKind
	Language  Language
	FirstName string
	LastName  string
	Residence Residence // the signature
	Booking   Booking   // the apartment, semester and total the mail repeats; none for MailPageLink
	Link      string    // the page the mail leads to; empty for mails without one
	// PageLink opens the renter's own page ("Meine Buchung"); every mail carries one.
	PageLink string
	KeyCode  string    // only for MailKeyCode
	MoveIn   time.Time // only for MailKeyCode
	// Deadline is when a waitlist offer ends, in the residence's time zone (MailWaitlistOffer).
	Deadline time.Time
	// Cancellation is the office's reason and refund (MailCanceledByOffice).
	Cancellation *Cancellation
	// Handover is what the office recorded at the move-out (MailHandoverRecorded; only its answer
	// deadline for MailRemindAnswerHandover).
	Handover *Handover
	// HandoverAnswer is the renter's answer (MailHandoverAnswered).
	HandoverAnswer *HandoverAnswer
	// Settlement is the deposit's statement (MailDepositSettled).
	Settlement *DepositSettlement
}

// Link returns the page of the public site a mail of kind about the renting leads to, or "" for a
// mail without one. token is the link's capability: the e-mail confirmation token of the
// confirmation mail and its reminder, the renewal token of the renewal mail and its reminder.
func Link(kind MailKind, publicURL, rentingID, email, token string) string {
	base := strings.TrimSuffix(publicURL, "/")
	switch kind {
	case MailConfirmEmail, MailRemindConfirmEmail, MailConfirmEmailAgain:
		return base + "/booking/step3?" + url.Values{"email": {email}, "token": {token}}.Encode()
	case MailApartmentTaken:
		return base + "/booking/step1?" + url.Values{"booking": {"failed"}, "rentingId": {rentingID}}.Encode()
	case MailRenewalOffered, MailRemindAnswerRenewal:
		return base + "/booking/extend?" + url.Values{"rentingId": {rentingID}, "token": {token}}.Encode()
	case MailSignContract, MailRemindSignContract, MailContractReissued:
		return base + "/booking/step4?" + url.Values{"rentingId": {rentingID}}.Encode()
	case MailPayRent, MailRemindPayRent:
		return base + "/booking/step5?" + url.Values{"rentingId": {rentingID}}.Encode()
	case MailWaitlistConfirm:
		return base + "/booking/waitlist-confirm?" + url.Values{"token": {token}}.Encode()
	default:
		return ""
	}
}

// OfferLink returns the page of a waitlist offer: step2 of the offered apartment, whose booking form
// sends the offer's token along.
func OfferLink(publicURL string, apartmentID int32, token string) string {
	return strings.TrimSuffix(publicURL, "/") + "/booking/step2?" +
		url.Values{"apartment-id": {strconv.Itoa(int(apartmentID))}, "offer": {token}}.Encode()
}

// PageLink returns the link to a renter's own page that the token opens.
func PageLink(publicURL, token string) string {
	return strings.TrimSuffix(publicURL, "/") + "/booking/my-booking?" + url.Values{"token": {token}}.Encode()
}

// RetryDelay is how long the sender waits after the n-th failed delivery of a mail: 30 s, 1 min,
// 2 min, ... at most an hour, so a mail server that is down for a while is not hammered.
func RetryDelay(failures int) time.Duration {
	const first, most = 30 * time.Second, time.Hour
	if failures < 1 {
		return first
	}
	if failures > 8 {
		return most
	}
	return min(first<<(failures-1), most)
}

// SentMail is a mail to a renter as their own page's download lists it: what it said and when.
type SentMail struct {
	Subject   string
	Text      string
	WrittenAt time.Time
	SentAt    time.Time // zero while it waits to be delivered
}

// tokenInLink matches the capability a link of a mail carries: the page, confirmation or renewal
// token.
var tokenInLink = regexp.MustCompile(`([?&]token=)[^&\s"'<>]+`)

// WithoutTokens returns the mail with the tokens of its links left out ("token=…"): a download
// of the renter's data is a file they may pass on, and must not open their page or their booking.
func (m SentMail) WithoutTokens() SentMail {
	m.Text = tokenInLink.ReplaceAllString(m.Text, "${1}…")
	return m
}

// Renting is what the renter's own page asks the renting service about one of the renter's rentings.
type Renting struct {
	ID       string
	RenterID int64
	State    string // a RentingState name, e.g. APARTMENT_REQUESTED
	Stay     Stay
}

// AwaitsConfirmation reports whether the renting is a request whose e-mail address is not confirmed yet.
func (r Renting) AwaitsConfirmation() bool { return r.State == "APARTMENT_REQUESTED" }
