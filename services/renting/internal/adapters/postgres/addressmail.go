package postgres

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// checkAddress takes the lock of the mail's address for the rest of the transaction and refuses the
// mail (a *domain.TooManyMailsError) when the address got its limit of mails in the window. Under
// the lock, requests for one address sent at once are counted one after the other.
func checkAddress(ctx context.Context, q *db.Queries, mail domain.AddressMail) error {
	if err := q.LockAddress(ctx, int64(binary.BigEndian.Uint64(mail.Key))); err != nil {
		return fmt.Errorf("lock the address's mails: %w", err)
	}
	sent, err := q.AddressMailsSince(ctx, db.AddressMailsSinceParams{AddressKey: mail.Key, Since: mail.Since()})
	if err != nil {
		return fmt.Errorf("count the address's mails: %w", err)
	}
	return mail.Check(int(sent.Mails), sent.Oldest)
}

// countAddressMail records the mail, in the transaction that enqueues it.
func countAddressMail(ctx context.Context, q *db.Queries, mail domain.AddressMail) error {
	if err := q.InsertAddressMail(ctx, db.InsertAddressMailParams{AddressKey: mail.Key, SentAt: mail.At}); err != nil {
		return fmt.Errorf("count the address's mail: %w", err)
	}
	return nil
}

// ForgetAddressMails deletes the counted mails sent at or before before: the window no longer
// needs them.
func (r *Repository) ForgetAddressMails(ctx context.Context, before time.Time) (int, error) {
	n, err := r.queries.DeleteAddressMailsBefore(ctx, before)
	if err != nil {
		return 0, fmt.Errorf("forget counted mails: %w", err)
	}
	return int(n), nil
}
