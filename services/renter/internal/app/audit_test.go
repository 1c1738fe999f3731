package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renter/internal/app"
)

type fixedSource struct {
	entries []audit.Recorded
	err     error
}

func (s fixedSource) EntriesOfRenter(context.Context, int64) ([]audit.Recorded, error) {
	return s.entries, s.err
}

func TestAuditLog_OfRenter(t *testing.T) {
	day := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)
	here := fixedSource{entries: []audit.Recorded{{At: day, Action: "updateRenter"}, {At: day.Add(-48 * time.Hour), Action: "updateRenter"}}}
	renting := fixedSource{entries: []audit.Recorded{{At: day.Add(-24 * time.Hour), Action: "approveIdentityCard"}}}
	admin := identity.WithIdentity(context.Background(), identity.Identity{Subject: "admin", Role: identity.RoleAdmin})

	entries, err := app.NewAuditLog(here, renting).OfRenter(admin, 7)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		actions = append(actions, e.Action)
	}
	if len(entries) != 3 || actions[1] != "approveIdentityCard" || !entries[0].At.Equal(day) {
		t.Errorf("entries = %v, want both services' entries merged newest first", actions)
	}

	if _, err := app.NewAuditLog(here).OfRenter(context.Background(), 7); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v, want ErrForbidden", err)
	}
	down := errors.New("renting unavailable")
	if _, err := app.NewAuditLog(here, fixedSource{err: down}).OfRenter(admin, 7); !errors.Is(err, down) {
		t.Errorf("a failing service: %v, want its error rather than a log with holes", err)
	}
}
