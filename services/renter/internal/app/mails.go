package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

// MailStore is the part of the repository the mail use case writes to, bound to the transaction in
// which the triggering event is recorded as processed: mail, token and event commit together.
type MailStore interface {
	Renter(ctx context.Context, id int64) (domain.Renter, error)
	// RenterByEmail finds a renter by e-mail address, case-insensitively, or returns
	// domain.ErrNotFound.
	RenterByEmail(ctx context.Context, email string) (domain.Renter, error)
	AddEmailToken(ctx context.Context, token domain.EmailToken) error
	// AddPageToken stores a page token and forgets the renter's tokens expired at now.
	AddPageToken(ctx context.Context, token domain.PageToken, now time.Time) error
	// ClaimNotice records that the renter is mailed a limited mail of kind at at, unless they got
	// one of the kind after notBefore; claimed says whether the mail may go.
	ClaimNotice(ctx context.Context, renterID int64, kind domain.MailKind, at, notBefore time.Time) (claimed bool, err error)
	// AddMail stores a mail for delivery; a second mail for the same event is ignored.
	AddMail(ctx context.Context, mail domain.Mail) error
}

// MailRenderer turns a mail's content into its subject and its plain text and HTML bodies, in the
// content's language.
type MailRenderer interface {
	Render(content domain.MailContent) (subject, text, html string, err error)
}

// Catalog tells what the mails say about the residence and the booking (the catalog service). A
// failure fails the mail's event, which is then delivered again later: no mail is lost.
type Catalog interface {
	Residence(ctx context.Context) (domain.Residence, error)
	// Booking names the stay's apartment and semester and, when priced, its total.
	Booking(ctx context.Context, stay domain.Stay, priced bool) (domain.Booking, error)
}

// ErrUnknownRenter means an event names a renter this service does not know (the renter was
// deleted meanwhile); there is nobody to write to.
var ErrUnknownRenter = errors.New("event for an unknown renter")

// ErrUnknownStep means a reminder names a step this service has no mail for (one a newer renting
// service added); retrying would not help.
var ErrUnknownStep = errors.New("reminder of an unknown step")

// Mails decides which mail a renting's change of state is worth and writes it.
type Mails struct {
	renderer MailRenderer
	catalog  Catalog
	settings MailSettings
	now      func() time.Time
}

// MailSettings are what the mails link to and how often the limited mails may go.
type MailSettings struct {
	// PublicURL is where the public site's links point.
	PublicURL string
	// NoticeWindow: a renter gets at most one mail per window about cancelled unconfirmed requests.
	NoticeWindow time.Duration
	// PageLinkValidity is how long the link to the renter's own page in a mail opens it.
	PageLinkValidity time.Duration
	// PageLinkWindow: an address is sent at most one new page link per window when asked for.
	PageLinkWindow time.Duration
	// TimeZone is the residence's: a waitlist offer's deadline is written in it.
	TimeZone *time.Location
}

// NewMails returns the mail use case; catalog names the residence and the booking in every mail.
func NewMails(renderer MailRenderer, catalog Catalog, settings MailSettings, now func() time.Time) *Mails {
	return &Mails{renderer: renderer, catalog: catalog, settings: settings, now: now}
}

// OnStateChange stores the mail for a renting's new state, if it has one, in the renter's
// language. A request for an apartment also issues the renter's e-mail confirmation token; the
// cancellation of an unconfirmed request is mailed at most once per notice window.
func (m *Mails) OnStateChange(ctx context.Context, store MailStore, change domain.StateChange) error {
	kind, ok := change.Mail()
	if !ok {
		return nil
	}
	renter, err := loadRenter(ctx, store, change.RenterID)
	if err != nil {
		return err
	}
	if change.CancelsUnconfirmedRequest() {
		now := m.now()
		if claimed, err := store.ClaimNotice(ctx, renter.ID, kind, now, now.Add(-m.settings.NoticeWindow)); err != nil || !claimed {
			return err // not claimed: the renter heard about a cancelled request within the window
		}
	}
	content := domain.MailContent{Kind: kind, Cancellation: change.Cancellation}
	return m.writeLinked(ctx, store, change.EventID, renter, change.Stay, content, change.RentingID, change.RenewalToken)
}

// OnReminderDue stores the reminder of the step the renter has not taken, with the link to it: a
// reminder to confirm the e-mail address carries a new confirmation token (the first mail's keeps
// working), a renewal's the event's renewal token. A step this service does not know is logged by
// the caller and mailed about by nobody.
func (m *Mails) OnReminderDue(ctx context.Context, store MailStore, due domain.ReminderDue) error {
	kind, ok := domain.ReminderFor(due.Step)
	if !ok {
		return fmt.Errorf("reminder of step %q: %w", due.Step, ErrUnknownStep)
	}
	if kind == domain.MailRemindAnswerHandover {
		content := domain.MailContent{Kind: kind, Handover: &domain.Handover{AnswerDeadline: due.AnswerDeadline}}
		return m.writeAboutHandover(ctx, store, due.EventID, due.RenterID, due.Stay, content)
	}
	renter, err := loadRenter(ctx, store, due.RenterID)
	if err != nil {
		return err
	}
	return m.writeLinked(ctx, store, due.EventID, renter, due.Stay, domain.MailContent{Kind: kind}, due.RentingID, due.RenewalToken)
}

