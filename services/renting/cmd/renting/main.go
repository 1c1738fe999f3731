// Command renting runs the renting service: `renting serve` or `renting migrate`.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/events"
	platformhealth "semesterhaus/platform/health"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	rentingv1 "semesterhaus/proto/gen/renting/v1"
	"semesterhaus/services/renting/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	natsadapter "semesterhaus/services/renting/internal/adapters/nats"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/config"
	"semesterhaus/services/renting/migrations"
)

const usage = "usage: renting serve | migrate"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "renting:", err)
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
	logger := logging.New(cfg.LogLevel, cfg.LogFormat).With("service", "renting")
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
	nc, js, err := events.Connect(ctx, cfg.NATSURL, logger)
	if err != nil {
		return err
	}
	defer nc.Close()
	if err := natsadapter.EnsureStream(ctx, js, natsadapter.Stream, natsadapter.SubjectPrefix); err != nil {
		return err
	}
	verifier, err := identity.VerifierFromConfig(cfg.IdentityPublicKey, logger)
	if err != nil {
		return err
	}
	peers, err := dialPeers(cfg)
	if err != nil {
		return err
	}
	defer peers.close()
	rentings := app.New(pgadapter.NewRepository(pool, natsadapter.SubjectPrefix),
		grpcadapter.NewCatalog(peers.catalog), grpcadapter.NewRenters(peers.renter), grpcadapter.NewDocuments(peers.document),
		time.Now, app.Settings{TimeZone: cfg.Location(), ConfirmationTimeout: cfg.ConfirmationTimeout}, logger)

	mux := http.NewServeMux()
	mux.Handle("/graphql", graphql.NewHandler(rentings, verifier, logger))
	platformhealth.Mux(mux, platformhealth.Check{Name: "postgres", Func: pool.Ping})

	grpcServer := grpc.NewServer(grpc.UnaryInterceptor(identity.UnaryServerInterceptor(verifier)))
	rentingv1.RegisterRentingServiceServer(grpcServer, grpcadapter.NewServer(rentings))
	healthv1.RegisterHealthServer(grpcServer, health.NewServer())

	return server.Run(ctx, logger,
		server.HTTP("graphql", cfg.HTTPAddr, mux),
		server.GRPC("grpc", cfg.GRPCAddr, grpcServer),
		natsadapter.Relay(pool, js, logger),
		server.Func("jobs", func(ctx context.Context) error { return rentings.RunJobsEvery(ctx, cfg.JobInterval) }),
	)
}

// peers are the client connections to the services the renting service calls.
type peers struct {
	catalog, renter, document *grpc.ClientConn
}

func dialPeers(cfg config.Config) (peers, error) {
	var p peers
	var errs [3]error
	p.catalog, errs[0] = grpcadapter.Dial(cfg.CatalogGRPCAddr)
	p.renter, errs[1] = grpcadapter.Dial(cfg.RenterGRPCAddr)
	p.document, errs[2] = grpcadapter.Dial(cfg.DocumentGRPCAddr)
	if err := errors.Join(errs[:]...); err != nil {
		p.close()
		return peers{}, err
	}
	return p, nil
}

func (p peers) close() {
	for _, conn := range []*grpc.ClientConn{p.catalog, p.renter, p.document} {
		if conn != nil {
			_ = conn.Close()
		}
	}
}
