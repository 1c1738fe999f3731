// Package app holds the renter service's use cases; the GraphQL, gRPC and NATS adapters call them.
package app

import (
	"context"
	"errors"
	"time"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renter/internal/domain"
)

// Repository stores renters and their e-mail tokens.
type Repository interface {
	// Register creates a renter or, when the e-mail is known (case-insensitively), counts one more
	// registration of that renter and leaves its data as it is; created tells which.
	Register(ctx context.Context, data domain.PersonalData) (id int64, created bool, err error)
	// UpdatePersonalData changes a known renter's personal data except the e-mail, audited with
	// actor, in one transaction.
	UpdatePersonalData(ctx context.Context, id int64, data domain.PersonalData, actor string) error
	// DeleteUnused undoes one registration and deletes the renter if nothing uses it any more.
	DeleteUnused(ctx context.Context, id int64) error
	Renter(ctx context.Context, id int64) (domain.Renter, error)
	// Renters returns the renters of the ids that exist, in no particular order.
	Renters(ctx context.Context, ids []int64) ([]domain.Renter, error)
	Summaries(ctx context.Context) ([]domain.Summary, error)
	// EditRenter locks the renter, lets change modify it and stores it with an audit entry, in one
	// transaction; nothing is stored when change fails.
	EditRenter(ctx context.Context, id int64, actor string, change func(*domain.Renter) error) error
	// UseEmailToken reads the token with the e-mail of its renter and lets use decide; when use
	// marked the token used, the token and the renter's e-mail are stored as confirmed, unless
	// the token was used meanwhile.
	UseEmailToken(ctx context.Context, hash []byte, use func(token *domain.EmailToken, renterEmail string) error) error
}

// ActorRenter is the audit log's actor for changes the renter makes through their own links.
const ActorRenter = "renter"

// Renters are the use cases around renters' personal data.
type Renters struct {
	repo Repository
	now  func() time.Time
}

// NewRenters returns the renter use cases; now is the clock (injectable for tests).
func NewRenters(repo Repository, now func() time.Time) *Renters {
	return &Renters{repo: repo, now: now}
}

// Validate checks a form without storing anything: the first violation as a *exception.Error.
func (r *Renters) Validate(form domain.Form, referenceDay time.Time) error {
	_, err := domain.ParseForm(form, referenceDay)
	return err
}

// Register stores a form's renter. With renterID set (a confirmed booking request or a renewal: the
// renter opened a link only they received) that renter's data is updated, audited, and the e-mail
// kept. Otherwise (a new booking request, which anybody can send for any address) the renter is
// found by e-mail and left unchanged, or created. Invalid data comes back as a
// *exception.Error and stores nothing.
func (r *Renters) Register(ctx context.Context, form domain.Form, referenceDay time.Time, renterID int64) (id int64, created bool, err error) {
	if renterID != 0 {
		renter, err := r.repo.Renter(ctx, renterID)
		if err != nil {
			return 0, false, err
		}
		form.Email = renter.Data.Email // not editable on renewal, and the form has none
	}
	data, err := domain.ParseForm(form, referenceDay)
	if err != nil {
		return 0, false, err
	}
	if renterID != 0 {
		return renterID, false, r.repo.UpdatePersonalData(ctx, renterID, data, ActorRenter)
	}
	return r.repo.Register(ctx, data)
}

// DeleteUnused undoes a registration of a booking that failed later. A renter whom another booking,
// a confirmation or an issued e-mail token uses is kept; an unknown id is no error (the undo may run
// twice).
func (r *Renters) DeleteUnused(ctx context.Context, id int64) error {
	return r.repo.DeleteUnused(ctx, id)
}

// Renter returns one renter or domain.ErrNotFound, for the other services.
func (r *Renters) Renter(ctx context.Context, id int64) (domain.Renter, error) {
	return r.repo.Renter(ctx, id)
}

// RenterForAdmin returns one renter or domain.ErrNotFound; admins only.
func (r *Renters) RenterForAdmin(ctx context.Context, id int64) (domain.Renter, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return domain.Renter{}, err
	}
	return r.repo.Renter(ctx, id)
}

// RentersForAdmin returns one entry per id, in order: the renter, or nil for an unknown id (the
// gateway resolves references in batches and needs an answer per reference). Admins only.
func (r *Renters) RentersForAdmin(ctx context.Context, ids []int64) ([]*domain.Renter, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	found, err := r.repo.Renters(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*domain.Renter, len(found))
	for i := range found {
		byID[found[i].ID] = &found[i]
	}
	result := make([]*domain.Renter, len(ids))
	for i, id := range ids {
		result[i] = byID[id]
	}
	return result, nil
}

// RentersByLetter returns every renter under the first letter of the last name; admins only.
func (r *Renters) RentersByLetter(ctx context.Context) ([]domain.LetterGroup, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	summaries, err := r.repo.Summaries(ctx)
	if err != nil {
		return nil, err
	}
	return domain.GroupByLetter(summaries), nil
}

// Edit changes what an admin may change about a renter, audited. Invalid input or an unknown renter
// comes back as a *exception.Error and changes nothing.
func (r *Renters) Edit(ctx context.Context, edit domain.RenterEdit) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := r.repo.EditRenter(ctx, edit.ID, identity.FromContext(ctx).Subject, func(renter *domain.Renter) error {
		return renter.ApplyEdit(edit)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.NoRenter(edit.ID)
	}
	return err
}

// ConsumeEmailToken confirms a renter's e-mail with the token of a confirmation link: the renter
// and renting it was issued for. domain.ErrNotFound when the token does not belong to the e-mail,
// domain.ErrTokenExpired when it expired unused; a token used before answers AlreadyUsed.
func (r *Renters) ConsumeEmailToken(ctx context.Context, email, token string) (domain.Confirmation, error) {
	var confirmation domain.Confirmation
	err := r.repo.UseEmailToken(ctx, domain.HashToken(token), func(t *domain.EmailToken, renterEmail string) error {
		if !domain.SameEmail(email, renterEmail) {
			return domain.ErrNotFound
		}
		var err error
		confirmation, err = t.Use(r.now())
		return err
	})
	return confirmation, err
}
