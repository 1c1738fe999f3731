// Command catalog runs the catalog service: `catalog serve`, `catalog migrate` or `catalog import FILE`;
// `catalog check FILE` checks a building file, with no database and no settings.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"
	_ "time/tzdata" // the residence's time zone must be known in minimal container images too

	"google.golang.org/grpc"

	"semesterhaus/platform/postgres"
	"semesterhaus/platform/server"
	"semesterhaus/platform/service"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	"semesterhaus/services/catalog/internal/adapters/buildingfile"
	"semesterhaus/services/catalog/internal/adapters/graphql"
	grpcadapter "semesterhaus/services/catalog/internal/adapters/grpc"
	"semesterhaus/services/catalog/internal/adapters/pictures"
	pgadapter "semesterhaus/services/catalog/internal/adapters/postgres"
	"semesterhaus/services/catalog/internal/app"
	"semesterhaus/services/catalog/internal/config"
	"semesterhaus/services/catalog/internal/domain"
	"semesterhaus/services/catalog/migrations"
)

func main() {
	// check needs none of the settings that service.Main reads (DATABASE_URL is required there).
	if len(os.Args) > 1 && os.Args[1] == "check" {
		os.Exit(check(os.Args[2:], os.Stdout, os.Stderr))
	}
	service.Main("catalog", config.Load, map[string]service.Command[config.Config]{
		"serve":       service.Serve(service.Needs{}, serve),
		"migrate":     service.Migrate[config.Config](migrations.FS),
		"import FILE": importBuilding,
	})
}

func serve(ctx context.Context, cfg config.Config, infra *service.Infra, logger *slog.Logger) error {
	verifier := infra.Verifier
	catalog := app.New(pgadapter.NewRepository(infra.Pool), time.Now, app.Settings{
		TimeZone: cfg.TimeZone.Location, RenewalWindowDays: cfg.RenewalWindowDays, SemestersAheadMonths: cfg.SemestersAheadMonths,
		MaxImagePixels: cfg.MaxImagePixels, MaxConcurrentDecodes: cfg.MaxConcurrentDecodes,
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
		Routes: func(mux *http.ServeMux) {
			mux.Handle("/graphql", graphql.NewHandler(catalog, verifier, logger))
			mux.Handle(pictures.Route, pictures.NewHandler(catalog, logger))
		},
		RegisterGRPC: func(s *grpc.Server) {
			catalogv1.RegisterCatalogServiceServer(s, grpcadapter.NewServer(catalog))
		},
		Callers: grpcadapter.Callers,
	}, semestersAhead, changes)
}

// importBuilding is `catalog import FILE`: it stores the building the file describes (see
// docs/building-file.md) and the semesters around today.
func importBuilding(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	name := service.Args(ctx)[0]
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	building, err := buildingfile.Parse(name, data)
	if err != nil {
		return err
	}
	pool, err := postgres.Connect(ctx, cfg.DatabaseURL.Reveal())
	if err != nil {
		return err
	}
	defer pool.Close()
	today := time.Now().In(cfg.TimeZone.Location)
	result, err := pgadapter.NewRepository(pool).Import(ctx, building, domain.SemestersAround(today))
	if err != nil {
		return err
	}
	for _, a := range result.Unlisted {
		logger.WarnContext(ctx, "apartment not in the file: kept, with its rentings", "apartmentId", a.ID, "name", a.Name)
	}
	logger.InfoContext(ctx, "building imported", "file", name, "unchanged", result.Unchanged, "apartments", building.ApartmentCount(),
		"apartmentsChanged", result.ApartmentsChanged, "semestersAdded", len(result.SemestersAdded))
	return nil
}

// check is `catalog check FILE`: it reads the building file as `catalog import FILE` does and prints
// every mistake with its line, on stderr, or a summary of the building, on stdout. It writes nothing
// and needs no database. It returns the exit status: 0 for a good file, 1 for a file with mistakes
// or one that cannot be read, 2 for a call without exactly one file.
func check(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: catalog check FILE")
		return 2
	}
	name := args[0]
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "catalog: %v\n", err)
		return 1
	}
	building, err := buildingfile.Parse(name, data)
	var mistakes buildingfile.Mistakes
	if errors.As(err, &mistakes) {
		for _, m := range mistakes {
			fmt.Fprintln(stderr, m)
		}
		fmt.Fprintf(stderr, "%s: %d %s; nothing can be imported while one remains\n", name, len(mistakes), plural(len(mistakes), "mistake", "mistakes"))
		return 1
	} else if err != nil {
		fmt.Fprintf(stderr, "catalog: %v\n", err)
		return 1
	}
	r := building.Rules
	methods := make([]string, len(r.PaymentMethods))
	for i, m := range r.PaymentMethods {
		methods[i] = string(m)
	}
	meters := "none"
	if len(r.Meters) > 0 {
		meters = strings.Join(r.Meters, ", ")
	}
	fmt.Fprintf(stdout, "%s is good: %s, %d %s, %d %s\n", name, building.Name,
		len(building.Floors), plural(len(building.Floors), "floor", "floors"), building.ApartmentCount(), plural(building.ApartmentCount(), "apartment", "apartments"))
	fmt.Fprintf(stdout, "rules: payment by %s; deposit returned within %d days; handover answered within %d days; meters: %s\n",
		strings.Join(methods, ", "), r.DepositReturnDays, r.HandoverAnswerDays, meters)
	return 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
