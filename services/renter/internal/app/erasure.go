package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renter/internal/domain"
)

// ErasureStore is the part of the repository the erasure use cases write to, bound to one
// transaction: a request with its audit entry and its mail, or an erasure with its audit entry,
// commit together.
type ErasureStore interface {
	MailStore
	// LockRenter loads the renter for update or returns domain.ErrNotFound.
	LockRenter(ctx context.Context, id int64) (domain.Renter, error)
	// RecordErasureRequest stores the renter's erasure request, audited as the renter's own.
	RecordErasureRequest(ctx context.Context, renter domain.Renter) error
	// StoreErased stores the erased renter, deletes their tokens, mail notices and mails and
	// redacts the audit entries that held their data, audited with actor and what went, never
	// the content.
	StoreErased(ctx context.Context, renter domain.Renter, actor string) error
}

// ErasureTransactions runs fn with an erasure store bound to one transaction, committed when fn
// returns nil.
type ErasureTransactions interface {
	InErasureTransaction(ctx context.Context, fn func(ErasureStore) error) error
}

// ErasureRequests lists the renters who asked for erasure.
type ErasureRequests interface {
	// ErasureRequests returns the renters who asked for erasure, the oldest request first.
	ErasureRequests(ctx context.Context) ([]domain.Renter, error)
}

// Erasures are the use cases of the right to erasure (GDPR art. 17): the renter asks from their
// own page, an admin sees the requests and executes them.
type Erasures struct {
	tx       ErasureTransactions
	requests ErasureRequests
	pages    *Pages
	mails    *Mails
	now      func() time.Time
}

// NewErasures returns the erasure use cases; pages opens the renter's page from its token, mails
// writes the confirmation of a request.
func NewErasures(tx ErasureTransactions, requests ErasureRequests, pages *Pages, mails *Mails, now func() time.Time) *Erasures {
	return &Erasures{tx: tx, requests: requests, pages: pages, mails: mails, now: now}
}

// erasureRequestedEvent keys the mail confirming a renter's request: one per renter.
func erasureRequestedEvent(renterID int64) string { return fmt.Sprintf("erasure-request:%d", renterID) }

// erasureLinkEvent keys a mail with a fresh link to ask for erasure.
func erasureLinkEvent(renterID int64, at time.Time) string {
	return fmt.Sprintf("erasure-link:%d:%d", renterID, at.UnixNano())
}

// Request records the erasure request of the renter whose page the token opens, audited, and
// mails them that it was received. Asking again is the same request: nothing changes and nothing
// is mailed. An unknown or expired token is domain.PageLinkInvalid. The token must come from a mail
// written within domain.ErasureLinkFreshness: with an older one nothing is recorded, the renter is
// mailed a fresh link to their page (at most one such mail per that time) and the answer is
// domain.ErasureLinkMailed, so only who reads the renter's mail now can ask.
func (e *Erasures) Request(ctx context.Context, token string) error {
	_, page, err := e.pages.Open(ctx, token)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.PageLinkInvalid()
	}
	if err != nil {
		return err
	}
	if now := e.now(); !page.AsksErasure(now) {
		asked, err := e.mailFreshLink(ctx, page.RenterID, now)
		if err != nil || asked {
			return err // asked before: the same request, nothing changes
		}
		return domain.ErasureLinkMailed()
	}
	return e.tx.InErasureTransaction(ctx, func(store ErasureStore) error {
		renter, err := store.LockRenter(ctx, page.RenterID)
		if err != nil {
			return err
		}
		if !renter.RequestErasure(e.now()) {
			return nil
		}
		if err := store.RecordErasureRequest(ctx, renter); err != nil {
			return err
		}
		return e.mails.Write(ctx, store, erasureRequestedEvent(renter.ID), renter, domain.MailContent{Kind: domain.MailErasureRequested})
	})
}

// mailFreshLink mails the renter a fresh link to their page to ask for erasure with, unless one
// went out within domain.ErasureLinkFreshness (that one is fresh still); asked says that the renter
// asked for erasure before, and then nothing is mailed.
func (e *Erasures) mailFreshLink(ctx context.Context, renterID int64, now time.Time) (asked bool, err error) {
	err = e.tx.InErasureTransaction(ctx, func(store ErasureStore) error {
		renter, err := store.LockRenter(ctx, renterID)
		if err != nil {
			return err
		}
		if asked = !renter.ErasureRequestedAt.IsZero(); asked {
			return nil
		}
		claimed, err := store.ClaimNotice(ctx, renter.ID, domain.MailErasureLink, now, now.Add(-domain.ErasureLinkFreshness))
		if err != nil || !claimed {
			return err
		}
		return e.mails.Write(ctx, store, erasureLinkEvent(renter.ID, now), renter, domain.MailContent{Kind: domain.MailErasureLink})
	})
	return asked, err
}

// Requests returns the renters who asked for erasure, executed or not, the oldest first; admins
// only.
func (e *Erasures) Requests(ctx context.Context) ([]domain.Renter, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return e.requests.ErasureRequests(ctx)
}

// Execute erases the personal data of a renter who asked for it (domain.Renter.Erase), with their
// tokens and mails, audited with the admin as actor; admins only. Executing it again changes
// nothing; a renter who did not ask, or an unknown one, is an exception.
func (e *Erasures) Execute(ctx context.Context, renterID int64) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	actor := identity.FromContext(ctx).Subject
	err := e.tx.InErasureTransaction(ctx, func(store ErasureStore) error {
		renter, err := store.LockRenter(ctx, renterID)
		if err != nil {
			return err
		}
		changed, err := renter.Erase(e.now())
		if err != nil || !changed {
			return err
		}
		return store.StoreErased(ctx, renter, actor)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.NoRenter(renterID)
	}
	return err
}
