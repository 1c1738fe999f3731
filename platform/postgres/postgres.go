// Package postgres connects a service to its database, migrates it and runs transactions.
//
// Each service owns one PostgreSQL database. The platform's tables for the transactional outbox
// (package events) are migrated here too, so that a service gets them by calling Migrate.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/internal/wait"
)

// Connect opens a connection pool and waits until the database answers.
//
// pgx's default of max(4, CPUs) connections is too small for a service that also holds one for the
// outbox relay and one per consumer transaction; pool_max_conns in the URL still wins.
func Connect(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse url: %w", err) // pgx redacts the password
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = 16
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := wait.Until(ctx, wait.StartupLimit, pool.Ping); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: database not reachable: %w", err)
	}
	return pool, nil
}

// InTx runs fn in a transaction and commits it, or rolls it back when fn returns an error or panics.
func InTx(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, fn)
}

// EnsureDatabase creates the database name on the server at serverURL unless it exists. The local
// stack and the tests use it; in production databases are provisioned.
func EnsureDatabase(ctx context.Context, serverURL, name string) error {
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // duplicate_database: created meanwhile
		return nil
	}
	if err != nil {
		return fmt.Errorf("postgres: create database %s: %w", name, err)
	}
	return nil
}
