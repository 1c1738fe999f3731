// Package postgres stores the documents in the service's PostgreSQL database, on sqlc-generated
// queries.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/document/internal/adapters/postgres/db"
	"semesterhaus/services/document/internal/domain"
)

// Repository is the document store; it owns its transactions.
type Repository struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

// NewRepository returns a repository on the pool.
func NewRepository(pool *pgxpool.Pool) *Repository {
	return &Repository{pool: pool, queries: db.New(pool)}
}

// Store stores the files of a renter's booking in one transaction and returns their ids in order:
// as the renter's documents when the renter sent them, else as pending uploads of the renting, which
// no reader of a renter's documents sees.
func (r *Repository) Store(ctx context.Context, renterID int64, rentingID string, sender domain.Sender, files []domain.File) ([]string, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(files))
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		insert := q.InsertDocument
		if sender != domain.TheRenter {
			insert = func(ctx context.Context, p db.InsertDocumentParams) (pgtype.UUID, error) {
				return q.InsertPendingUpload(ctx, db.InsertPendingUploadParams(p))
			}
		}
		for i, f := range files {
			id, err := insert(ctx, insertParams(renterID, renting, f))
			if err != nil {
				return fmt.Errorf("store %s of renter %d: %w", f.Type, renterID, err)
			}
			ids[i] = id.String()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// RenterDocuments lists a renter's documents without their content, newest first.
func (r *Repository) RenterDocuments(ctx context.Context, renterID int64) ([]domain.Document, error) {
	rows, err := r.queries.ListRenterDocuments(ctx, renterID)
	if err != nil {
		return nil, fmt.Errorf("list documents of renter %d: %w", renterID, err)
	}
	docs := make([]domain.Document, len(rows))
	for i, row := range rows {
		docs[i] = documentFromListRow(row)
	}
	return docs, nil
}

// ReadDocument loads a document with its content and records in the same transaction that actor read
// it, so that no access goes unrecorded. An unknown id gives domain.ErrNotFound.
func (r *Repository) ReadDocument(ctx context.Context, id, actor string) (domain.Document, error) {
	docID, err := toUUID(id)
	if err != nil {
		return domain.Document{}, fmt.Errorf("document %q: %w", id, domain.ErrNotFound)
	}
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetDocument(ctx, docID)
	})
}

// ReadRenterDocument is ReadDocument for one of the renter's documents; domain.ErrNotFound for
// another renter's.
func (r *Repository) ReadRenterDocument(ctx context.Context, renterID int64, id, actor string) (domain.Document, error) {
	docID, err := toUUID(id)
	if err != nil {
		return domain.Document{}, fmt.Errorf("document %q: %w", id, domain.ErrNotFound)
	}
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetDocumentOfRenter(ctx, db.GetDocumentOfRenterParams{ID: docID, RenterID: renterID})
	})
}

// ReadHandoverPhoto is ReadDocument for a handover photo of the renter's renting; domain.ErrNotFound
// for another renter's or another renting's photo and for a document that is no handover photo.
func (r *Repository) ReadHandoverPhoto(ctx context.Context, renterID int64, rentingID, id, actor string) (domain.Document, error) {
	renting, errRenting := toUUID(rentingID)
	docID, errDoc := toUUID(id)
	if errRenting != nil || errDoc != nil {
		return domain.Document{}, fmt.Errorf("photo %q of renting %q: %w", id, rentingID, domain.ErrNotFound)
	}
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetHandoverPhotoOfRenter(ctx, db.GetHandoverPhotoOfRenterParams{ID: docID, RenterID: renterID, RentingID: renting})
	})
}

// ReadNewestOfType is ReadDocument for the renter's newest document of type t.
func (r *Repository) ReadNewestOfType(ctx context.Context, renterID int64, t domain.Type, actor string) (domain.Document, error) {
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetNewestOfType(ctx, db.GetNewestOfTypeParams{RenterID: renterID, Type: string(t)})
	})
}

// ReadRentingContract is ReadDocument for the contract of the renter's renting: signed once signed,
// else the contract while signing is open; domain.ErrNotFound for another renter's renting.
func (r *Repository) ReadRentingContract(ctx context.Context, renterID int64, rentingID, actor string) (domain.Document, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return domain.Document{}, fmt.Errorf("renting %q: %w", rentingID, domain.ErrNotFound)
	}
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetRentingContractOfRenter(ctx, db.GetRentingContractOfRenterParams{RenterID: renterID, RentingID: renting})
	})
}

