package auditgrpc_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/audit/auditgrpc"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	auditv1 "semesterhaus/proto/gen/audit/v1"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestEntriesConcerning_adminsOnlyAndForOneKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := pgtest.NewDatabase(t, nil)
	entry := audit.Entry{Actor: "anna", Action: "approveIdentityCard", Subject: "renting/r1", Concerns: "renter/5",
		Details: map[string]any{"state": "OWNER_ACKNOWLEDGED"}}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return audit.Record(ctx, tx, entry) }); err != nil {
		t.Fatal(err)
	}
	server := auditgrpc.NewServer(pool, slog.New(slog.DiscardHandler))
	admin := identity.WithIdentity(ctx, identity.Identity{Subject: "anna", Role: identity.RoleAdmin})

	t.Run("admin gets the renter's entries", func(t *testing.T) {
		resp, err := server.EntriesConcerning(admin, &auditv1.EntriesConcerningRequest{Concerns: "renter/5"})
		if err != nil {
			t.Fatal(err)
		}
		got := auditgrpc.FromProto(resp.GetEntries())
		if len(got) != 1 || got[0].Actor != "anna" || got[0].Action != "approveIdentityCard" || got[0].At.IsZero() ||
			string(got[0].Details) != `{"state": "OWNER_ACKNOWLEDGED"}` {
			t.Errorf("entries = %+v", got)
		}
	})
	t.Run("anonymous callers are refused", func(t *testing.T) {
		_, err := server.EntriesConcerning(ctx, &auditv1.EntriesConcerningRequest{Concerns: "renter/5"})
		if status.Code(err) != codes.PermissionDenied {
			t.Errorf("got %v, want PermissionDenied", err)
		}
	})
	t.Run("another key's entries are not given", func(t *testing.T) {
		resp, err := server.EntriesConcerning(admin, &auditv1.EntriesConcerningRequest{Concerns: "renter/6"})
		if err != nil || len(resp.GetEntries()) != 0 {
			t.Errorf("got %v, %v; want no entries", resp.GetEntries(), err)
		}
	})
	t.Run("a key must be named", func(t *testing.T) {
		_, err := server.EntriesConcerning(admin, &auditv1.EntriesConcerningRequest{})
		if status.Code(err) != codes.InvalidArgument {
			t.Errorf("got %v, want InvalidArgument", err)
		}
	})
}
