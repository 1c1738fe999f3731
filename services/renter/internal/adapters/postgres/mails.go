package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// MailStore writes a consumed event's token and mail in the consumer's transaction.
type MailStore struct {
	tx      pgx.Tx
	queries *db.Queries
}

// MailStoreIn returns the mail store bound to tx, the transaction that records the event.
func MailStoreIn(tx pgx.Tx) MailStore {
	return MailStore{tx: tx, queries: db.New(tx)}
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

// AddPageToken stores a page token's hash, forgets the renter's expired ones and ends the others
// at the grace after it (domain.PageToken.EndsOlder): the newest link is the one that keeps working.
func (s MailStore) AddPageToken(ctx context.Context, t domain.PageToken, now time.Time) error {
	if err := s.queries.DeleteExpiredPageTokens(ctx, db.DeleteExpiredPageTokensParams{RenterID: t.RenterID, Now: timestamptz(now)}); err != nil {
		return fmt.Errorf("delete expired page tokens of renter %d: %w", t.RenterID, err)
	}
	err := s.queries.InsertPageToken(ctx, db.InsertPageTokenParams{Hash: t.Hash, RenterID: t.RenterID, ExpiresAt: timestamptz(t.ExpiresAt), IssuedAt: timestamptz(t.IssuedAt)})
	if err != nil {
		return fmt.Errorf("store page token: %w", err)
	}
	err = s.queries.EndOlderPageTokens(ctx, db.EndOlderPageTokensParams{Ends: timestamptz(t.EndsOlder()), RenterID: t.RenterID, Hash: t.Hash})
	if err != nil {
		return fmt.Errorf("end the older page tokens of renter %d: %w", t.RenterID, err)
	}
	return nil
}

// AddMail stores a mail for delivery; a second mail for the same event is ignored.
func (s MailStore) AddMail(ctx context.Context, m domain.Mail) error {
	err := s.queries.InsertMail(ctx, db.InsertMailParams{
		EventID: m.EventID, RenterID: pgtype.Int8{Int64: m.RenterID, Valid: m.RenterID != 0}, Recipient: m.To, Subject: m.Subject, TextBody: m.Text, HtmlBody: m.HTML,
		SenderName: m.SenderName,
	})
	if err != nil {
		return fmt.Errorf("store mail for event %s: %w", m.EventID, err)
	}
	return nil
}

// deliveryLease is how long a claimed mail is left to its sender: longer than a delivery
// (mail.sendTimeout) and the retries of its mark (sentMarkLimit) together.
const deliveryLease = 2 * time.Minute

// DeliverNext claims the next due mail (skipping those other senders hold and those behind an unsent
// mail of the same renter), calls deliver and marks the mail sent, or due again after
// domain.RetryDelay when deliver failed. No transaction stays open while the mail goes out: the
// claim is a lease, so that no other sender takes the mail while the database restarts after it went
// out, and the mark is retried on fresh connections (for sentMarkLimit); a sender that dies leaves the
// mail due again when its lease ends.
func (r *Repository) DeliverNext(ctx context.Context, deliver func(domain.Mail) error) (bool, error) {
	row, err := r.queries.ClaimNextDueMail(ctx, deliveryLease.Seconds())
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim next mail: %w", err)
	}
	if sendErr := deliver(mailFromDB(row)); sendErr != nil {
		return true, r.queries.MarkMailFailed(ctx, db.MarkMailFailedParams{
			EventID: row.EventID, LastError: sendErr.Error(),
			RetryInSeconds: domain.RetryDelay(int(row.Attempts) + 1).Seconds(),
		})
	}
	return true, r.markSent(ctx, row.EventID)
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
	return domain.PageToken{Hash: row.Hash, RenterID: row.RenterID, IssuedAt: row.CreatedAt.Time, ExpiresAt: row.ExpiresAt.Time}, nil
}

// sentMarkLimit is how long a delivered mail's mark is retried on fresh connections.
const sentMarkLimit = 30 * time.Second

// markSent marks a delivered mail sent, retrying with a back-off while the database is out of reach.
func (r *Repository) markSent(ctx context.Context, eventID string) error {
	deadline := time.Now().Add(sentMarkLimit)
	for wait := 100 * time.Millisecond; ; wait = min(2*wait, 2*time.Second) {
		err := r.queries.MarkMailSent(ctx, eventID)
		if err == nil {
			return nil
		}
		if time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("mail %s went out but is not marked sent, so it goes out again after its lease: %w", eventID, err)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// MailsOf loads the mails to the renter, oldest first.
func (r *Repository) MailsOf(ctx context.Context, renterID int64) ([]domain.SentMail, error) {
	rows, err := r.queries.ListMailsOf(ctx, renterID)
	if err != nil {
		return nil, fmt.Errorf("load the mails of renter %d: %w", renterID, err)
	}
	mails := make([]domain.SentMail, len(rows))
	for i, row := range rows {
		mails[i] = domain.SentMail{Subject: row.Subject, Text: row.TextBody, WrittenAt: row.CreatedAt.Time, SentAt: row.SentAt.Time}
	}
	return mails, nil
}
