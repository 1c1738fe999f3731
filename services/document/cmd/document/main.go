// Command document runs the document service: `document serve` or `document migrate`.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/events"
	platformhealth "semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/internal/adapters/download"
	"semesterhaus/services/document/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	natsadapter "semesterhaus/services/document/internal/adapters/nats"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/config"
	"semesterhaus/services/document/migrations"
)

const usage = "usage: document serve | migrate"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "document:", err)
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
	logger := logging.New(cfg.LogLevel, cfg.LogFormat).With("service", "document")
	ctx, stop := server.SignalContext()
	defer stop()
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, logger)
	case "migrate":
		return postgres.Migrate(ctx, cfg.DatabaseURL.Reveal(), migrations.FS)
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
	nc, js, err := events.Connect(ctx, cfg.NatsURL, logger)
	if err != nil {
		return err
	}
	defer nc.Close()
	verifier, err := identity.VerifierFromConfig(cfg.IdentityPublicKey, logger)
	if err != nil {
		return err
	}
	repo := pgadapter.NewRepository(pool)
	documents := app.New(repo)

	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(documents, verifier, logger))
	download.Routes(mux, documents, verifier, logger)
	platformhealth.Mux(mux, platformhealth.Check{Name: "postgres", Func: pool.Ping})

	opts := append(grpcadapter.ServerOptions(), grpc.UnaryInterceptor(identity.UnaryServerInterceptor(verifier)))
	grpcServer := grpc.NewServer(opts...)
	documentv1.RegisterDocumentServiceServer(grpcServer, grpcadapter.NewServer(documents))
	healthv1.RegisterHealthServer(grpcServer, health.NewServer())

	consumer := natsadapter.NewRentingConsumer(js, pool, repo, logger, natsadapter.RentingStream)
	return server.Run(ctx, logger,
		server.HTTP("http", cfg.HTTPAddr, mux),
		server.GRPC("grpc", cfg.GRPCAddr, grpcServer),
		server.Func("renting-events", consumer.Run),
	)
}
