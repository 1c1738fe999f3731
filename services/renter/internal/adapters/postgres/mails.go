package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// MailStore writes a consumed event's token and mail in the consumer's transaction.
type MailStore struct {
	queries *db.Queries
}

// MailStoreIn returns the mail store bound to tx, the transaction that records the event.
func MailStoreIn(tx pgx.Tx) MailStore {
	return MailStore{queries: db.New(tx)}
}

// Renter loads one renter or returns domain.ErrNotFound.
func (s MailStore) Renter(ctx context.Context, id int64) (domain.Renter, error) {
	return loadRenter(ctx, s.queries, id)
}

// AddEmailToken stores a token's hash.
func (s MailStore) AddEmailToken(ctx context.Context, t domain.EmailToken) error {
	rentingID, err := toUUID(t.RentingID)
	if err != nil {
		return fmt.Errorf("e-mail token for renting %q: %w", t.RentingID, err)
	}
	err = s.queries.InsertEmailToken(ctx, db.InsertEmailTokenParams{
		Hash: t.Hash, RenterID: t.RenterID, RentingID: rentingID, ExpiresAt: t.ExpiresAt,
	})
	if err != nil {
		return fmt.Errorf("store e-mail token: %w", err)
	}
	return nil
}

// ClaimNotice records a limited mail of kind to the renter at at unless the renter got one of the
// kind after notBefore, in one statement; claimed says whether it did.
func (s MailStore) ClaimNotice(ctx context.Context, renterID int64, kind domain.MailKind, at, notBefore time.Time) (bool, error) {
	n, err := s.queries.ClaimMailNotice(ctx, db.ClaimMailNoticeParams{
		RenterID: renterID, Kind: string(kind), MailedAt: timestamptz(at), NotBefore: timestamptz(notBefore),
	})
	if err != nil {
		return false, fmt.Errorf("claim a %s notice for renter %d: %w", kind, renterID, err)
	}
	return n == 1, nil
}

// RenterByEmail loads the renter with the e-mail address (case-insensitively) or returns
// domain.ErrNotFound.
func (s MailStore) RenterByEmail(ctx context.Context, email string) (domain.Renter, error) {
	row, err := s.queries.GetRenterByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Renter{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Renter{}, fmt.Errorf("load renter by e-mail: %w", err)
	}
	return renterFromDB(row), nil
}

// AddPageToken stores a page token's hash and forgets the renter's expired ones.
func (s MailStore) AddPageToken(ctx context.Context, t domain.PageToken, now time.Time) error {
	if err := s.queries.DeleteExpiredPageTokens(ctx, db.DeleteExpiredPageTokensParams{RenterID: t.RenterID, Now: timestamptz(now)}); err != nil {
		return fmt.Errorf("delete expired page tokens of renter %d: %w", t.RenterID, err)
	}
	err := s.queries.InsertPageToken(ctx, db.InsertPageTokenParams{Hash: t.Hash, RenterID: t.RenterID, ExpiresAt: timestamptz(t.ExpiresAt)})
	if err != nil {
		return fmt.Errorf("store page token: %w", err)
	}
	return nil
}

// AddMail stores a mail for delivery; a second mail for the same event is ignored.
func (s MailStore) AddMail(ctx context.Context, m domain.Mail) error {
	err := s.queries.InsertMail(ctx, db.InsertMailParams{
		EventID: m.EventID, RenterID: m.RenterID, Recipient: m.To, Subject: m.Subject, TextBody: m.Text, HtmlBody: m.HTML,
	})
	if err != nil {
		return fmt.Errorf("store mail for event %s: %w", m.EventID, err)
	}
	return nil
}

// DeliverNext locks the next due mail (skipping those other senders hold and those behind an unsent
// mail of the same renter), calls deliver and marks the mail sent, or due again after
// domain.RetryDelay when deliver failed. When the database connection breaks after the mail went out,
// the mail is marked sent on another connection (tried for sentMarkLimit): else it would go out again.
func (r *Repository) DeliverNext(ctx context.Context, deliver func(domain.Mail) error) (bool, error) {
	found := false
	var delivered string // the event id of the mail that went out
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.queries.WithTx(tx)
		row, err := q.LockNextDueMail(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lock next mail: %w", err)
		}
		found = true
		if sendErr := deliver(mailFromDB(row)); sendErr != nil {
			return q.MarkMailFailed(ctx, db.MarkMailFailedParams{
				EventID: row.EventID, LastError: sendErr.Error(),
				RetryInSeconds: domain.RetryDelay(int(row.Attempts) + 1).Seconds(),
			})
		}
		delivered = row.EventID
		return q.MarkMailSent(ctx, row.EventID)
	})
	if err != nil && delivered != "" {
		err = r.markSent(ctx, delivered, err)
	}
	return found, err
}

// InMailTransaction runs fn with a mail store bound to one transaction, committed when fn returns
// nil.
func (r *Repository) InMailTransaction(ctx context.Context, fn func(app.MailStore) error) error {
	return postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error { return fn(MailStoreIn(tx)) })
}

// PageToken loads the page token with the hash or returns domain.ErrNotFound.
func (r *Repository) PageToken(ctx context.Context, hash []byte) (domain.PageToken, error) {
	row, err := r.queries.GetPageToken(ctx, hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.PageToken{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.PageToken{}, fmt.Errorf("load page token: %w", err)
	}
	return domain.PageToken{Hash: row.Hash, RenterID: row.RenterID, ExpiresAt: row.ExpiresAt.Time}, nil
}

// sentMarkLimit is how long a delivered mail's mark is retried on fresh connections.
const sentMarkLimit = 30 * time.Second

// markSent marks a delivered mail sent after its transaction failed (txErr), retrying with a back-off
// while the database is out of reach; txErr comes back when that does not succeed in time.
func (r *Repository) markSent(ctx context.Context, eventID string, txErr error) error {
	deadline := time.Now().Add(sentMarkLimit)
	for wait := 100 * time.Millisecond; ; wait = min(2*wait, 2*time.Second) {
		err := r.queries.MarkMailSent(ctx, eventID)
		if err == nil {
			return nil
		}
		if time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("mail %s went out but is not marked sent, so it goes out again: %w (then %w)", eventID, txErr, err)
		}
		select {
		case <-ctx.Done():
			return txErr
		case <-time.After(wait):
		}
	}
}