// OnHandoverRecorded stores the mail of what the office recorded at the renter's move-out: the
// meters, the damages and what each keeps of the deposit, what comes back, and until when the renter
// confirms or disputes it on their page.
func (m *Mails) OnHandoverRecorded(ctx context.Context, store MailStore, h domain.HandoverRecorded) error {
	content := domain.MailContent{Kind: domain.MailHandoverRecorded, Handover: &h.Handover}
	return m.writeAboutHandover(ctx, store, h.EventID, h.RenterID, h.Stay, content)
}

// OnHandoverAnswered stores the receipt of the renter's answer to the handover, quoting a dispute's
// reason.
func (m *Mails) OnHandoverAnswered(ctx context.Context, store MailStore, a domain.HandoverAnswered) error {
	content := domain.MailContent{Kind: domain.MailHandoverAnswered, HandoverAnswer: &a.Answer}
	return m.writeAboutHandover(ctx, store, a.EventID, a.RenterID, a.Stay, content)
}

// OnDepositSettled stores the deposit's settlement statement: the deposit, each deduction, the
// refund and how it comes, or that nothing comes back.
func (m *Mails) OnDepositSettled(ctx context.Context, store MailStore, s domain.DepositSettled) error {
	content := domain.MailContent{Kind: domain.MailDepositSettled, Settlement: &s.Settlement}
	return m.writeAboutHandover(ctx, store, s.EventID, s.RenterID, s.Stay, content)
}

// writeAboutHandover writes a mail about the handover of a renting that ended. It names the
// apartment and the semester but not the semester's total: its money is the deposit's.
func (m *Mails) writeAboutHandover(ctx context.Context, store MailStore, eventID string, renterID int64, stay domain.Stay, content domain.MailContent) error {
	renter, err := loadRenter(ctx, store, renterID)
	if err != nil {
		return err
	}
	if err := m.repeatBooking(ctx, &content, stay, false); err != nil {
		return err
	}
	return m.Write(ctx, store, eventID, renter, content)
}

// writeLinked writes the content's mail about the renting with the link to its page (if its kind
// has one): a mail that leads to the e-mail confirmation stores a new confirmation token for its
// link, a renewal's link carries renewalToken.
func (m *Mails) writeLinked(ctx context.Context, store MailStore, eventID string, renter domain.Renter, stay domain.Stay, content domain.MailContent, rentingID, renewalToken string) error {
	kind, token := content.Kind, renewalToken
	if kind == domain.MailConfirmEmail || kind == domain.MailRemindConfirmEmail || kind == domain.MailConfirmEmailAgain {
		var record domain.EmailToken
		token, record = domain.NewEmailToken(renter.ID, rentingID, m.now())
		if err := store.AddEmailToken(ctx, record); err != nil {
			return err
		}
	}
	content.Link = domain.Link(kind, m.settings.PublicURL, rentingID, renter.Data.Email, token)
	if err := m.repeatBooking(ctx, &content, stay, true); err != nil {
		return err
	}
	return m.Write(ctx, store, eventID, renter, content)
}

// OnContractReissued stores the mail with the reissued contract's total and the link to sign it.
func (m *Mails) OnContractReissued(ctx context.Context, store MailStore, r domain.ContractReissued) error {
	renter, err := loadRenter(ctx, store, r.RenterID)
	if err != nil {
		return err
	}
	return m.writeLinked(ctx, store, r.EventID, renter, r.Stay, domain.MailContent{Kind: domain.MailContractReissued}, r.RentingID, "")
}

// OnKeyCodeDue stores the mail with the renter's key code and the move-in day; it names the
// apartment and the semester, not the price, which is paid by then.
func (m *Mails) OnKeyCodeDue(ctx context.Context, store MailStore, due domain.KeyCodeDue) error {
	renter, err := loadRenter(ctx, store, due.RenterID)
	if err != nil {
		return err
	}
	content := domain.MailContent{Kind: domain.MailKeyCode, KeyCode: due.AccessKey, MoveIn: due.MoveIn}
	if err := m.repeatBooking(ctx, &content, due.Stay, false); err != nil {
		return err
	}
	return m.Write(ctx, store, due.EventID, renter, content)
}

// SendPageLink mails a new link to their own page to the renter with the e-mail address, at most
// one per address per PageLinkWindow. An unknown address, or one mailed within the window, sends
// nothing and is no error: the caller's answer must not tell whether the address is known.
func (m *Mails) SendPageLink(ctx context.Context, store MailStore, email string) error {
	renter, err := store.RenterByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := m.now()
	if claimed, err := store.ClaimNotice(ctx, renter.ID, domain.MailPageLink, now, now.Add(-m.settings.PageLinkWindow)); err != nil || !claimed {
		return err
	}
	eventID := fmt.Sprintf("page-link:%d:%d", renter.ID, now.UnixNano())
	return m.Write(ctx, store, eventID, renter, domain.MailContent{Kind: domain.MailPageLink})
}

