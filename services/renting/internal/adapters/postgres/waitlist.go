package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/audit"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// waitlistLockID is the advisory lock ("waitlist" in ASCII) under which offers are made one at a
// time, on any replica: one apartment goes to one entry, one entry gets one apartment.
const waitlistLockID = 0x776169746c697374

// JoinWaitlist stores a new unconfirmed entry with the hash of its confirmation token and enqueues
// its confirmation mail, in one transaction. An address that has an entry in the semester gets no
// second one: an unconfirmed entry whose last mail went out before notAfter takes the new token (and
// the new request's name, language and wishes) and is mailed again; any other is left alone.
// mailed says whether a mail goes out; a mail is counted to the address, and an address that got
// its limit of mails is refused before anything changes (*domain.TooManyMailsError), whether this
// join would mail it or not.
func (r *Repository) JoinWaitlist(ctx context.Context, e domain.WaitlistEntry, token domain.LinkToken, notAfter time.Time, mail domain.AddressMail) (bool, error) {
	mailed := false
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := checkAddress(ctx, q, mail); err != nil {
			return err
		}
		n, err := q.InsertWaitlistEntry(ctx, db.InsertWaitlistEntryParams{
			ID: e.ID, SemesterID: int32(e.SemesterID), Email: text(e.Email), Name: text(e.Name), Language: text(e.Language),
			WishFloorID: optionalInt(e.Wishes.FloorID), WishMinSize: optionalInt(e.Wishes.MinSize),
			CreatedAt: e.CreatedAt, ConfirmHash: token.Hash,
		})
		if err != nil {
			return fmt.Errorf("store waitlist entry: %w", err)
		}
		if n == 0 {
			row, err := q.RenewWaitlistConfirmation(ctx, db.RenewWaitlistConfirmationParams{
				Name: text(e.Name), Language: text(e.Language), WishFloorID: optionalInt(e.Wishes.FloorID),
				WishMinSize: optionalInt(e.Wishes.MinSize), ConfirmHash: token.Hash, MailedAt: timestamptz(e.CreatedAt),
				SemesterID: int32(e.SemesterID), Email: e.Email, NotAfter: timestamptz(notAfter),
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil // confirmed already, or mailed within the window
			}
			if err != nil {
				return fmt.Errorf("renew waitlist confirmation: %w", err)
			}
			e = entryFromDB(row)
		}
		mailed = true
		if err := countAddressMail(ctx, q, mail); err != nil {
			return err
		}
		return r.enqueueWaitlistConfirmation(ctx, tx, e, token.Plain, e.CreatedAt)
	})
	return mailed, err
}

// ConfirmWaitlistEntry puts the unconfirmed entry whose confirmation token has the hash in line,
// if its mail went out after validAfter. A confirmed entry is confirmed again without a change;
// an unknown or expired token is domain.ErrInvalidToken.
func (r *Repository) ConfirmWaitlistEntry(ctx context.Context, hash []byte, validAfter, at time.Time) error {
	_, err := r.queries.ConfirmWaitlistEntry(ctx, db.ConfirmWaitlistEntryParams{Hash: hash, At: timestamptz(at), ValidAfter: timestamptz(validAfter)})
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("confirm waitlist entry: %w", err)
	}
	row, err := r.queries.GetWaitlistEntryByConfirmHash(ctx, hash)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && domain.EntryState(row.State) == domain.EntryUnconfirmed {
		return domain.ErrInvalidToken
	}
	if err != nil {
		return fmt.Errorf("load waitlist entry: %w", err)
	}
	return nil
}

// WaitingCount is how many entries of the semester wait in line.
func (r *Repository) WaitingCount(ctx context.Context, semesterID int) (int, error) {
	n, err := r.queries.CountWaitingEntries(ctx, int32(semesterID))
	if err != nil {
		return 0, fmt.Errorf("count the waitlist of semester %d: %w", semesterID, err)
	}
	return int(n), nil
}

