// Command renter runs the renter service: `renter serve` or `renter migrate`.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/events"
	platformhealth "semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
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

const usage = "usage: renter serve | migrate"

// mailInterval is how often the sender looks for due mails.
const mailInterval = 2 * time.Second

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "renter:", err)
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
	logger := logging.New(cfg.LogLevel, cfg.LogFormat).With("service", "renter")
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
	if cfg.NATSURL == "" {
		return fmt.Errorf("NATS_URL is required to serve: the renting events come from there")
	}
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
	renderer, err := mail.NewRenderer()
	if err != nil {
		return err
	}
	transport, err := mail.NewSMTP(cfg.SMTPAddr, cfg.MailFrom)
	if err != nil {
		return err
	}
	repo := pgadapter.NewRepository(pool)
	renters := app.NewRenters(repo, time.Now)
	consumer := natsadapter.NewMailConsumer(js, pool, app.NewMails(renderer, cfg.PublicURL, time.Now), natsadapter.RentingStream, logger)
	sender := app.NewMailSender(repo, transport, mailInterval, logger)

	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(renters, verifier, logger))
	platformhealth.Mux(mux, platformhealth.Check{Name: "postgres", Func: pool.Ping})

	grpcServer := grpc.NewServer(grpc.UnaryInterceptor(identity.UnaryServerInterceptor(verifier)))
	renterv1.RegisterRenterServiceServer(grpcServer, grpcadapter.NewServer(renters, logger))
	healthv1.RegisterHealthServer(grpcServer, health.NewServer())

	return server.Run(ctx, logger,
		server.HTTP("graphql", cfg.HTTPAddr, mux),
		server.GRPC("grpc", cfg.GRPCAddr, grpcServer),
		server.Func("renting-events", consumer.Run),
		server.Func("mail-sender", sender.Run),
	)
}
