package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/events"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/document/internal/adapters/postgres/db"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
)

// ContractStore is app.ContractStore in one transaction.
type ContractStore struct {
	tx      pgx.Tx
	queries *db.Queries
}

// ContractStoreIn returns the contract store in the caller's transaction, e.g. an event consumer's,
// which records the event in it.
func (r *Repository) ContractStoreIn(tx pgx.Tx) app.ContractStore {
	return &ContractStore{tx: tx, queries: r.queries.WithTx(tx)}
}

// InContractTx runs fn with a contract store in a transaction of its own.
func (r *Repository) InContractTx(ctx context.Context, fn func(app.ContractStore) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error { return fn(r.ContractStoreIn(tx)) })
}

// Session loads a signing session, domain.ErrNotFound without one.
func (r *Repository) Session(ctx context.Context, id string) (domain.SigningSession, error) {
	return loadSession(id, func(u pgtype.UUID) (db.SigningSession, error) { return r.queries.GetSigningSession(ctx, u) })
}

// NewestSession is the renting's newest signing session, domain.ErrNotFound without one.
func (r *Repository) NewestSession(ctx context.Context, rentingID string) (domain.SigningSession, error) {
	return loadSession(rentingID, func(u pgtype.UUID) (db.SigningSession, error) {
		return r.queries.NewestSigningSessionOfRenting(ctx, u)
	})
}

// DocumentContent is a document's content, domain.ErrNotFound without it.
func (r *Repository) DocumentContent(ctx context.Context, id string) ([]byte, error) {
	return documentContent(ctx, r.queries, id)
}

// NewestSession is Repository.NewestSession in the transaction.
func (s *ContractStore) NewestSession(ctx context.Context, rentingID string) (domain.SigningSession, error) {
	return loadSession(rentingID, func(u pgtype.UUID) (db.SigningSession, error) {
		return s.queries.NewestSigningSessionOfRenting(ctx, u)
	})
}

// LockSession loads a session and locks it until the transaction ends.
func (s *ContractStore) LockSession(ctx context.Context, id string) (domain.SigningSession, error) {
	return loadSession(id, func(u pgtype.UUID) (db.SigningSession, error) { return s.queries.LockSigningSession(ctx, u) })
}

// DocumentContent is Repository.DocumentContent in the transaction.
func (s *ContractStore) DocumentContent(ctx context.Context, id string) ([]byte, error) {
	return documentContent(ctx, s.queries, id)
}

// StoreDocument stores a generated file of the renter's renting and returns its id.
func (s *ContractStore) StoreDocument(ctx context.Context, renterID int64, rentingID string, file domain.File) (string, error) {
	renting, err := toUUID(rentingID)
	if err != nil {
		return "", err
	}
	id, err := s.queries.InsertDocument(ctx, insertParams(renterID, renting, file))
	if err != nil {
		return "", fmt.Errorf("store %s of renting %s: %w", file.Type, rentingID, err)
	}
	return id.String(), nil
}

// OpenSession stores the session and enqueues document.contract_requested.
func (s *ContractStore) OpenSession(ctx context.Context, session domain.SigningSession) error {
	params, err := sessionParams(session)
	if err != nil {
		return err
	}
	if err := s.queries.InsertSigningSession(ctx, params); err != nil {
		return fmt.Errorf("open the signing session of renting %s: %w", session.RentingID, err)
	}
	eventID := uuid.NewString()
	return s.enqueue(ctx, eventID, streams.Document.ContractRequested(), &eventsv1.ContractRequested{
		EventId: eventID, RentingId: session.RentingID, DocumentId: session.ContractDocumentID,
		SigningLink: session.SigningLink, At: timestamppb.New(session.CreatedAt),
		TotalCents: session.Contract.TotalCents, Currency: session.Contract.Currency, Items: toEventItems(session.Contract.Items),
		ReplacesDocumentId: session.ReplacesDocumentID,
	})
}

// MarkVoided marks an open session voided; its contract document stays.
func (s *ContractStore) MarkVoided(ctx context.Context, session domain.SigningSession, at time.Time) error {
	id, err := toUUID(session.ID)
	if err != nil {
		return err
	}
	err = s.queries.MarkSigningSessionVoided(ctx, db.MarkSigningSessionVoidedParams{ID: id, VoidedAt: pgtype.Timestamptz{Time: at, Valid: true}})
	if err != nil {
		return fmt.Errorf("void session %s: %w", session.ID, err)
	}
	return nil
}

// FirstReport records the webhook event id and reports whether it is new.
func (s *ContractStore) FirstReport(ctx context.Context, sig domain.Signature) (bool, error) {
	session, err := toUUID(sig.SessionID)
	if err != nil {
		return false, err
	}
	n, err := s.queries.RecordSigningWebhookEvent(ctx, db.RecordSigningWebhookEventParams{EventID: sig.EventID, SessionID: session})
	if err != nil {
		return false, fmt.Errorf("record signing event %s: %w", sig.EventID, err)
	}
	return n == 1, nil
}