// OfferApartment offers the apartment to the entry pick chooses of the semester's waiting entries
// (in line order) and enqueues the offer's mail, in one transaction, unless a renting holds the
// apartment, it is blocked or offered already. It runs under the waitlist's lock and the lock of the
// (apartment, semester) that a renting which starts holding it takes too, so two replicas never
// offer one apartment twice or one entry two apartments, and no renting slips in meanwhile.
func (r *Repository) OfferApartment(ctx context.Context, semesterID int, a domain.Apartment, pick func([]domain.WaitlistEntry) (domain.WaitlistEntry, bool), token domain.LinkToken, at, expires time.Time) (bool, error) {
	offered := false
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := q.LockWaitlist(ctx, waitlistLockID); err != nil {
			return fmt.Errorf("lock the waitlist: %w", err)
		}
		if err := q.LockApartmentInSemester(ctx, db.LockApartmentInSemesterParams{ApartmentID: int32(a.ID), SemesterID: int32(semesterID)}); err != nil {
			return fmt.Errorf("lock apartment %d in semester %d: %w", a.ID, semesterID, err)
		}
		if free, err := freeForOffer(ctx, q, a.ID, semesterID); err != nil || !free {
			return err
		}
		rows, err := q.ListWaitingEntries(ctx, int32(semesterID))
		if err != nil {
			return fmt.Errorf("load the waitlist of semester %d: %w", semesterID, err)
		}
		waiting := make([]domain.WaitlistEntry, len(rows))
		for i, row := range rows {
			waiting[i] = entryFromDB(row)
		}
		chosen, ok := pick(waiting)
		if !ok {
			return nil
		}
		row, err := q.MakeWaitlistOffer(ctx, db.MakeWaitlistOfferParams{
			ApartmentID: pgtype.Int4{Int32: int32(a.ID), Valid: true}, OfferHash: token.Hash,
			At: timestamptz(at), ExpiresAt: timestamptz(expires), ID: chosen.ID,
		})
		if err != nil {
			return fmt.Errorf("offer apartment %d to waitlist entry %s: %w", a.ID, chosen.ID, err)
		}
		offered = true
		return r.enqueueWaitlistOffer(ctx, tx, entryFromDB(row), token.Plain, at)
	})
	return offered, err
}

// freeForOffer reports whether nobody holds the apartment in the semester, it is not blocked and not
// offered to another entry.
func freeForOffer(ctx context.Context, q *db.Queries, apartmentID, semesterID int) (bool, error) {
	if _, held, err := apartmentHolder(ctx, q, apartmentID, semesterID); err != nil || held {
		return false, err
	}
	_, err := q.GetApartmentBlock(ctx, db.GetApartmentBlockParams{SemesterID: int32(semesterID), ApartmentID: int32(apartmentID)})
	if err == nil {
		return false, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, fmt.Errorf("block of apartment %d in semester %d: %w", apartmentID, semesterID, err)
	}
	_, err = q.GetOpenOffer(ctx, db.GetOpenOfferParams{SemesterID: int32(semesterID), ApartmentID: pgtype.Int4{Int32: int32(apartmentID), Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("offer of apartment %d in semester %d: %w", apartmentID, semesterID, err)
	}
	return false, nil
}

// ExpireOffers ends the entries whose offer's deadline is at or before at (EXPIRED, their personal
// data gone); their apartments are free for the next in line.
func (r *Repository) ExpireOffers(ctx context.Context, at time.Time) (int, error) {
	n, err := r.queries.ExpireWaitlistOffers(ctx, timestamptz(at))
	if err != nil {
		return 0, fmt.Errorf("expire waitlist offers: %w", err)
	}
	return int(n), nil
}

// ForgetWaitlist deletes the entries never confirmed whose last confirmation mail went out at or
// before unconfirmedBefore, and every entry of the semesters given (those that started).
func (r *Repository) ForgetWaitlist(ctx context.Context, unconfirmedBefore time.Time, semesterIDs []int) error {
	if _, err := r.queries.DeleteUnconfirmedWaitlistEntries(ctx, timestamptz(unconfirmedBefore)); err != nil {
		return fmt.Errorf("delete unconfirmed waitlist entries: %w", err)
	}
	if len(semesterIDs) == 0 {
		return nil
	}
	if _, err := r.queries.DeleteWaitlistOfSemesters(ctx, int32s(semesterIDs)); err != nil {
		return fmt.Errorf("delete the waitlists of started semesters: %w", err)
	}
	return nil
}

// Waitlist returns the confirmed entries of the semester in line order.
func (r *Repository) Waitlist(ctx context.Context, semesterID int) ([]domain.WaitlistEntry, error) {
	rows, err := r.queries.ListWaitlist(ctx, int32(semesterID))
	if err != nil {
		return nil, fmt.Errorf("load the waitlist of semester %d: %w", semesterID, err)
	}
	entries := make([]domain.WaitlistEntry, len(rows))
	for i, row := range rows {
		entries[i] = entryFromDB(row)
	}
	return entries, nil
}

// RemoveWaitlistEntry deletes the entry with an audit entry (never its personal data); an open offer
// goes with it. domain.ErrNotFound when there is no such entry.
func (r *Repository) RemoveWaitlistEntry(ctx context.Context, id, actor string) error {
	if _, err := uuid.Parse(id); err != nil {
		return fmt.Errorf("waitlist entry %q: %w", id, domain.ErrNotFound)
	}
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		row, err := q.DeleteWaitlistEntry(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("waitlist entry %s: %w", id, domain.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("delete waitlist entry %s: %w", id, err)
		}
		return audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "removeWaitlistEntry", Subject: "waitlist/" + id,
			Details: map[string]any{"semesterId": row.SemesterID, "state": row.State},
		})
	})
}

