// Command catalog runs the catalog service: `catalog serve`, `catalog migrate` or `catalog seed`.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"google.golang.org/grpc"

	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/config"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/migrations"
)

func main() {
	service.Main("catalog", config.Load, map[string]service.Command[config.Config]{
		"serve":   service.Serve(service.Needs{}, serve),
		"migrate": service.Migrate[config.Config](migrations.FS),
		"seed":    seed,
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	verifier := infra.Verifier
	catalog := app.New(pgadapter.NewRepository(infra.Pool), time.Now, app.Settings{
		TimeZone: cfg.TimeZone.Location, RenewalWindowDays: cfg.RenewalWindowDays, SemestersAheadMonths: cfg.SemestersAheadMonths,
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
		Routes: func(mux *http.ServeMux) { mux.Handle("/graphql", graphql.NewHandler(catalog, verifier, logger)) },
		RegisterGRPC: func(s *grpc.Server) {
			catalogv1.RegisterCatalogServiceServer(s, grpcadapter.NewServer(catalog))
		},
		Callers: grpcadapter.Callers,
	}, semestersAhead, changes)
}

func seed(ctx context.Context, cfg config.Config, _ *slog.Logger) error {
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	today := time.Now().In(cfg.TimeZone.Location)
	return pgadapter.NewRepository(pool).Seed(ctx, demo.Building(), demo.Semesters(today))
}
