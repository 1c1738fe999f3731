// Command payment runs the payment service: `payment serve` or `payment migrate`.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"

	platformconfig "semesterhaus/platform/config"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	"semesterhaus/proto/events/v1/streams"
	paymentv1 "semesterhaus/proto/gen/payment/v1"
	"semesterhaus/services/payment/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/payment/internal/adapters/grpc"
	natsadapter "semesterhaus/services/payment/internal/adapters/nats"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	"semesterhaus/services/payment/internal/adapters/provider"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/config"
	"semesterhaus/services/payment/migrations"
)

func main() {
	service.Main("payment", config.Load, map[string]service.Command[config.Config]{
		"serve":   service.Serve(service.Needs{NATS: true, Publishes: []streams.Stream{streams.Payment.Stream()}}, serve),
		"migrate": service.Migrate[config.Config](migrations.FS),
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	pool, verifier := infra.Pool, infra.Verifier
	catalogConn, err := infra.Dial("catalog", cfg.CatalogGRPCAddr)
	if err != nil {
		return err
	}
	defer catalogConn.Close()

	repo := pgadapter.NewRepository(pool, string(streams.Payment))
	sandbox := provider.NewSandbox(cfg.PublicURL, cfg.Payment.WebhookSecret.Reveal())
	var checkout app.Provider = sandbox
	if cfg.Payment.Provider == config.ProviderStripe {
		checkout = provider.NewStripe(cfg.StripeSecretKey.Reveal(), cfg.PublicURL, cfg.StripeBackends(), time.Now)
	}
	payments := app.New(repo, grpcadapter.NewCatalog(catalogConn), checkout, provider.PaymentPage(cfg.PublicURL), cfg.TimeZone.Location, time.Now)
	in := func(tx pgx.Tx) app.Store { return repo.InTx(tx) }
	consumer := natsadapter.NewRentingConsumer(infra.JS, pool, in, payments, logger, streams.Renting)

	api := service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(payments, verifier, logger))
			checker := provider.WebhookChecker{Secret: cfg.Payment.WebhookSecret.Reveal(), Tolerance: cfg.Payment.WebhookTolerance, Now: time.Now}
			mux.Handle("POST /webhooks/payment", provider.WebhookHandler(payments, checker, logger))
			provider.PaymentPageRoute(mux, payments, cfg.PublicURL, logger)
			if cfg.Payment.Provider == platformconfig.Sandbox {
				sandbox.Routes(mux, payments, logger)
			}
		},
		RegisterGRPC: func(s *grpc.Server) {
			paymentv1.RegisterPaymentServiceServer(s, grpcadapter.NewServer(payments))
		},
		Callers: grpcadapter.Callers,
	}
	return infra.Run(ctx, logger, api, server.Func("renting-events", consumer.Run))
}