// OfferedApartments returns the apartments of the semester held for an open offer.
func (r *Repository) OfferedApartments(ctx context.Context, semesterID int) (map[int]bool, error) {
	ids, err := r.queries.ListOfferedApartments(ctx, int32(semesterID))
	if err != nil {
		return nil, fmt.Errorf("load the offered apartments of semester %d: %w", semesterID, err)
	}
	offered := make(map[int]bool, len(ids))
	for _, id := range ids {
		offered[int(id)] = true
	}
	return offered, nil
}

// OpenOfferHash returns the hash of the open offer's token for the apartment in the semester;
// offered is false when it is offered to nobody, answered true once a booking was made through it.
func (r *Repository) OpenOfferHash(ctx context.Context, apartmentID, semesterID int) (hash []byte, offered, answered bool, err error) {
	row, err := r.queries.GetOpenOffer(ctx, db.GetOpenOfferParams{SemesterID: int32(semesterID), ApartmentID: pgtype.Int4{Int32: int32(apartmentID), Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, false, nil
	}
	if err != nil {
		return nil, false, false, fmt.Errorf("offer of apartment %d in semester %d: %w", apartmentID, semesterID, err)
	}
	return row.OfferHash, true, row.OfferRentingID.Valid, nil
}

// AttachOffer names the renting as the booking made through the open offer whose token has the
// hash: the one renting that may hold the offered apartment. The first booking answers the offer:
// domain.ErrNotFound when the offer is not open (any more) for the apartment in the semester, or
// another renting was attached to it before (of two at once, the row lock lets one through).
func (r *Repository) AttachOffer(ctx context.Context, hash []byte, apartmentID, semesterID int, rentingID string) error {
	id, err := uuid.Parse(rentingID)
	if err != nil {
		return fmt.Errorf("renting %q: %w", rentingID, domain.ErrNotFound)
	}
	n, err := r.queries.AttachOfferRenting(ctx, db.AttachOfferRentingParams{
		RentingID: pgtype.UUID{Bytes: id, Valid: true}, OfferHash: hash,
		SemesterID: int32(semesterID), ApartmentID: pgtype.Int4{Int32: int32(apartmentID), Valid: true},
	})
	if err != nil {
		return fmt.Errorf("attach renting %s to its offer: %w", rentingID, err)
	}
	if n == 0 {
		return fmt.Errorf("offer of apartment %d in semester %d: %w", apartmentID, semesterID, domain.ErrNotFound)
	}
	return nil
}

// DetachOffer undoes AttachOffer for a booking that was not stored after all: its offer is open
// for a booking again. Nothing changes when the renting answers no open offer.
func (r *Repository) DetachOffer(ctx context.Context, rentingID string) error {
	id, err := uuid.Parse(rentingID)
	if err != nil {
		return nil
	}
	if _, err := r.queries.DetachOfferRenting(ctx, pgtype.UUID{Bytes: id, Valid: true}); err != nil {
		return fmt.Errorf("detach renting %s from its offer: %w", rentingID, err)
	}
	return nil
}

func entryFromDB(row db.WaitlistEntry) domain.WaitlistEntry {
	return domain.WaitlistEntry{
		ID: row.ID, SemesterID: int(row.SemesterID), State: domain.EntryState(row.State),
		Email: row.Email.String, Name: row.Name.String, Language: row.Language.String,
		Wishes:    domain.Wishes{FloorID: int(row.WishFloorID.Int32), MinSize: int(row.WishMinSize.Int32)},
		CreatedAt: row.CreatedAt, ConfirmedAt: row.ConfirmedAt.Time,
		OfferApartmentID: int(row.OfferApartmentID.Int32), OfferExpiresAt: row.OfferExpiresAt.Time, EndedAt: row.EndedAt.Time,
	}
}

func text(s string) pgtype.Text { return pgtype.Text{String: s, Valid: true} }

func optionalInt(n int) pgtype.Int4 { return pgtype.Int4{Int32: int32(n), Valid: n != 0} }

func timestamptz(t time.Time) pgtype.Timestamptz { return pgtype.Timestamptz{Time: t, Valid: true} }
