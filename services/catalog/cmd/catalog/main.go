// Command catalog runs the catalog service: `catalog serve`, `catalog migrate` or `catalog seed`.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	platformhealth "semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/config"
	"semesterhaus/services/catalog/internal/demo"
	"semesterhaus/services/catalog/migrations"
)

const usage = "usage: catalog serve | migrate | seed"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "catalog:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%s", usage)
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger := logging.New(cfg.LogLevel, cfg.LogFormat).With("service", "catalog")
	ctx, stop := server.SignalContext()
	defer stop()
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, logger)
	case "migrate":
		return postgres.Migrate(ctx, cfg.DatabaseURL.Reveal(), migrations.FS)
	case "seed":
		return seed(ctx, cfg)
	default:
		return fmt.Errorf("unknown command %q; %s", args[0], usage)
	}
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	verifier, err := identity.VerifierFromConfig(cfg.IdentityPublicKey, logger)
	if err != nil {
		return err
	}
	catalog := app.New(pgadapter.NewRepository(pool), time.Now, app.Settings{
		TimeZone: cfg.Location(), RenewalWindowDays: cfg.RenewalWindowDays,
	})

	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(catalog, verifier, logger))
	platformhealth.Mux(mux, platformhealth.Check{Name: "postgres", Func: pool.Ping})

	grpcServer := grpc.NewServer(grpc.UnaryInterceptor(identity.UnaryServerInterceptor(verifier)))
	catalogv1.RegisterCatalogServiceServer(grpcServer, grpcadapter.NewServer(catalog))
	healthv1.RegisterHealthServer(grpcServer, health.NewServer())

	return server.Run(ctx, logger,
		server.HTTP("graphql", cfg.HTTPAddr, mux),
		server.GRPC("grpc", cfg.GRPCAddr, grpcServer),
	)
}

func seed(ctx context.Context, cfg config.Config) error {
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	today := time.Now().In(cfg.Location())
	return pgadapter.NewRepository(pool).Seed(ctx, demo.Building(), demo.Semesters(today))
}
