package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/domain"
	"semesterhaus/services/renter/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// storeMails stores mails to renter 1 for the events, in their order; an id "renterN/event" names
// another renter.
func storeMails(t *testing.T, pool *pgxpool.Pool, eventIDs ...string) {
	t.Helper()
	err := postgres.InTx(context.Background(), pool, func(tx pgx.Tx) error {
		store := pgadapter.MailStoreIn(tx)
		for _, id := range eventIDs {
			renterID := int64(1)
			if renter, _, ok := strings.Cut(id, "/"); ok {
				renterID, _ = strconv.ParseInt(strings.TrimPrefix(renter, "renter"), 10, 64)
			}
			if err := store.AddMail(context.Background(), domain.Mail{EventID: id, RenterID: renterID, To: "anna@example.org", Subject: "s", Text: "t", HTML: "h"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAddMail_aSecondMailForTheSameEventIsIgnored(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	storeMails(t, pool, "e1", "e1")
	var count int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM outgoing_mail").Scan(&count); err != nil || count != 1 {
		t.Errorf("%d mails, %v; want 1", count, err)
	}
}

func TestDeliverNext_aFailedMailWaitsForItsRetryAndASentOneIsDone(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	ctx := context.Background()
	storeMails(t, pool, "e1")

	found, err := repo.DeliverNext(ctx, func(domain.Mail) error { return errors.New("550 mailbox unavailable") })
	if err != nil || !found {
		t.Fatalf("first delivery: %v, %v", found, err)
	}
	var attempts int
	var lastError string
	var wait time.Duration
	err = pool.QueryRow(ctx, "SELECT attempts, last_error, next_attempt_at - now() FROM outgoing_mail").Scan(&attempts, &lastError, &wait)
	if err != nil || attempts != 1 || lastError != "550 mailbox unavailable" || wait < 25*time.Second || wait > 31*time.Second {
		t.Fatalf("after a failure: attempts %d, error %q, due in %v (%v)", attempts, lastError, wait, err)
	}
	if found, _ := repo.DeliverNext(ctx, func(domain.Mail) error { t.Error("a mail was delivered before its retry"); return nil }); found {
		t.Error("the failed mail was due again at once")
	}

	if _, err := pool.Exec(ctx, "UPDATE outgoing_mail SET next_attempt_at = now()"); err != nil {
		t.Fatal(err)
	}
	if found, err := repo.DeliverNext(ctx, func(domain.Mail) error { return nil }); !found || err != nil {
		t.Fatalf("retry: %v, %v", found, err)
	}
	if found, _ := repo.DeliverNext(ctx, func(domain.Mail) error { t.Error("a sent mail was delivered again"); return nil }); found {
		t.Error("a sent mail was due again")
	}
}

func TestDeliverNext_concurrentSendersNeverDeliverTheSameMail(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	storeMails(t, pool, "renter1/e1", "renter2/e2")

	delivered := deliverWhileAnotherSenderHoldsAMail(t, repo)
	if len(delivered) != 2 || delivered[0] == delivered[1] {
		t.Errorf("delivered %v, want both mails once", delivered)
	}
}

func TestDeliverNext_aRentersMailsGoOutInTheirOrder(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	storeMails(t, pool, "renter1/e1", "renter1/e2", "renter2/e3")

	// While the first sender holds renter 1's first mail, the second sender skips renter 1's second
	// mail and takes renter 2's.
	if delivered := deliverWhileAnotherSenderHoldsAMail(t, repo); !slices.Equal(delivered, []string{"renter2/e3", "renter1/e1"}) {
		t.Fatalf("delivered %v, want renter 2's mail beside renter 1's first", delivered)
	}
	var next []string
	for {
		found, err := repo.DeliverNext(context.Background(), func(m domain.Mail) error { next = append(next, m.EventID); return nil })
		if err != nil {
			t.Fatal(err)
		}
		if !found {
			break
		}
	}
	if !slices.Equal(next, []string{"renter1/e2"}) {
		t.Errorf("then delivered %v, want renter 1's second mail", next)
	}
}

// deliverWhileAnotherSenderHoldsAMail has one sender take the first due mail and hold it while a
// second sender delivers; it returns what was delivered, the second sender's mail first.
func deliverWhileAnotherSenderHoldsAMail(t *testing.T, repo *pgadapter.Repository) []string {
	t.Helper()
	holding := make(chan struct{})
	release := make(chan struct{})
	var mu sync.Mutex
	var delivered []string
	deliver := func(m domain.Mail) error {
		mu.Lock()
		delivered = append(delivered, m.EventID)
		mu.Unlock()
		return nil
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		_, _ = repo.DeliverNext(context.Background(), func(m domain.Mail) error {
			close(holding) // the first sender holds its mail's lock...
			<-release
			return deliver(m)
		})
	})
	<-holding
	// ...while a second sender takes another mail instead of waiting for it.
	if found, err := repo.DeliverNext(context.Background(), deliver); !found || err != nil {
		t.Errorf("second sender: %v, %v", found, err)
	}
	close(release)
	wg.Wait()
	return delivered
}

func TestClaimNextDueMail_readsTheHeadOfALongQueueOnly(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	ctx := context.Background()
	queue := make([]string, 1000)
	for i := range queue {
		queue[i] = fmt.Sprintf("renter%d/e%d", i%700+1, i)
	}
	storeMails(t, pool, queue...)
	if _, err := pool.Exec(ctx, "ANALYZE outgoing_mail"); err != nil { // as autovacuum would
		t.Fatal(err)
	}

	// A burst of 500 confirmations queues 500 mails; each sender's next mail must cost the same
	// whether 10 or 1000 are waiting.
	err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		row, err := db.New(tx).ClaimNextDueMail(ctx, 60)
		if err != nil || row.EventID != queue[0] {
			t.Errorf("next mail %q, %v; want %q", row.EventID, err, queue[0])
		}
		read, err := pgtest.RowsRead(ctx, tx, "outgoing_mail")
		if err != nil {
			return err
		}
		if read > 20 {
			t.Errorf("taking the next of %d mails read %d of them", len(queue), read)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDeliverNext_connectionBrokenAfterTheMailWentOut_marksItSentAndNeverSendsItAgain(t *testing.T) {
	t.Parallel()
	pool, url := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	ctx := context.Background()
	storeMails(t, pool, "e1")
	otherPool, err := postgres.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(otherPool.Close)
	otherReplica := pgadapter.NewRepository(otherPool)

	found, err := repo.DeliverNext(ctx, func(domain.Mail) error {
		// The mail went out; now every connection to the database breaks (a restart, a reset), as the
		// fault harness saw it happen...
		if _, err := pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
			t.Errorf("could not break the connections: %v", err)
		}
		// ...and another replica's sender looks for due mails meanwhile (its first look may meet its
		// own broken connection): the mail is not due for it.
		for range 2 {
			if found, _ := otherReplica.DeliverNext(ctx, func(domain.Mail) error { t.Error("another sender took the mail that was out"); return nil }); found {
				t.Error("another sender found the mail that was out")
			}
		}
		return nil
	})
	if !found || err != nil {
		t.Fatalf("delivery: %v, %v; want the mail marked sent on another connection", found, err)
	}
	var sent bool
	if err := pool.QueryRow(ctx, "SELECT sent_at IS NOT NULL FROM outgoing_mail WHERE event_id = 'e1'").Scan(&sent); err != nil || !sent {
		t.Fatalf("the delivered mail is not marked sent (%v)", err)
	}
	if found, _ := repo.DeliverNext(ctx, func(domain.Mail) error { t.Error("the delivered mail went out again"); return nil }); found {
		t.Error("the delivered mail was due again")
	}
}

func TestDeliverNext_aSenderThatDied_leavesItsMailDueWhenTheLeaseEnds(t *testing.T) {
	t.Parallel()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	repo := pgadapter.NewRepository(pool)
	ctx := context.Background()
	storeMails(t, pool, "e1")
	// A sender claims the mail and dies before it goes out (its process killed).
	if _, err := db.New(pool).ClaimNextDueMail(ctx, 120); err != nil {
		t.Fatal(err)
	}
	if found, _ := repo.DeliverNext(ctx, func(domain.Mail) error { t.Error("a claimed mail was taken"); return nil }); found {
		t.Fatal("the claimed mail was due at once")
	}
	if _, err := pool.Exec(ctx, "UPDATE outgoing_mail SET next_attempt_at = now()"); err != nil { // the lease ends
		t.Fatal(err)
	}
	var delivered []string
	if found, err := repo.DeliverNext(ctx, func(m domain.Mail) error { delivered = append(delivered, m.EventID); return nil }); !found || err != nil || !slices.Equal(delivered, []string{"e1"}) {
		t.Errorf("after the lease: %v, %v, delivered %v; want the mail to go out", found, err, delivered)
	}
}
