// Package postgres stores the documents in the service's PostgreSQL database, on sqlc-generated
// queries.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/postgres"
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

// Store stores the files of a renter's booking in one transaction and returns their ids in order.
func (r *Repository) Store(ctx context.Context, renterID int64, rentingID string, files []domain.File) ([]string, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(files))
	err = postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		for i, f := range files {
			id, err := q.InsertDocument(ctx, insertParams(renterID, renting, f))
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

// ReadNewestOfType is ReadDocument for the renter's newest document of type t.
func (r *Repository) ReadNewestOfType(ctx context.Context, renterID int64, t domain.Type, actor string) (domain.Document, error) {
	return r.read(ctx, actor, func(q *db.Queries) (db.Document, error) {
		return q.GetNewestOfType(ctx, db.GetNewestOfTypeParams{RenterID: renterID, Type: string(t)})
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
			Actor: actor, Action: "readDocument", Subject: "document/" + doc.ID, RenterID: doc.RenterID,
			Details: map[string]any{"type": doc.Type, "fileName": doc.FileName},
		})
	})
	return doc, err
}

// DeleteRentingDocuments deletes what was stored with a renting, with an audit entry naming actor, in
// one transaction, and returns how many documents went.
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
	deleted, err := r.queries.WithTx(tx).DeleteRentingDocuments(ctx, renting)
	if err != nil {
		return 0, fmt.Errorf("delete documents of renting %s: %w", rentingID, err)
	}
	return deleted, audit.Record(ctx, tx, audit.Entry{
		Actor: actor, Action: "deleteRentingDocuments", Subject: "renting/" + rentingID,
		Details: map[string]any{"deleted": deleted},
	})
}
