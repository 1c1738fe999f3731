package app

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renter/internal/domain"
)

// PageTokens reads the stored links to renters' own pages.
type PageTokens interface {
	// PageToken returns the token with the hash or domain.ErrNotFound.
	PageToken(ctx context.Context, hash []byte) (domain.PageToken, error)
	// MailsOf returns the mails to the renter, oldest first.
	MailsOf(ctx context.Context, renterID int64) ([]domain.SentMail, error)
}

// Rentings tells the renter's own page about a renting (the renting service).
type Rentings interface {
	// Renting loads the renting, or domain.ErrNotFound.
	Renting(ctx context.Context, id string) (domain.Renting, error)
}

// MailTransactions runs fn with a mail store bound to one transaction, committed when fn returns
// nil.
type MailTransactions interface {
	InMailTransaction(ctx context.Context, fn func(MailStore) error) error
}

// Pages are the use cases of a renter's own page ("Meine Buchung"): opening it with the link from
// a mail, and asking for a new link by e-mail address.
type Pages struct {
	tokens   PageTokens
	renters  *Renters
	tx       MailTransactions
	mails    *Mails
	rentings Rentings
	logger   *slog.Logger
	sending  sync.WaitGroup // the page links being written after their request was answered
}

// NewPages returns the page use cases; rentings is asked which requests the page may act on.
func NewPages(tokens PageTokens, renters *Renters, tx MailTransactions, mails *Mails, rentings Rentings) *Pages {
	return &Pages{tokens: tokens, renters: renters, tx: tx, mails: mails, rentings: rentings, logger: slog.Default()}
}

// WithLogger has the page links that could not be written logged to logger (else slog's default).
func (p *Pages) WithLogger(logger *slog.Logger) *Pages {
	p.logger = logger
	return p
}

// pageLinkTimeout bounds writing one requested page link after its request was answered.
const pageLinkTimeout = 30 * time.Second

// Wait returns once the page links requested so far are written (or failed): for tests, and for
// a shutdown that lets them finish.
func (p *Pages) Wait() { p.sending.Wait() }

// Open returns the renter whose page the token opens, with the token (its expiry); an unknown or
// expired token is domain.ErrNotFound, the two not told apart.
func (p *Pages) Open(ctx context.Context, token string) (domain.Renter, domain.PageToken, error) {
	t, err := p.tokens.PageToken(ctx, domain.HashToken(token))
	if err != nil {
		return domain.Renter{}, domain.PageToken{}, err
	}
	if !t.Opens(p.renters.now()) {
		return domain.Renter{}, domain.PageToken{}, domain.ErrNotFound
	}
	renter, err := p.renters.Renter(ctx, t.RenterID)
	return renter, t, err
}

// RequestLink mails a new page link to the address if a renter has it (at most one per address per
// window, ClaimNotice in the mail's transaction). A malformed address is a *exception.Error;
// otherwise the answer is the same whether the address is known or not, and so is its time: the
// link is looked up and written after the answer (Wait), so that the work of writing a mail does
// not tell a renter's address from any other. A link that could not be written is logged; the
// renter may ask again.
func (p *Pages) RequestLink(ctx context.Context, email string) error {
	if err := domain.CheckEmail("email", email); err != nil {
		return err
	}
	p.sending.Go(func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pageLinkTimeout)
		defer cancel()
		err := p.tx.InMailTransaction(ctx, func(store MailStore) error {
			return p.mails.SendPageLink(ctx, store, email)
		})
		if err != nil {
			p.logger.ErrorContext(ctx, "page link not written; the renter may ask again", "err", err) // no address: personal data
		}
	})
	return nil
}

// Mails returns the mails to the renter whose page the token opens, oldest first, for the download
// of all their data (GDPR art. 15 and 20), without the tokens of their links; an unknown or expired
// token is domain.ErrNotFound.
func (p *Pages) Mails(ctx context.Context, token string) ([]domain.SentMail, error) {
	_, page, err := p.Open(ctx, token)
	if err != nil {
		return nil, err
	}
	mails, err := p.tokens.MailsOf(ctx, page.RenterID)
	for i := range mails {
		mails[i] = mails[i].WithoutTokens()
	}
	return mails, err
}

// ConfirmAgain mails the renter whose page the token opens a new confirmation link for their request
// rentingID while its address is not confirmed, at most one per renter per PageLinkWindow; within
// the window nothing is mailed and the answer is the same. An unknown or expired token and a
// renting that is not the token renter's are the same exception (NO_RENTING, path rentingId), a
// renting past the confirmation TRANSITION_NOT_ALLOWED; nothing is mailed then.
func (p *Pages) ConfirmAgain(ctx context.Context, token, rentingID string) error {
	noRenting := exception.New("rentingId", domain.MsgNoRenting)
	renter, _, err := p.Open(ctx, token)
	if errors.Is(err, domain.ErrNotFound) {
		return noRenting
	}
	if err != nil {
		return err
	}
	if uuid.Validate(rentingID) != nil {
		return noRenting
	}
	renting, err := p.rentings.Renting(ctx, rentingID)
	if errors.Is(err, domain.ErrNotFound) || err == nil && renting.RenterID != renter.ID {
		return noRenting
	}
	if err != nil {
		return err
	}
	if !renting.AwaitsConfirmation() {
		return exception.New("rentingId", domain.MsgNotAwaitingConfirmation)
	}
	return p.tx.InMailTransaction(ctx, func(store MailStore) error {
		return p.mails.SendConfirmationAgain(ctx, store, renter, renting)
	})
}
