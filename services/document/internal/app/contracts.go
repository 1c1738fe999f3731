package app

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"semesterhaus/services/document/internal/domain"
)

// ContractSources gathers what a renting's contract states from the services that own its parts:
// the renter and the catalog (the renting's own facts come with the request).
type ContractSources interface {
	Contract(ctx context.Context, renting domain.Renting) (domain.Contract, error)
}

// ContractRenderer writes contracts as PDF.
type ContractRenderer interface {
	Contract(c domain.Contract, created time.Time) ([]byte, error)
	SignedContract(c domain.Contract, created time.Time, s domain.Signature, originalSHA256 []byte) ([]byte, error)
}

// SigningProvider is the partner that collects the signature. Open opens a session there and
// returns the link where the renter signs and the provider's id of the session (empty if it keeps
// none). SignedCopy downloads the signed contract the provider keeps (DocuSign's completed document
// with its certificate); nil means the provider keeps none (the sandbox) and the contract is
// rendered again with a signature page. Void withdraws an open session, so that it can no longer be
// signed there.
type SigningProvider interface {
	Open(ctx context.Context, s domain.SigningSession, contract []byte) (link, envelopeID string, err error)
	SignedCopy(ctx context.Context, s domain.SigningSession) ([]byte, error)
	Void(ctx context.Context, s domain.SigningSession) error
}

// ContractStore reads and writes contracts and signing sessions in one transaction; the events it
// enqueues go out only if that transaction commits.
type ContractStore interface {
	// NewestSession is the renting's newest signing session, domain.ErrNotFound without one.
	NewestSession(ctx context.Context, rentingID string) (domain.SigningSession, error)
	// LockSession loads a session for a change, domain.ErrNotFound without one.
	LockSession(ctx context.Context, id string) (domain.SigningSession, error)
	StoreDocument(ctx context.Context, renterID int64, rentingID string, file domain.File) (string, error)
	DocumentContent(ctx context.Context, id string) ([]byte, error)
	// OpenSession stores the session and enqueues document.contract_requested.
	OpenSession(ctx context.Context, s domain.SigningSession) error
	// FirstReport records a webhook event id and reports whether it is new.
	FirstReport(ctx context.Context, s domain.Signature) (bool, error)
	// MarkSigned marks the session signed and enqueues document.contract_signed.
	MarkSigned(ctx context.Context, s domain.SigningSession, signedDocumentID string, sig domain.Signature) error
	// MarkVoided marks an open session voided.
	MarkVoided(ctx context.Context, s domain.SigningSession, at time.Time) error
	// RecordReissue audits the office's replacement of old's contract by reissued's.
	RecordReissue(ctx context.Context, old, reissued domain.SigningSession, actor string) error
}

// ContractRepository runs fn with a store in a transaction of its own and reads outside one.
type ContractRepository interface {
	InContractTx(ctx context.Context, fn func(ContractStore) error) error
	Session(ctx context.Context, id string) (domain.SigningSession, error)
	NewestSession(ctx context.Context, rentingID string) (domain.SigningSession, error)
	DocumentContent(ctx context.Context, id string) ([]byte, error)
}

// Contracts writes rental contracts and records their signatures.
type Contracts struct {
	repo     ContractRepository
	sources  ContractSources
	renderer ContractRenderer
	provider SigningProvider
	now      func() time.Time
}

// NewContracts returns the contract use cases.
func NewContracts(repo ContractRepository, sources ContractSources, renderer ContractRenderer, provider SigningProvider, now func() time.Time) *Contracts {
	return &Contracts{repo: repo, sources: sources, renderer: renderer, provider: provider, now: now}
}

