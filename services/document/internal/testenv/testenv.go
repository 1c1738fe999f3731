// Package testenv assembles the document service for its own tests: its use cases on a fresh
// migrated database on real PostgreSQL, with the service's default upload limits. Packages using it
// need `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package testenv

import (
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/pgtest"
	"semesterhaus/services/document/internal/adapters/imaging"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/migrations"
)

// NewDocuments returns the document service's use cases on a fresh migrated database, and a pool on
// that database.
func NewDocuments(t testing.TB) (*app.Documents, *pgxpool.Pool) {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	return app.New(pgadapter.NewRepository(pool), imaging.New(), UploadLimits), pool
}

// UploadLimits are the service's default settings (MAX_IMAGE_PIXELS, MAX_CONCURRENT_DECODES).
var UploadLimits = app.UploadLimits{MaxImagePixels: 25_000_000, MaxConcurrentDecodes: 2}