// SendConfirmationAgain mails the renter a new confirmation link for the renting (a token of its own;
// earlier tokens keep working), unless they were sent one within
// PageLinkWindow: then nothing, and no error.
func (m *Mails) SendConfirmationAgain(ctx context.Context, store MailStore, renter domain.Renter, renting domain.Renting) error {
	now := m.now()
	if claimed, err := store.ClaimNotice(ctx, renter.ID, domain.MailConfirmEmailAgain, now, now.Add(-m.settings.PageLinkWindow)); err != nil || !claimed {
		return err
	}
	eventID := fmt.Sprintf("confirm-again:%s:%d", renting.ID, now.UnixNano())
	return m.writeLinked(ctx, store, eventID, renter, renting.Stay, domain.MailContent{Kind: domain.MailConfirmEmailAgain}, renting.ID, "")
}

// OnWaitlistMail stores a waitlist mail: the link that confirms a place in line, or the offer of an
// apartment with its deadline and the link into its booking (which repeats the apartment, semester
// and total). The person is no renter, so the mail carries no link to a renter's own page and is
// addressed as the event says.
func (m *Mails) OnWaitlistMail(ctx context.Context, store MailStore, w domain.WaitlistMail) error {
	content := domain.MailContent{Kind: w.Kind, Language: w.Language, FirstName: w.Name}
	switch w.Kind {
	case domain.MailWaitlistConfirm:
		content.Link = domain.Link(w.Kind, m.settings.PublicURL, "", w.Email, w.Token)
	case domain.MailWaitlistOffer:
		content.Link = domain.OfferLink(m.settings.PublicURL, w.Stay.ApartmentID, w.Token)
		content.Deadline = w.Deadline.In(m.settings.TimeZone)
		if err := m.repeatBooking(ctx, &content, w.Stay, true); err != nil {
			return err
		}
	default:
		return fmt.Errorf("waitlist mail %q: %w", w.Kind, ErrUnknownStep)
	}
	return m.store(ctx, store, w.EventID, 0, w.Email, content)
}

func loadRenter(ctx context.Context, store MailStore, id int64) (domain.Renter, error) {
	renter, err := store.Renter(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Renter{}, fmt.Errorf("renter %d: %w", id, ErrUnknownRenter)
	}
	return renter, err
}

// repeatBooking lets the content name the stay's apartment and semester and, when priced, its total:
// the contract's once a contract is written (the price is fixed then; the payment asks the same),
// the catalog's before.
func (m *Mails) repeatBooking(ctx context.Context, content *domain.MailContent, stay domain.Stay, priced bool) error {
	contracted := stay.ContractTotalCents > 0
	booking, err := m.catalog.Booking(ctx, stay, priced && !contracted)
	if err != nil {
		return fmt.Errorf("%s mail: %w", content.Kind, err)
	}
	if priced && contracted {
		booking.TotalCents, booking.Priced = stay.ContractTotalCents, true
	}
	content.Booking = booking
	return nil
}

// Write renders the content in the renter's language, addressed to the renter, signed by the
// residence and with a new link to the renter's own page, and stores it under the event that
// caused it, with the link's token. Every mail to a renter goes through it. An erased renter is
// mailed nothing: there is nobody to write to.
func (m *Mails) Write(ctx context.Context, store MailStore, eventID string, renter domain.Renter, content domain.MailContent) error {
	if renter.Erased() {
		return nil
	}
	content.Language, content.FirstName, content.LastName = renter.Data.Language, renter.Data.FirstName, renter.Data.LastName
	now := m.now()
	plain, token := domain.NewPageToken(renter.ID, now, m.settings.PageLinkValidity)
	if err := store.AddPageToken(ctx, token, now); err != nil {
		return err
	}
	content.PageLink = domain.PageLink(m.settings.PublicURL, plain)
	if content.Kind.LeadsToOwnPage() {
		content.Link = content.PageLink
	}
	return m.store(ctx, store, eventID, renter.ID, renter.Data.Email, content)
}

// store signs the content with the residence, renders it and stores it for delivery to the address
// (renterID 0: somebody who is no renter).
func (m *Mails) store(ctx context.Context, store MailStore, eventID string, renterID int64, to string, content domain.MailContent) error {
	var err error
	if content.Residence, err = m.catalog.Residence(ctx); err != nil {
		return fmt.Errorf("%s mail: %w", content.Kind, err)
	}
	subject, text, html, err := m.renderer.Render(content)
	if err != nil {
		return fmt.Errorf("render %s mail: %w", content.Kind, err)
	}
	return store.AddMail(ctx, domain.Mail{
		EventID: eventID, RenterID: renterID, To: to, Subject: subject, Text: text, HTML: html,
		SenderName: content.Residence.Name,
	})
}
