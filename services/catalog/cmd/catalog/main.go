// Command catalog runs the catalog service: `catalog serve`, `catalog migrate` or `catalog import FILE`.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"google.golang.org/grpc"

	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/adapters/buildingfile"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"
	"semesterhaus/services/catalog/internal/adapters/pictures"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/config"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

func main() {
	service.Main("catalog", config.Load, map[string]service.Command[config.Config]{
		"serve":       service.Serve(service.Needs{}, serve),
		"migrate":     service.Migrate[config.Config](migrations.FS),
		"import FILE": importBuilding,
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	verifier := infra.Verifier
	catalog := app.New(pgadapter.NewRepository(infra.Pool), time.Now, app.Settings{
		TimeZone: cfg.TimeZone.Location, RenewalWindowDays: cfg.RenewalWindowDays, SemestersAheadMonths: cfg.SemestersAheadMonths,
		MaxImagePixels: cfg.MaxImagePixels, MaxConcurrentDecodes: cfg.MaxConcurrentDecodes,
	})
	semestersAhead := server.Every("semesters-ahead", cfg.JobInterval, logger, func(ctx context.Context) error {
		added, _, err := catalog.AddSemestersAhead(ctx)
		for _, s := range added {
			logger.InfoContext(ctx, "semester added ahead", "semesterId", s.ID, "name", s.Name)
		}
		return err
	})
	changes := server.Func("catalog-changes", func(ctx context.Context) error {
		pgadapter.ListenForChanges(ctx, infra.Pool, catalog.Reload, logger)
		return nil
	})

	return infra.Run(ctx, logger, service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(catalog, verifier, logger))
			mux.Handle(pictures.Route, pictures.NewHandler(catalog, logger))
		},
		RegisterGRPC: func(s *grpc.Server) {
			catalogv1.RegisterCatalogServiceServer(s, grpcadapter.NewServer(catalog))
		},
		Callers: grpcadapter.Callers,
	}, semestersAhead, changes)
}

// importBuilding is `catalog import FILE`: it stores the building the file describes (see
// docs/building-file.md) and the semesters around today.
func importBuilding(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	name := service.Args(ctx)[0]
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	building, err := buildingfile.Parse(name, data)
	if err != nil {
		return err
	}
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	today := time.Now().In(cfg.TimeZone.Location)
	result, err := pgadapter.NewRepository(pool).Import(ctx, building, domain.SemestersAround(today))
	if err != nil {
		return err
	}
	for _, a := range result.Unlisted {
		logger.WarnContext(ctx, "apartment not in the file: kept, with its rentings", "apartmentId", a.ID, "name", a.Name)
	}
	logger.InfoContext(ctx, "building imported", "file", name, "unchanged", result.Unchanged, "apartments", building.ApartmentCount(),
		"apartmentsChanged", result.ApartmentsChanged, "semestersAdded", len(result.SemestersAdded))
	return nil
}
