// Command renting runs the renting service: `renting serve` or `renting migrate`.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"

	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/events"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	"semesterhaus/proto/events/v1/streams"
	auditv1 "semesterhaus/proto/gen/audit/v1"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/renting/internal/adapters/emaillink"
	"semesterhaus/services/renting/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	natsadapter "semesterhaus/services/renting/internal/adapters/nats"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/config"
	"semesterhaus/services/renting/migrations"
)

func main() {
	service.Main("renting", config.Load, map[string]service.Command[config.Config]{
		"serve":   service.Serve(service.Needs{Publishes: []streams.Stream{streams.Renting.Stream()}}, serve),
		"migrate": service.Migrate[config.Config](migrations.FS),
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	pool, js, verifier := infra.Pool, infra.JS, infra.Verifier
	peers, err := dialPeers(cfg, infra)
	if err != nil {
		return err
	}
	defer peers.close()
	repo := pgadapter.NewRepository(pool, string(streams.Renting))
	clients := app.Peers{
		Catalog: grpcadapter.NewCatalog(peers.catalog), Renters: grpcadapter.NewRenters(peers.renter),
		Documents: grpcadapter.NewDocuments(peers.document), Payments: grpcadapter.NewPayments(peers.payment),
	}
	useCases := app.New(repo, clients, time.Now, app.Settings{TimeZone: cfg.TimeZone.Location, ConfirmationTimeout: cfg.ConfirmationTimeout, KeyCodeDays: cfg.KeyCodeDays,
		UnconfirmedRetention: cfg.UnconfirmedRequestRetention, UnsignedAfter: time.Duration(cfg.UnsignedContractDays) * 24 * time.Hour,
		Reminders: cfg.Reminders(),
		Waitlist:  app.WaitlistSettings{OfferValidity: cfg.WaitlistOfferValidity, MailWindow: cfg.WaitlistMailWindow},
		MailLimit: cfg.MailLimit()}, logger)
	consumers := natsadapter.NewConsumers(js, pool, func(tx pgx.Tx) app.Updater { return repo.In(tx) }, useCases.Facts, logger)

	api := service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(useCases, verifier, logger))
			emaillink.Routes(mux, useCases.Booking, logger)
		},
		RegisterGRPC: func(s *grpc.Server) {
			rentingv1.RegisterRentingServiceServer(s, grpcadapter.NewServer(useCases.Queries))
			auditv1.RegisterAuditLogServer(s, auditgrpc.NewServer(pool, logger))
		},
		Callers: grpcadapter.Callers,
	}
	jobs := server.Every("jobs", cfg.JobInterval, logger, func(ctx context.Context) error {
		_, err := useCases.Jobs.RunJobs(ctx)
		return err
	})
	erasures := events.ErasureConsumer(js, pool, streams.Renter, streams.RentingErasures, pgadapter.EraseRenterIn, logger)
	return infra.Run(ctx, logger, api, append(consumers.Components(streams.Document, streams.Payment), jobs, erasures)...)
}

// peers are the client connections to the services the renting service calls.
type peers struct {
	catalog, renter, document, payment *grpc.ClientConn
}

func dialPeers(cfg config.Config, infra *service.Infra) (peers, error) {
	var p peers
	var errs [4]error
	p.catalog, errs[0] = infra.Dial("catalog", cfg.CatalogGRPCAddr)
	p.renter, errs[1] = infra.Dial("renter", cfg.RenterGRPCAddr)
	p.document, errs[2] = infra.Dial("document", cfg.DocumentGRPCAddr, grpcadapter.DocumentOptions()...)
	p.payment, errs[3] = infra.Dial("payment", cfg.PaymentGRPCAddr)
	if err := errors.Join(errs[:]...); err != nil {
		p.close()
		return peers{}, err
	}
	return p, nil
}

func (p peers) close() {
	for _, conn := range []*grpc.ClientConn{p.catalog, p.renter, p.document, p.payment} {
		if conn != nil {
			_ = conn.Close()
		}
	}
}
