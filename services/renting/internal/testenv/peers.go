package testenv

import (
	"log/slog"
	"testing"
	"time"

	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/renter/rentertest"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	"semesterhaus/services/renting/internal/app"
)

// Peers is the renting service wired to the real renter and document services, each on a fresh
// database of its own.
type Peers struct {
	*Env
	RenterService *rentertest.Server
	RenterClient  *grpcadapter.Renters
}

// NewWithPeers builds the renting use cases as New does, but on the real renter and document
// services over gRPC instead of fakes.
func NewWithPeers(t testing.TB, day time.Time) *Peers {
	t.Helper()
	env := New(t, day, Subjects)
	renterService := rentertest.Start(t, env.Clock.Now)
	renters := grpcadapter.NewRenters(dial(t, renterService.Addr))
	documents := grpcadapter.NewDocuments(dial(t, documenttest.NewGRPCServer(t)))
	env.Renters, env.Documents = nil, nil // the fakes stand in for nothing here
	env.Rentings = app.New(env.Repo, env.Catalog, renters, documents, env.Clock.Now,
		app.Settings{TimeZone: Berlin, ConfirmationTimeout: 72 * time.Hour}, slog.New(slog.DiscardHandler))
	return &Peers{Env: env, RenterService: renterService, RenterClient: renters}
}
