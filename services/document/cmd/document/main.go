// Command document runs the document service: `document serve` or `document migrate`.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"google.golang.org/grpc"

	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/events"
	"semesterhaus/platform/picture"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	"semesterhaus/proto/events/v1/streams"
	auditv1 "semesterhaus/proto/gen/audit/v1"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/internal/adapters/download"
	"semesterhaus/services/document/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/document/internal/adapters/grpc"
	"semesterhaus/services/document/internal/adapters/imaging"
	natsadapter "semesterhaus/services/document/internal/adapters/nats"
	"semesterhaus/services/document/internal/adapters/pdf"
	pgadapter "semesterhaus/services/document/internal/adapters/postgres"
	"semesterhaus/services/document/internal/adapters/signing"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/config"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/migrations"
)

func main() {
	service.Main("document", config.Load, map[string]service.Command[config.Config]{
		"serve":   service.Serve(service.Needs{NATS: true, Publishes: []streams.Stream{streams.Document.Stream()}}, serve),
		"migrate": service.Migrate[config.Config](migrations.FS),
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	pool, verifier := infra.Pool, infra.Verifier
	repo := pgadapter.NewRepository(pool)
	documents := app.New(repo, imaging.New(), cfg.UploadLimits())
	// Operators see whether this build has the fast encoder (-tags libjpeg) or Go's own.
	logger.Info("re-encoding uploads", "jpeg_encoder", picture.JPEGEncoder)
	conns, err := dialPeers(cfg, infra)
	if err != nil {
		return err
	}
	sources := grpcadapter.NewSources(conns.renter, conns.catalog)
	pageFiles := app.NewRenterPageFiles(grpcadapter.NewPageSources(sources, conns.renting, conns.payment), repo, pdf.Renderer{}, time.Now)
	sandbox := signing.NewSandbox(cfg.PublicURL, webhookKey(cfg), &http.Client{Timeout: 30 * time.Second})
	provider, webhooks, docusign, err := signingProvider(cfg, sandbox, logger)
	if err != nil {
		return err
	}
	contracts := app.NewContracts(repo, sources, pdf.Renderer{}, provider, time.Now)

	api := service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(documents, contracts, verifier, logger))
			download.Routes(mux, documents, verifier, logger)
			download.PageRoutes(mux, pageFiles, logger)
			signing.WebhookRoute(mux, contracts, webhooks, logger)
			if docusign != nil {
				signing.ViewRoute(mux, contracts, docusign, logger)
			} else {
				signing.PageRoutes(mux, contracts, sandbox, logger)
			}
		},
		RegisterGRPC: func(s *grpc.Server) {
			documentv1.RegisterDocumentServiceServer(s, grpcadapter.NewServer(documents, contracts))
			auditv1.RegisterAuditLogServer(s, auditgrpc.NewServer(pool, logger))
		},
		Callers:     grpcadapter.Callers,
		GRPCOptions: grpcadapter.ServerOptions(),
	}
	keeping := app.NewKeeping(domain.Keeping{IdentityCopies: cfg.IDCopyRetention, Certificates: cfg.CertificateRetention}, sources, cfg.TimeZone.Location)
	consumer := natsadapter.NewRentingConsumer(infra.JS, pool, repo, contracts, keeping, logger, streams.Renting)
	deletions := app.Retention(repo, app.RetentionPeriods{Contracts: cfg.ContractRetention}, cfg.RetentionInterval, time.Now, logger)
	erasures := events.ErasureConsumer(infra.JS, pool, streams.Renter, streams.DocumentErasures, pgadapter.EraseRenterIn, logger)
	return infra.Run(ctx, logger, api, server.Func("renting-events", consumer.Run), deletions, erasures)
}

// peerConns are the connections to the services the contracts' and receipts' data comes from.
type peerConns struct{ renting, renter, catalog, payment *grpc.ClientConn }

// dialPeers connects to the peers. Connections are lazy, so a peer that starts later is no reason to
// fail here.
func dialPeers(cfg config.Config, infra *service.Infra) (peerConns, error) {
	var conns peerConns
	for _, p := range []struct {
		name, addr string
		conn       **grpc.ClientConn
	}{
		{"renting", cfg.RentingGRPCAddr, &conns.renting}, {"renter", cfg.RenterGRPCAddr, &conns.renter},
		{"catalog", cfg.CatalogGRPCAddr, &conns.catalog}, {"payment", cfg.PaymentGRPCAddr, &conns.payment},
	} {
		conn, err := infra.Dial(p.name, p.addr)
		if err != nil {
			return peerConns{}, err
		}
		*p.conn = conn
	}
	return conns, nil
}

// signingProvider picks the provider that opens sessions and the verifier of its webhooks; for
// DocuSign also the signing page's recipient views.
func signingProvider(cfg config.Config, sandbox *signing.Sandbox, logger *slog.Logger) (app.SigningProvider, signing.WebhookVerifier, *signing.DocuSign, error) {
	if cfg.Signing.Provider != config.ProviderDocuSign {
		return sandbox, sandbox, nil, nil
	}
	key, err := cfg.DocuSignPrivateKeyPEM()
	if err != nil {
		return nil, nil, nil, err
	}
	docusign, err := signing.NewDocuSign(signing.DocuSignSettings{
		AuthURL: cfg.DocuSignAuthURL, IntegrationKey: cfg.DocuSignIntegrationKey, UserID: cfg.DocuSignUserID,
		AccountID: cfg.DocuSignAccountID, PrivateKeyPEM: key, ConnectKeys: cfg.ConnectKeys(), PublicURL: cfg.PublicURL, Logger: logger,
	}, &http.Client{Timeout: 30 * time.Second})
	if err != nil {
		return nil, nil, nil, err
	}
	return docusign, docusign, docusign, nil
}

func webhookKey(cfg config.Config) signing.WebhookKey {
	return signing.WebhookKey{Secret: []byte(cfg.Signing.WebhookSecret.Reveal()), Tolerance: cfg.Signing.WebhookTolerance, Now: time.Now}
}
