package testenv

import (
	"context"
	"fmt"
	"sync"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/services/renting/internal/domain"
)

// Renters is an in-memory stand-in for the renter service's port: renters by e-mail, a violation to
// answer on demand, and e-mail tokens that a test issues for a renting.
type Renters struct {
	mu        sync.Mutex
	byEmail   map[string]int64
	data      map[int64]domain.RenterData
	uses      map[int64]int    // registrations not undone
	tokens    map[string]token // by email + token
	Violation *exception.Error
	Deleted   []int64
}

type token struct {
	renterID  int64
	rentingID string
	expired   bool
}

// NewRenters returns an empty renter service.
func NewRenters() *Renters {
	return &Renters{byEmail: map[string]int64{}, data: map[int64]domain.RenterData{}, uses: map[int64]int{}, tokens: map[string]token{}}
}

// Validate answers the configured violation, if any.
func (f *Renters) Validate(context.Context, domain.RenterData, time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.Violation != nil {
		return f.Violation
	}
	return nil
}

// Register finds the renter by e-mail (unchanged) or creates one; with renterID it updates that
// renter but keeps the e-mail.
func (f *Renters) Register(_ context.Context, data domain.RenterData, _ time.Time, renterID int64) (int64, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if renterID != 0 {
		data.Email = f.data[renterID].Email
		f.data[renterID] = data
		return renterID, false, nil
	}
	if id, ok := f.byEmail[data.Email]; ok {
		f.uses[id]++
		return id, false, nil
	}
	id := int64(len(f.byEmail) + 1)
	f.byEmail[data.Email], f.data[id], f.uses[id] = id, data, 1
	return id, true, nil
}

// DeleteUnused records the undone registration and forgets the renter when no registration is left.
func (f *Renters) DeleteUnused(_ context.Context, renterID int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Deleted = append(f.Deleted, renterID)
	if f.uses[renterID]--; f.uses[renterID] > 0 {
		return nil
	}
	delete(f.byEmail, f.data[renterID].Email)
	delete(f.data, renterID)
	return nil
}

// Get returns a renter's data.
func (f *Renters) Get(_ context.Context, renterID int64) (domain.RenterData, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	d, ok := f.data[renterID]
	if !ok {
		return domain.RenterData{}, fmt.Errorf("renter %d: %w", renterID, domain.ErrNotFound)
	}
	return d, nil
}

// IssueToken gives the renting's renter a confirmation token, as the renter service does when it
// mails the link.
func (f *Renters) IssueToken(email, tok string, renterID int64, rentingID string, expired bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokens[email+"\x00"+tok] = token{renterID: renterID, rentingID: rentingID, expired: expired}
}

// ConsumeEmailToken answers the issued token (again and again, like the renter service's
// already_used answer).
func (f *Renters) ConsumeEmailToken(_ context.Context, email, tok string) (int64, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.tokens[email+"\x00"+tok]
	switch {
	case !ok:
		return 0, "", domain.ErrInvalidToken
	case t.expired:
		return 0, "", domain.ErrExpiredToken
	}
	return t.renterID, t.rentingID, nil
}

// Documents is an in-memory stand-in for the document service's port: how many uploads each renting
// has stored, which of them as the renter's, and a violation to answer on demand.
type Documents struct {
	mu         sync.Mutex
	Stored     map[string]int
	fromRenter map[string]bool
	Violation  *exception.Error
	last       []domain.Upload
}

// StoreUploads stores all uploads of a booking request or, with a configured violation, none.
func (f *Documents) StoreUploads(_ context.Context, _ int64, rentingID string, uploads []domain.Upload) error {
	return f.store(rentingID, uploads, false)
}

// StoreRenterUploads is StoreUploads for uploads the renter sent.
func (f *Documents) StoreRenterUploads(_ context.Context, _ int64, rentingID string, uploads []domain.Upload) error {
	return f.store(rentingID, uploads, true)
}

func (f *Documents) store(rentingID string, uploads []domain.Upload, fromRenter bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.Violation != nil {
		return f.Violation
	}
	f.Stored[rentingID] += len(uploads)
	if f.fromRenter == nil {
		f.fromRenter = map[string]bool{}
	}
	f.fromRenter[rentingID] = fromRenter
	f.last = uploads
	return nil
}

// StoredFromRenter reports whether a renting's uploads were stored as the renter's documents at once.
func (f *Documents) StoredFromRenter(rentingID string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fromRenter[rentingID]
}

// LastUploads returns the uploads of the last StoreUploads that stored something.
func (f *Documents) LastUploads() []domain.Upload {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// DeleteRentingDocuments forgets a renting's uploads.
func (f *Documents) DeleteRentingDocuments(_ context.Context, rentingID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.Stored, rentingID)
	return nil
}

// StoredFor returns how many uploads a renting has.
func (f *Documents) StoredFor(rentingID string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Stored[rentingID]
}
