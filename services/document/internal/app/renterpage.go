package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"semesterhaus/services/document/internal/domain"
)

// PageSources are the peers the renter's own page's downloads need: the renter service, which opens
// a page token, and the services a receipt is gathered from.
type PageSources interface {
	// PageRenter names the renter whose page the token opens; domain.ErrNotFound for an unknown or
	// expired token.
	PageRenter(ctx context.Context, token string) (int64, error)
	// Receipt gathers the receipt of a paid renting; domain.ErrNotFound for an unknown renting or
	// one not paid.
	Receipt(ctx context.Context, rentingID string) (domain.Receipt, error)
}

// ReceiptRenderer writes receipts as PDF.
type ReceiptRenderer interface {
	Receipt(r domain.Receipt, created time.Time) ([]byte, error)
}

// RenterDocumentReader lists a renter's documents and loads one of them, recording who read it.
type RenterDocumentReader interface {
	// RenterDocuments lists the renter's documents without their content, newest first.
	RenterDocuments(ctx context.Context, renterID int64) ([]domain.Document, error)
	// ReadRenterDocument answers one of the renter's documents; domain.ErrNotFound for another
	// renter's or an unknown one.
	ReadRenterDocument(ctx context.Context, renterID int64, id, actor string) (domain.Document, error)
	// ReadRentingContract answers the signed contract once signed, else the contract while signing
	// is open; domain.ErrNotFound for another renter's renting or one without a contract.
	ReadRentingContract(ctx context.Context, renterID int64, rentingID, actor string) (domain.Document, error)
	// ReadHandoverPhoto answers a handover photo of the renter's renting; domain.ErrNotFound for
	// another renter's or another renting's and for any other document.
	ReadHandoverPhoto(ctx context.Context, renterID int64, rentingID, id, actor string) (domain.Document, error)
	// NewestSession is the renting's newest signing session, whose contract the receipt itemises;
	// domain.ErrNotFound without one.
	NewestSession(ctx context.Context, rentingID string) (domain.SigningSession, error)
}

// RenterPageFiles hands a renter, on their own page, the contract and the receipt of their rentings
// and the documents stored of them. The page token is the capability: every download opens it with
// the renter service and serves only that renter's files; anything else is domain.ErrNotFound,
// whatever the reason.
type RenterPageFiles struct {
	sources   PageSources
	documents RenterDocumentReader
	renderer  ReceiptRenderer
	now       func() time.Time
}

// NewRenterPageFiles returns the renter page's downloads.
func NewRenterPageFiles(sources PageSources, documents RenterDocumentReader, renderer ReceiptRenderer, now func() time.Time) *RenterPageFiles {
	return &RenterPageFiles{sources: sources, documents: documents, renderer: renderer, now: now}
}

// Documents lists the documents stored of the token's renter (identity card copies while kept,
// enrollment certificates, contracts), without their content.
func (f *RenterPageFiles) Documents(ctx context.Context, token string) ([]domain.Document, error) {
	renterID, err := f.sources.PageRenter(ctx, token)
	if err != nil {
		return nil, err
	}
	return f.documents.RenterDocuments(ctx, renterID)
}

// Document is one of the token's renter's documents, as stored (identity cards as the marked copies).
func (f *RenterPageFiles) Document(ctx context.Context, token, documentID string) (domain.Document, error) {
	renterID, err := f.sources.PageRenter(ctx, token)
	if err != nil {
		return domain.Document{}, err
	}
	return f.documents.ReadRenterDocument(ctx, renterID, documentID, pageActor)
}

// Contract is the renting's contract for the token's renter, signed or waiting for the signature.
func (f *RenterPageFiles) Contract(ctx context.Context, token, rentingID string) (domain.Document, error) {
	renterID, err := f.sources.PageRenter(ctx, token)
	if err != nil {
		return domain.Document{}, err
	}
	return f.documents.ReadRentingContract(ctx, renterID, rentingID, pageActor)
}

// HandoverPhoto is a photo of a damage recorded at the handover of the token's renter's renting.
func (f *RenterPageFiles) HandoverPhoto(ctx context.Context, token, rentingID, documentID string) (domain.Document, error) {
	renterID, err := f.sources.PageRenter(ctx, token)
	if err != nil {
		return domain.Document{}, err
	}
	return f.documents.ReadHandoverPhoto(ctx, renterID, rentingID, documentID, pageActor)
}

// Receipt is the receipt of the token's renter's paid renting, written from what the payment, the
// renter and the catalog say now, itemised as the contract the document service wrote.
func (f *RenterPageFiles) Receipt(ctx context.Context, token, rentingID string) (domain.Document, error) {
	renterID, err := f.sources.PageRenter(ctx, token)
	if err != nil {
		return domain.Document{}, err
	}
	if checkRentingID(rentingID) != nil {
		return domain.Document{}, domain.ErrNotFound
	}
	receipt, err := f.sources.Receipt(ctx, rentingID)
	if err != nil {
		return domain.Document{}, err
	}
	if receipt.RenterID != renterID {
		return domain.Document{}, fmt.Errorf("renting %s is not renter %d's: %w", rentingID, renterID, domain.ErrNotFound)
	}
	session, err := f.documents.NewestSession(ctx, rentingID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return domain.Document{}, err
	}
	receipt.Itemise(session.Contract)
	content, err := f.renderer.Receipt(receipt, f.now())
	if err != nil {
		return domain.Document{}, err
	}
	return receipt.Document(content), nil
}

// pageActor is who read a document on the renter's own page, in the audit log (whose page it was is
// the entry's renter).
const pageActor = "renter (own page)"