func (r *Repository) read(ctx context.Context, actor string, load func(*db.Queries) (db.Document, error)) (domain.Document, error) {
	var doc domain.Document
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		row, err := load(r.queries.WithTx(tx))
		if errors.Is(err, pgx.ErrNoRows) {
			return domain.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("load document: %w", err)
		}
		doc = documentFromDB(row)
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "readDocument", Subject: "document/" + doc.ID, Concerns: concerns.Renter(doc.RenterID),
			Details: map[string]any{"type": doc.Type, "fileName": doc.FileName},
		})
	})
	return doc, err
}

// DeleteRentingDocuments deletes what was stored with a renting, pending uploads too, with an audit
// entry naming actor, in one transaction, and returns how many documents went.
func (r *Repository) DeleteRentingDocuments(ctx context.Context, rentingID, actor string) (int64, error) {
	var deleted int64
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		var err error
		deleted, err = r.DeleteRentingDocumentsIn(ctx, tx, rentingID, actor)
		return err
	})
	return deleted, err
}

// DeleteRentingDocumentsIn is DeleteRentingDocuments in the caller's transaction, e.g. an event
// consumer's, which records the event in it.
func (r *Repository) DeleteRentingDocumentsIn(ctx context.Context, tx pgx.Tx, rentingID, actor string) (int64, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return 0, err
	}
	q := r.queries.WithTx(tx)
	deleted, err := q.DeleteRentingDocuments(ctx, renting)
	if err != nil {
		return 0, fmt.Errorf("delete documents of renting %s: %w", rentingID, err)
	}
	pending, err := q.DeletePendingUploads(ctx, renting)
	if err != nil {
		return 0, fmt.Errorf("delete pending uploads of renting %s: %w", rentingID, err)
	}
	deleted += pending
	return deleted, audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: "deleteRentingDocuments", Subject: "renting/" + rentingID,
		Details: map[string]any{"deleted": deleted},
	})
}

// ReleasePendingUploadsIn makes a confirmed renting's pending uploads its renter's documents, in the
// caller's transaction (the event consumer's), audited with actor when there were any; it returns
// how many.
func (r *Repository) ReleasePendingUploadsIn(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (int64, error) {
	return r.changePendingUploads(ctx, tx, pendingChange{rentingID, renterID, actor, "releasePendingUploads"}, r.queries.WithTx(tx).ReleasePendingUploads)
}

// DeletePendingUploadsIn deletes the pending uploads of a renting cancelled before its confirmation,
// in the caller's transaction, audited with actor when there were any; it returns how many.
func (r *Repository) DeletePendingUploadsIn(ctx context.Context, tx pgx.Tx, rentingID string, renterID int64, actor string) (int64, error) {
	return r.changePendingUploads(ctx, tx, pendingChange{rentingID, renterID, actor, "deletePendingUploads"}, r.queries.WithTx(tx).DeletePendingUploads)
}

// pendingChange is what the audit entry of a change to a renting's pending uploads names.
type pendingChange struct {
	rentingID string
	renterID  int64
	actor     string
	action    string
}

// changePendingUploads runs change on a renting's pending uploads and records it. A change that found
// nothing (a renting without pending uploads, a repeated event) records nothing.
func (r *Repository) changePendingUploads(ctx context.Context, tx pgx.Tx, c pendingChange, change func(context.Context, pgtype.UUID) (int64, error)) (int64, error) {
	renting, err := toUUID(c.rentingID)
	if err != nil {
		return 0, err
	}
	n, err := change(ctx, renting)
	if err != nil {
		return 0, fmt.Errorf("%s of renting %s: %w", c.action, c.rentingID, err)
	}
	if n == 0 {
		return 0, nil
	}
	return n, audit.Record(ctx, tx, audit.Entry{
		Actor: c.actor, Action: c.action, Subject: "renting/" + c.rentingID, Concerns: concerns.Renter(c.renterID),
		Details: map[string]any{"uploads": n},
	})
}
