// Command document runs the document service: `document serve` or `document migrate`.
package main

import (
	"context"
	"log/slog"
	"net/http"

	"google.golang.org/grpc"

	"semesterhaus/platform/events"
	"semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
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

func main() {
	service.Main("document", config.Load, map[string]service.Command[config.Config]{
		"serve":   serve,
		"migrate": service.Migrate[config.Config](migrations.FS),
	})
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	nc, js, err := events.Connect(ctx, cfg.NATSURL, logger)
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

	api := service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr, Verifier: verifier,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(documents, verifier, logger))
			download.Routes(mux, documents, verifier, logger)
		},
		RegisterGRPC: func(s *grpc.Server) {
			documentv1.RegisterDocumentServiceServer(s, grpcadapter.NewServer(documents))
		},
		GRPCOptions: grpcadapter.ServerOptions(),
		Ready:       []health.Check{{Name: "postgres", Func: pool.Ping}},
	}
	consumer := natsadapter.NewRentingConsumer(js, pool, repo, logger, natsadapter.RentingStream)
	return server.Run(ctx, logger, append(api.Components(), server.Func("renting-events", consumer.Run))...)
}
