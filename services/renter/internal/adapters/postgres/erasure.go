package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/events"
	"semesterhaus/platform/postgres"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// InErasureTransaction runs fn with an erasure store bound to one transaction, committed when fn
// returns nil.
func (r *Repository) InErasureTransaction(ctx context.Context, fn func(app.ErasureStore) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error { return fn(MailStoreIn(tx)) })
}

// ErasureRequests loads the renters who asked for erasure, the oldest request first.
func (r *Repository) ErasureRequests(ctx context.Context) ([]domain.Renter, error) {
	rows, err := r.queries.ListErasureRequests(ctx)
	if err != nil {
		return nil, fmt.Errorf("load erasure requests: %w", err)
	}
	renters := make([]domain.Renter, len(rows))
	for i, row := range rows {
		renters[i] = renterFromDB(row)
	}
	return renters, nil
}

// LockRenter loads one renter for update or returns domain.ErrNotFound.
func (s MailStore) LockRenter(ctx context.Context, id int64) (domain.Renter, error) {
	return lockRenter(ctx, s.queries, id)
}

// RecordErasureRequest stores the renter's erasure request and audits it as the renter's own.
func (s MailStore) RecordErasureRequest(ctx context.Context, renter domain.Renter) error {
	err := s.queries.RecordErasureRequest(ctx, db.RecordErasureRequestParams{ID: renter.ID, RequestedAt: timestamptz(renter.ErasureRequestedAt)})
	if err != nil {
		return fmt.Errorf("record erasure request of renter %d: %w", renter.ID, err)
	}
	return audit.Record(ctx, s.tx, audit.Entry{
		Actor: app.ActorRenter, Action: "requestErasure", Subject: fmt.Sprintf("renter/%d", renter.ID), Concerns: concerns.Renter(renter.ID),
		Details: map[string]any{"reason": "asked on their own page (GDPR art. 17)"},
	})
}

// enqueueErased announces the erasure (renter.erased) in the erasure's transaction: the renting
// and document services erase their part.
func enqueueErased(ctx context.Context, tx pgx.Tx, renter domain.Renter, actor string) error {
	event := &eventsv1.RenterErased{EventId: uuid.NewString(), RenterId: renter.ID, Actor: actor, At: timestamppb.New(renter.ErasedAt)}
	payload, err := proto.Marshal(event)
	if err != nil {
		return fmt.Errorf("encode renter.erased: %w", err)
	}
	return events.EnqueueWithID(ctx, tx, event.EventId, streams.Renter.Erased(), payload)
}

// editsWithPersonalData are this service's audit actions whose details hold a renter's personal
// data (before and after); an erasure redacts them.
var editsWithPersonalData = []string{"updateRenter", "applyPersonalData"}

// StoreErased stores the erased renter's row, deletes their e-mail tokens, page tokens, mail notices
// and mails, redacts the audit entries that held their data, and audits what went and why (counts,
// never the content).
func (s MailStore) StoreErased(ctx context.Context, renter domain.Renter, actor string) error {
	counts := map[string]int64{}
	for _, del := range []struct {
		what string
		run  func(context.Context, int64) (int64, error)
	}{
		{"emailTokens", s.queries.DeleteEmailTokensOfRenter},
		{"pageTokens", s.queries.DeletePageTokensOfRenter},
		{"mailNotices", s.queries.DeleteMailNoticesOfRenter},
		{"mails", s.queries.DeleteMailsOf},
	} {
		n, err := del.run(ctx, renter.ID)
		if err != nil {
			return fmt.Errorf("erase %s of renter %d: %w", del.what, renter.ID, err)
		}
		counts[del.what] = n
	}
	d := renter.Data
	if err := s.queries.StoreErasedRenter(ctx, db.StoreErasedRenterParams{
		ID: renter.ID, Email: d.Email, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
		Country: d.Country, Birthday: d.Birthday, Phone: d.Phone, Nationality: d.Nationality, Gender: string(d.Gender),
		ErasedAt: timestamptz(renter.ErasedAt),
	}); err != nil {
		return fmt.Errorf("erase renter %d: %w", renter.ID, err)
	}
	key := concerns.Renter(renter.ID)
	redacted, err := audit.Redact(ctx, s.tx, key, editsWithPersonalData, "personal data erased on the renter's request")
	if err != nil {
		return err
	}
	counts["auditEntriesRedacted"] = redacted
	if err := enqueueErased(ctx, s.tx, renter, actor); err != nil {
		return err
	}
	return audit.Record(ctx, s.tx, audit.Entry{
		Actor: actor, Action: "eraseRenter", Subject: fmt.Sprintf("renter/%d", renter.ID), Concerns: key,
		Details: map[string]any{
			"reason":       "the renter asked for erasure (GDPR art. 17) on " + renter.ErasureRequestedAt.UTC().Format(time.RFC3339),
			"personalData": "name, address, birthday, phone, nationality, gender, e-mail and notes replaced",
			"deleted":      counts,
		},
	})
}