// MarkSigned marks the session signed and enqueues document.contract_signed.
func (s *ContractStore) MarkSigned(ctx context.Context, session domain.SigningSession, signedDocumentID string, sig domain.Signature) error {
	id, err := toUUID(session.ID)
	if err != nil {
		return err
	}
	doc, err := toUUID(signedDocumentID)
	if err != nil {
		return err
	}
	err = s.queries.MarkSigningSessionSigned(ctx, db.MarkSigningSessionSignedParams{
		ID: id, SignedDocumentID: doc, SignerName: pgtype.Text{String: sig.SignerName, Valid: true},
		SignedAt: pgtype.Timestamptz{Time: sig.SignedAt, Valid: true},
	})
	if err != nil {
		return fmt.Errorf("mark session %s signed: %w", session.ID, err)
	}
	eventID := uuid.NewString()
	return s.enqueue(ctx, eventID, streams.Document.ContractSigned(), &eventsv1.ContractSigned{
		EventId: eventID, RentingId: session.RentingID, DocumentId: signedDocumentID,
		SignerName: sig.SignerName, At: timestamppb.New(sig.SignedAt),
	})
}

// RecordReissue audits the reissue (action reissueContract) with both contracts and their totals.
func (s *ContractStore) RecordReissue(ctx context.Context, old, reissued domain.SigningSession, actor string) error {
	return audit.Record(ctx, s.tx, audit.Entry{
		Actor: actor, Action: "reissueContract", Subject: "renting/" + reissued.RentingID, Concerns: concerns.Renter(reissued.RenterID),
		Details: map[string]any{
			"replacedDocumentId": old.ContractDocumentID, "documentId": reissued.ContractDocumentID,
			"replacedTotalCents": old.Contract.TotalCents, "totalCents": reissued.Contract.TotalCents, "currency": reissued.Contract.Currency,
		},
	})
}

func toEventItems(items []domain.PriceItem) []*eventsv1.ContractItem {
	out := make([]*eventsv1.ContractItem, len(items))
	for i, item := range items {
		out[i] = &eventsv1.ContractItem{
			Kind: string(item.Kind), TextDe: item.TextDE, TextEn: item.TextEN, Quantity: int32(item.Quantity),
			AmountCents: item.AmountCents, TotalCents: item.TotalCents,
		}
	}
	return out
}

func (s *ContractStore) enqueue(ctx context.Context, eventID, subject string, event proto.Message) error {
	payload, err := proto.Marshal(event)
	if err != nil {
		return fmt.Errorf("encode %s: %w", subject, err)
	}
	return events.EnqueueWithID(ctx, s.tx, eventID, subject, payload)
}

func loadSession(id string, load func(pgtype.UUID) (db.SigningSession, error)) (domain.SigningSession, error) {
	u, err := toUUID(id)
	if err != nil {
		return domain.SigningSession{}, fmt.Errorf("signing session %q: %w", id, domain.ErrNotFound)
	}
	row, err := load(u)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.SigningSession{}, fmt.Errorf("signing session %s: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return domain.SigningSession{}, fmt.Errorf("load signing session %s: %w", id, err)
	}
	return sessionFromDB(row)
}

func documentContent(ctx context.Context, q *db.Queries, id string) ([]byte, error) {
	u, err := toUUID(id)
	if err != nil {
		return nil, fmt.Errorf("document %q: %w", id, domain.ErrNotFound)
	}
	content, err := q.GetDocumentContent(ctx, u)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("document %s: %w", id, domain.ErrNotFound)
	}
	return content, err
}

func sessionParams(s domain.SigningSession) (db.InsertSigningSessionParams, error) {
	contract, err := json.Marshal(s.Contract)
	if err != nil {
		return db.InsertSigningSessionParams{}, fmt.Errorf("encode the contract: %w", err)
	}
	ids := make([]pgtype.UUID, 3)
	for i, id := range []string{s.ID, s.RentingID, s.ContractDocumentID} {
		if ids[i], err = toUUID(id); err != nil {
			return db.InsertSigningSessionParams{}, err
		}
	}
	var replaces pgtype.UUID
	if s.ReplacesDocumentID != "" {
		if replaces, err = toUUID(s.ReplacesDocumentID); err != nil {
			return db.InsertSigningSessionParams{}, err
		}
	}
	return db.InsertSigningSessionParams{
		ID: ids[0], RentingID: ids[1], RenterID: s.RenterID, ContractDocumentID: ids[2], Contract: contract,
		SigningLink: s.SigningLink, EnvelopeID: s.EnvelopeID, CreatedAt: pgtype.Timestamptz{Time: s.CreatedAt, Valid: true},
		ReplacesDocumentID: replaces,
	}, nil
}

func sessionFromDB(row db.SigningSession) (domain.SigningSession, error) {
	s := domain.SigningSession{
		ID: row.ID.String(), RentingID: row.RentingID.String(), RenterID: row.RenterID,
		ContractDocumentID: row.ContractDocumentID.String(), SigningLink: row.SigningLink, EnvelopeID: row.EnvelopeID,
		Status: domain.SessionStatus(row.Status), CreatedAt: row.CreatedAt.Time,
	}
	if row.ReplacesDocumentID.Valid {
		s.ReplacesDocumentID = row.ReplacesDocumentID.String()
	}
	if err := json.Unmarshal(row.Contract, &s.Contract); err != nil {
		return domain.SigningSession{}, fmt.Errorf("decode the contract of session %s: %w", s.ID, err)
	}
	return s, nil
}