// RequestContract writes the renting's contract, stores it, opens a signing session and enqueues
// document.contract_requested, all in store's transaction (an event consumer's). A renting that has
// a session already gets nothing new, so a redelivered event is harmless.
func (c *Contracts) RequestContract(ctx context.Context, store ContractStore, renting domain.Renting) error {
	if err := checkRentingID(renting.ID); err != nil {
		return err
	}
	_, err := store.NewestSession(ctx, renting.ID)
	if err == nil {
		return nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	_, err = c.writeContract(ctx, store, renting, "")
	return err
}

// ReissueContract replaces the renting's open contract by one priced as the catalog prices it now,
// in one transaction: the old session is voided (at the provider too), the new contract stored, a
// new session opened and document.contract_requested enqueued naming the contract it replaces.
// domain.ErrNoOpenContract when the renting has none (not written yet, or signed). Only the office
// asks (the gRPC rule admits renting with an administrator's identity); actor is that administrator,
// whom the audit log names.
func (c *Contracts) ReissueContract(ctx context.Context, renting domain.Renting, actor string) (domain.SigningSession, error) {
	rentingID := renting.ID
	if err := checkRentingID(rentingID); err != nil {
		return domain.SigningSession{}, err
	}
	var reissued domain.SigningSession
	err := c.repo.InContractTx(ctx, func(store ContractStore) error {
		newest, err := store.NewestSession(ctx, rentingID)
		if errors.Is(err, domain.ErrNotFound) {
			return fmt.Errorf("renting %s: %w", rentingID, domain.ErrNoOpenContract)
		}
		if err != nil {
			return err
		}
		old, err := store.LockSession(ctx, newest.ID)
		if err != nil {
			return err
		}
		if err := old.CheckReissuable(); err != nil {
			return err
		}
		if err := c.provider.Void(ctx, old); err != nil {
			return fmt.Errorf("void session %s: %w", old.ID, err)
		}
		if err := store.MarkVoided(ctx, old, c.now()); err != nil {
			return err
		}
		if reissued, err = c.writeContract(ctx, store, renting, old.ContractDocumentID); err != nil {
			return err
		}
		return store.RecordReissue(ctx, old, reissued, actor)
	})
	return reissued, err
}

// writeContract gathers and renders the renting's contract, stores it, opens its signing session
// and enqueues document.contract_requested; replaces is the contract it replaces, if any.
func (c *Contracts) writeContract(ctx context.Context, store ContractStore, renting domain.Renting, replaces string) (domain.SigningSession, error) {
	rentingID := renting.ID
	contract, err := c.sources.Contract(ctx, renting)
	if err != nil {
		return domain.SigningSession{}, fmt.Errorf("gather the contract of renting %s: %w", rentingID, err)
	}
	session := domain.SigningSession{
		ID: uuid.NewString(), RentingID: rentingID, RenterID: contract.RenterID, Contract: contract,
		Status: domain.SessionOpen, CreatedAt: c.now(), ReplacesDocumentID: replaces,
	}
	content, err := c.renderer.Contract(contract, session.CreatedAt)
	if err != nil {
		return domain.SigningSession{}, err
	}
	if session.ContractDocumentID, err = store.StoreDocument(ctx, contract.RenterID, rentingID, pdfFile(domain.TypeContract, content)); err != nil {
		return domain.SigningSession{}, err
	}
	if session.SigningLink, session.EnvelopeID, err = c.provider.Open(ctx, session, content); err != nil {
		return domain.SigningSession{}, fmt.Errorf("open the signing session of renting %s: %w", rentingID, err)
	}
	return session, store.OpenSession(ctx, session)
}

// RecordSignature stores what the signing provider reported: the signed contract (the provider's
// signed copy, or the contract rendered again with a signature page naming the SHA-256 of the
// original), the session marked signed and document.contract_signed, in one transaction. A report
// that came before, or one for a session that is signed or voided already, changes nothing. An unknown
// session is domain.ErrNotFound; a report of another envelope domain.ErrInvalidSignature; a signer
// other than the renter the contract was sent to is domain.ErrWrongSigner and changes nothing.
func (c *Contracts) RecordSignature(ctx context.Context, sig domain.Signature) error {
	signedCopy, done, err := c.providerCopy(ctx, sig)
	if err != nil || done {
		return err
	}
	return c.repo.InContractTx(ctx, func(store ContractStore) error {
		session, err := store.LockSession(ctx, sig.SessionID)
		if err != nil {
			return err
		}
		if err := checkReport(session, sig); err != nil {
			return err
		}
		first, err := store.FirstReport(ctx, sig)
		if err != nil || !first || session.Status != domain.SessionOpen {
			return err
		}
		signed, err := c.signedContract(ctx, store, session, sig, signedCopy)
		if err != nil {
			return err
		}
		docID, err := store.StoreDocument(ctx, session.RenterID, session.RentingID, pdfFile(domain.TypeSignedContract, signed))
		if err != nil {
			return err
		}
		return store.MarkSigned(ctx, session, docID, sig)
	})
}

// providerCopy checks the report against the session and downloads the provider's signed copy
// before the transaction: a download takes a network round trip or several, which must not hold the
// session's row lock and a database connection. done means the session is signed or voided
// already: a repeated report, or one of a replaced contract, costs no download and changes nothing.
func (c *Contracts) providerCopy(ctx context.Context, sig domain.Signature) (signedCopy []byte, done bool, err error) {
	session, err := c.Session(ctx, sig.SessionID)
	if err != nil {
		return nil, false, err
	}
	if err := checkReport(session, sig); err != nil || session.Status != domain.SessionOpen {
		return nil, err == nil, err
	}
	signedCopy, err = c.provider.SignedCopy(ctx, session)
	if err != nil {
		return nil, false, fmt.Errorf("download the signed copy of session %s: %w", session.ID, err)
	}
	return signedCopy, false, nil
}

func checkReport(session domain.SigningSession, sig domain.Signature) error {
	if err := session.CheckEnvelope(sig); err != nil {
		return fmt.Errorf("session %s: %w", session.ID, err)
	}
	if err := session.CheckSigner(sig); err != nil {
		return fmt.Errorf("session %s: %w", session.ID, err)
	}
	return nil
}

// signedContract is the provider's signed copy where it keeps one, else the contract rendered again
// with a signature page naming the SHA-256 of the stored original.
func (c *Contracts) signedContract(ctx context.Context, store ContractStore, session domain.SigningSession, sig domain.Signature, signedCopy []byte) ([]byte, error) {
	if signedCopy != nil {
		return signedCopy, nil
	}
	original, err := store.DocumentContent(ctx, session.ContractDocumentID)
	if err != nil {
		return nil, err
	}
	hash := sha256.Sum256(original)
	return c.renderer.SignedContract(session.Contract, session.CreatedAt, sig, hash[:])
}

// SigningLink is the link of the renting's newest signing session, "" without one. The renting id
// is the capability: whoever knows it may sign.
func (c *Contracts) SigningLink(ctx context.Context, rentingID string) (string, error) {
	if uuid.Validate(rentingID) != nil {
		return "", nil
	}
	session, err := c.repo.NewestSession(ctx, rentingID)
	if errors.Is(err, domain.ErrNotFound) {
		return "", nil
	}
	return session.SigningLink, err
}

// Session is a signing session by id, for the signing page; its id is the capability.
func (c *Contracts) Session(ctx context.Context, id string) (domain.SigningSession, error) {
	if uuid.Validate(id) != nil {
		return domain.SigningSession{}, domain.ErrNotFound
	}
	return c.repo.Session(ctx, id)
}

// SessionContract is the contract PDF a signing session shows while it is open. Once signed or
// voided, the link is no longer a way to the renter's personal data: domain.ErrSigningClosed.
func (c *Contracts) SessionContract(ctx context.Context, sessionID string) ([]byte, error) {
	session, err := c.Session(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	if session.Status != domain.SessionOpen {
		return nil, fmt.Errorf("contract of session %s: %w", sessionID, domain.ErrSigningClosed)
	}
	return c.repo.DocumentContent(ctx, session.ContractDocumentID)
}

func pdfFile(t domain.Type, content []byte) domain.File {
	return domain.File{Type: t, Format: domain.FormatPDF, Content: content, SHA256: sha256.Sum256(content)}
}
