package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/pgtest"
	"semesterhaus/platform/postgres"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/payment/internal/adapters/postgres"
	"semesterhaus/services/payment/internal/app"
	"semesterhaus/services/payment/internal/domain"
	"semesterhaus/services/payment/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var created = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func newRepository(t *testing.T) (*pgadapter.Repository, *pgxpool.Pool) {
	t.Helper()
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	return pgadapter.NewRepository(pool, "payment"), pool
}

// open is a new payment of 2,890.50 € for a renting.
func open() domain.Payment {
	id := uuid.NewString()
	return domain.Payment{
		ID: id, RentingID: uuid.NewString(), Amount: domain.Money{Cents: 289_050, Currency: "EUR"}, Status: domain.StatusOpen,
		Link: "http://public.test/api/checkout/" + id, Apartment: "1.01", Semester: "SoSe 2027", CreatedAt: created,
	}
}

// stored is an open payment stored in a fresh repository.
func stored(t *testing.T) (*pgadapter.Repository, *pgxpool.Pool, domain.Payment) {
	t.Helper()
	repo, pool := newRepository(t)
	p := open()
	create(t, repo, pool, p)
	return repo, pool, p
}

func create(t *testing.T, repo *pgadapter.Repository, pool *pgxpool.Pool, p domain.Payment) {
	t.Helper()
	if err := postgres.InTx(context.Background(), pool, func(tx pgx.Tx) error {
		return repo.InTx(tx).Create(context.Background(), p, domain.Charges(p, 0, nil))
	}); err != nil {
		t.Fatal(err)
	}
}

// outbox returns the subjects of the enqueued events, oldest first.
func outbox(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	var subjects []string
	if err := pool.QueryRow(context.Background(), "SELECT coalesce(array_agg(subject ORDER BY seq), '{}') FROM outbox").Scan(&subjects); err != nil {
		t.Fatal(err)
	}
	return subjects
}

func count(t *testing.T, pool *pgxpool.Pool, query string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func apply(repo *pgadapter.Repository, o domain.Outcome) (domain.Effect, error) {
	return repo.Apply(context.Background(), o, func(p *domain.Payment) domain.Effect { return p.Apply(o, created.Add(time.Hour)) }, nothingThen)
}

// nothingThen follows no applied report.
func nothingThen(app.Store, domain.Payment, domain.Effect) error { return nil }

func TestCreate_newPayment_storedWithItsLinkCreatedEvent(t *testing.T) {
	t.Parallel()
	repo, pool := newRepository(t)
	p := open()

	create(t, repo, pool, p)

	got, err := repo.PaymentOfRenting(context.Background(), p.RentingID)
	if err != nil || got.ID != p.ID || got.Amount != p.Amount || got.Status != domain.StatusOpen || got.Link != p.Link ||
		got.Apartment != "1.01" || got.Semester != "SoSe 2027" || !got.CreatedAt.Equal(created) || !got.PaidAt.IsZero() {
		t.Errorf("stored %+v, %v; want %+v", got, err, p)
	}
	if byID, err := repo.Payment(context.Background(), p.ID); err != nil || byID.RentingID != p.RentingID {
		t.Errorf("Payment(%s) = %+v, %v", p.ID, byID, err)
	}
	var payload []byte
	if err := pool.QueryRow(context.Background(), "SELECT payload FROM outbox WHERE subject = 'payment.link_created'").Scan(&payload); err != nil {
		t.Fatal(err)
	}
	var event eventsv1.PaymentLinkCreated
	if err := proto.Unmarshal(payload, &event); err != nil || event.GetPaymentLink() != p.Link || event.GetRentingId() != p.RentingID ||
		event.GetAmountCents() != 289_050 || event.GetCurrency() != "EUR" {
		t.Errorf("link_created = %v, %v", &event, err)
	}
}

func TestCreate_secondPaymentOfTheRenting_keepsTheFirstAndEnqueuesNothing(t *testing.T) {
	t.Parallel()
	repo, pool, first := stored(t)
	second := open()
	second.RentingID = first.RentingID

	create(t, repo, pool, second)

	if got, err := repo.PaymentOfRenting(context.Background(), first.RentingID); err != nil || got.ID != first.ID {
		t.Errorf("the renting's payment is %+v, %v; want the first", got, err)
	}
	if got := outbox(t, pool); !slices.Equal(got, []string{"payment.link_created"}) {
		t.Errorf("events %v, want one link_created", got)
	}
}

func TestApply_failureThenSuccess_staysPayableThenPaidEachWithItsEvent(t *testing.T) {
	t.Parallel()
	repo, pool, p := stored(t)

	if effect, err := apply(repo, domain.Outcome{EventID: "evt_1", PaymentID: p.ID, Reason: "card declined", Amount: p.Amount}); err != nil || effect != domain.Failed {
		t.Fatalf("failure: %v, %v", effect, err)
	}
	if got, _ := repo.Payment(context.Background(), p.ID); got.Status != domain.StatusFailed {
		t.Errorf("after the failure the payment is %s, want FAILED", got.Status)
	}
	if effect, err := apply(repo, domain.Outcome{EventID: "evt_2", PaymentID: p.ID, Succeeded: true, Amount: p.Amount}); err != nil || effect != domain.Paid {
		t.Fatalf("success: %v, %v", effect, err)
	}
	if got, _ := repo.Payment(context.Background(), p.ID); got.Status != domain.StatusPaid || !got.PaidAt.Equal(created.Add(time.Hour)) {
		t.Errorf("after the success the payment is %+v, want PAID at the report's time", got)
	}
	if got := outbox(t, pool); !slices.Equal(got, []string{"payment.link_created", "payment.failed", "payment.succeeded"}) {
		t.Errorf("events %v", got)
	}
}

func TestApply_paymentsGetReceiptNumbersInTheOrderTheyArePaid_keptOnLaterReports(t *testing.T) {
	t.Parallel()
	repo, pool := newRepository(t)
	first, second, unpaid := open(), open(), open()
	for _, p := range []domain.Payment{first, second, unpaid} {
		create(t, repo, pool, p)
	}
	for i, p := range []domain.Payment{second, first, second} {
		if _, err := apply(repo, domain.Outcome{EventID: fmt.Sprintf("evt_%d", i), PaymentID: p.ID, Succeeded: true, Amount: p.Amount}); err != nil {
			t.Fatal(err)
		}
	}
	for p, want := range map[string]int64{second.ID: 1, first.ID: 2, unpaid.ID: 0} {
		if got, err := repo.Payment(context.Background(), p); err != nil || got.ReceiptNumber != want {
			t.Errorf("payment %s has receipt number %d, %v; want %d", p, got.ReceiptNumber, err, want)
		}
	}
}

func TestApply_receiptNumberOfARolledBackPayment_isGivenToTheNextLeavingNoGap(t *testing.T) {
	t.Parallel()
	repo, pool := newRepository(t)
	paid := open()
	create(t, repo, pool, paid)
	rolledBack := errors.New("the paying transaction fails after drawing its number")
	err := postgres.InTx(context.Background(), pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(context.Background(), "UPDATE receipt_counter SET last = last + 1"); err != nil {
			return err
		}
		return rolledBack
	})
	if !errors.Is(err, rolledBack) {
		t.Fatal(err)
	}

	if _, err := apply(repo, domain.Outcome{EventID: "evt_1", PaymentID: paid.ID, Succeeded: true, Amount: paid.Amount}); err != nil {
		t.Fatal(err)
	}
	if got, err := repo.Payment(context.Background(), paid.ID); err != nil || got.ReceiptNumber != 1 {
		t.Errorf("receipt number %d (%v), want 1: the rolled-back draw leaves no gap", got.ReceiptNumber, err)
	}
}

