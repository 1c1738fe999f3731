// Command renter runs the renter service: `renter serve` or `renter migrate`.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"

	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	"semesterhaus/proto/events/v1/streams"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/renter/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"
	"semesterhaus/services/renter/internal/adapters/mail"
	natsadapter "semesterhaus/services/renter/internal/adapters/nats"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/config"
	"semesterhaus/services/renter/migrations"
)

// mailInterval is how often the sender looks for due mails.
const mailInterval = 2 * time.Second

func main() {
	service.Main("renter", config.Load, map[string]service.Command[config.Config]{
		"serve":   service.Serve(service.Needs{NATS: true, Publishes: []streams.Stream{streams.Renter.Stream()}}, serve),
		"migrate": service.Migrate[config.Config](migrations.FS),
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	pool, verifier := infra.Pool, infra.Verifier
	renderer, err := mail.NewRenderer()
	if err != nil {
		return err
	}
	transport, err := mail.NewSMTP(cfg.SMTPAddr, cfg.MailFrom, cfg.SMTPHELOName, mail.SMTPSecurity{TLS: cfg.SMTPTLS,
		Username: cfg.SMTPUsername, Password: string(cfg.SMTPPassword), CAFile: cfg.SMTPCAFile})
	if err != nil {
		return err
	}
	repo := pgadapter.NewRepository(pool)
	renters := app.NewRenters(repo, time.Now)
	auditLog, closeAudit, err := dialAuditLog(cfg, infra, repo)
	if err != nil {
		return err
	}
	defer closeAudit()
	catalog, err := infra.Dial("catalog", cfg.CatalogGRPCAddr)
	if err != nil {
		return err
	}
	defer catalog.Close()
	in := func(tx pgx.Tx) app.MailStore { return pgadapter.MailStoreIn(tx) }
	mails := app.NewMails(renderer, grpcadapter.NewCatalogClient(catalog), app.MailSettings{
		PublicURL: cfg.PublicURL, NoticeWindow: cfg.SupersededMailWindow,
		PageLinkValidity: cfg.PageLinkValidity, PageLinkWindow: cfg.PageLinkWindow, TimeZone: cfg.TimeZone.Location,
	}, time.Now)
	rentings, err := infra.Dial("renting", cfg.RentingGRPCAddr)
	if err != nil {
		return err
	}
	defer rentings.Close()
	pages := app.NewPages(repo, renters, repo, mails, grpcadapter.NewRentingClient(rentings)).WithLogger(logger)
	defer pages.Wait() // the page links requested before the end are written
	erasures := app.NewErasures(repo, repo, pages, mails, time.Now)
	consumer := natsadapter.NewMailConsumer(infra.JS, pool, in, mails, streams.Renting, logger)
	sender := app.NewMailSender(repo, transport, mailInterval, app.Senders(cfg.MailSenders), logger)

	api := service.API{
		HTTPAddr: cfg.HTTPAddr, GRPCAddr: cfg.GRPCAddr,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(renters, pages, auditLog, erasures, verifier, logger))
		},
		RegisterGRPC: func(s *grpc.Server) {
			renterv1.RegisterRenterServiceServer(s, grpcadapter.NewServer(renters, pages))
		},
		Callers: grpcadapter.Callers,
	}
	deletions := natsadapter.NewRetentionConsumer(infra.JS, pool, pgadapter.ForgetRentingIn, streams.Renting, logger)
	return infra.Run(ctx, logger, api, server.Func("renting-events", consumer.Run), server.Func("mail-sender", sender.Run),
		server.Func("renting-deletions", deletions.Run))
}

// dialAuditLog joins the renter's own audit entries with those of renting and document.
func dialAuditLog(cfg config.Config, infra *service.Infra, repo *pgadapter.Repository) (*app.AuditLog, func(), error) {
	renting, err := infra.Dial("renting", cfg.RentingGRPCAddr)
	if err != nil {
		return nil, nil, err
	}
	document, err := infra.Dial("document", cfg.DocumentGRPCAddr)
	if err != nil {
		renting.Close()
		return nil, nil, err
	}
	auditLog := app.NewAuditLog(repo,
		grpcadapter.NewAuditClient("renting", renting), grpcadapter.NewAuditClient("document", document))
	return auditLog, func() { renting.Close(); document.Close() }, nil
}
