package postgres_test

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/pressly/goose/v3"

	"semesterhaus/platform/pgtest"
)

// TestAuditConcernsMigration_keepsWhomEveryEntryConcerns: entries recorded with a renter id before
// audit entries named whom they concern by key are found by the key after it, and the other way
// round after going back.
func TestAuditConcernsMigration_keepsWhomEveryEntryConcerns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := sql.Open("pgx", pgtest.EmptyDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	migrations, err := goose.NewProvider(goose.DialectPostgres, db, os.DirFS("migrations"), goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	const before, after = 5, 6
	if _, err := migrations.UpTo(ctx, before); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO audit_log (actor, action, subject, renter_id)
		VALUES ('anna', 'approveIdentityCard', 'renting/r1', 7), ('anna', 'updateApartment', 'apartment/3', NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.UpTo(ctx, after); err != nil {
		t.Fatal(err)
	}
	wantColumn(t, db, "concerns", "renter/7,-")
	if _, err := migrations.DownTo(ctx, before); err != nil {
		t.Fatal(err)
	}
	wantColumn(t, db, "renter_id", "7,-")
}

func wantColumn(t *testing.T, db *sql.DB, column, want string) {
	t.Helper()
	var got string
	err := db.QueryRow(`SELECT string_agg(coalesce(` + column + `::text, '-'), ',' ORDER BY id) FROM audit_log`).Scan(&got)
	if err != nil || got != want {
		t.Errorf("audit_log.%s = %q (%v), want %q", column, got, err, want)
	}
}
