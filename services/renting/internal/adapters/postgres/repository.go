// Package postgres stores rentings and their log in the renting service's PostgreSQL database, on
// sqlc-generated queries. Every transition is stored with its log entry and its outbox event in one
// transaction.
//
// The Repository serves the app's roles, one file each: the booking write path (bookings.go), the
// read queries (queries.go), the scheduled job (jobs.go) and the admin operations (admin.go); the
// events they enqueue are built in events.go.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/postgres"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// Repository is the renting service's store; it owns its transactions.
type Repository struct {
	pool     *pgxpool.Pool
	queries  *db.Queries
	subjects string // events go out on <subjects>.state.<state> and <subjects>.deleted
}

// NewRepository returns a repository on the pool whose events use the subject prefix (the service
// uses "renting"; tests use their own, as streams on one NATS server may not share subjects).
func NewRepository(pool *pgxpool.Pool, subjectPrefix string) *Repository {
	return &Repository{pool: pool, queries: db.New(pool), subjects: subjectPrefix}
}

func (r *Repository) inTx(ctx context.Context, fn func(pgx.Tx, *db.Queries) error) error {
	err := postgres.InTx(ctx, r.pool, func(tx pgx.Tx) error { return fn(tx, r.queries.WithTx(tx)) })
	return uniqueViolation(err)
}

// uniqueViolation turns a violation of the partial unique indexes into the domain's errors: the
// database, not the application, decides who holds an apartment.
func uniqueViolation(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return err
	}
	switch pgErr.ConstraintName {
	case "renting_holds_apartment":
		return fmt.Errorf("%w: %s", domain.ErrApartmentTaken, pgErr.Detail)
	case "apartment_blocked", "apartment_offered": // a renting would start holding a blocked apartment or one held for a waitlist offer
		return fmt.Errorf("%w: %s", domain.ErrApartmentTaken, pgErr.Message)
	case "renting_holds_renter":
		return fmt.Errorf("%w: %s", domain.ErrRenterHoldsApartment, pgErr.Detail)
	default:
		return err
	}
}

func rentingError(id string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("renting %s: %w", id, domain.ErrNotFound)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "22P02" { // not a UUID: no such renting either
		return fmt.Errorf("renting %q: %w", id, domain.ErrNotFound)
	}
	return fmt.Errorf("load renting %s: %w", id, err)
}
