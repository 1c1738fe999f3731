package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", which goose needs
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"semesterhaus/platform/internal/wait"
)

//go:embed migrations/*.sql
var platformFiles embed.FS

// Migrate brings the database at url up to date: first the platform's own tables (version table
// platform_goose_db_version), then the service's goose SQL migrations found at the root of
// migrations (version table goose_db_version; nil means the service has none).
//
// Keeping two version tables lets platform and service number their migrations independently.
// A PostgreSQL advisory lock makes replicas that start together migrate one after the other.
func Migrate(ctx context.Context, url string, migrations fs.FS) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer db.Close()
	if err := wait.Until(ctx, wait.StartupLimit, db.PingContext); err != nil {
		return fmt.Errorf("postgres: migrate: database not reachable: %w", err)
	}
	platform, err := fs.Sub(platformFiles, "migrations")
	if err != nil {
		return err
	}
	if err := up(ctx, db, platform, "platform_goose_db_version"); err != nil {
		return fmt.Errorf("postgres: platform migrations: %w", err)
	}
	if migrations == nil {
		return nil
	}
	if err := up(ctx, db, migrations, "goose_db_version"); err != nil {
		if errors.Is(err, goose.ErrNoMigrations) {
			err = fmt.Errorf("%w (the .sql files must be at the root of the fs.FS: use fs.Sub for an embedded directory)", err)
		}
		return fmt.Errorf("postgres: service migrations: %w", err)
	}
	return nil
}

func up(ctx context.Context, db *sql.DB, files fs.FS, table string) error {
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, files,
		goose.WithTableName(table),
		goose.WithSessionLocker(locker),
		goose.WithDisableGlobalRegistry(true), // SQL files only; no Go migrations registered elsewhere
	)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}