func TestApply_sameEventIDAgain_ignoredAndNothingEnqueued(t *testing.T) {
	t.Parallel()
	repo, pool, p := stored(t)
	report := domain.Outcome{EventID: "evt_1", PaymentID: p.ID, Reason: "card declined", Amount: p.Amount}
	if _, err := apply(repo, report); err != nil {
		t.Fatal(err)
	}

	effect, err := apply(repo, report)

	if err != nil || effect != domain.Ignored {
		t.Errorf("the same event again: %v, %v; want ignored", effect, err)
	}
	if n := count(t, pool, "SELECT count(*) FROM outbox WHERE subject = 'payment.failed'"); n != 1 {
		t.Errorf("%d failed events, want 1", n)
	}
}

func TestApply_reportOfAnotherAmount_auditedAndThePaymentUnchanged(t *testing.T) {
	t.Parallel()
	repo, pool, p := stored(t)

	effect, err := apply(repo, domain.Outcome{EventID: "evt_1", PaymentID: p.ID, Succeeded: true, Amount: domain.Money{Cents: 1, Currency: "EUR"}})

	if err != nil || effect != domain.Refused {
		t.Fatalf("a one-cent report: %v, %v; want refused", effect, err)
	}
	if got, _ := repo.Payment(context.Background(), p.ID); got.Status != domain.StatusOpen {
		t.Errorf("status %s, want still open", got.Status)
	}
	if n := count(t, pool, "SELECT count(*) FROM audit_log WHERE action = 'refusePaymentReport' AND subject = 'payment/"+p.ID+"'"); n != 1 {
		t.Errorf("%d audit entries of the refused report, want 1", n)
	}
	if got := outbox(t, pool); !slices.Equal(got, []string{"payment.link_created"}) {
		t.Errorf("events %v; a refused report publishes nothing", got)
	}
}

func TestRepository_unknownPaymentOrRenting_notFound(t *testing.T) {
	t.Parallel()
	repo, _ := newRepository(t)
	ctx := context.Background()
	if _, err := repo.Payment(ctx, uuid.NewString()); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("Payment = %v, want not found", err)
	}
	if _, err := repo.PaymentOfRenting(ctx, uuid.NewString()); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("PaymentOfRenting = %v, want not found", err)
	}
	if _, err := apply(repo, domain.Outcome{EventID: "evt_1", PaymentID: uuid.NewString(), Succeeded: true}); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("Apply to an unknown payment = %v, want not found", err)
	}
}
