// Package testenv builds the renting use cases for tests: a fresh migrated database on real
// PostgreSQL, a settable clock, and the fakes of the catalog, renter and document services' gRPC
// APIs from proto/ (catalogfake on the clock, renterfake, documentfake). Packages using it need
// `func TestMain(m *testing.M) { pgtest.Main(m) }`.
package testenv

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"

	"semesterhaus/platform/clocktest"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/document/documentfake"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/payment/paymentfake"
	"semesterhaus/proto/renter/renterfake"
	grpcadapter "semesterhaus/services/renting/internal/adapters/grpc"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/app"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/migrations"
)

// Berlin is the residence's time zone.
var Berlin = mustLoad("Europe/Berlin")

// DesignDay is the example day of the design: the winter semester 2026/27 runs, the summer semester
// 2027 is open for booking.
var DesignDay = time.Date(2026, 11, 22, 12, 0, 0, 0, Berlin)

// Subjects is the event subject prefix of the test repositories; tests that publish use their own.
const Subjects = "renting"

// Env is one renting service under test.
type Env struct {
	// UseCases are the use cases under test, by role (env.Booking, env.Office, ...).
	app.UseCases
	Repo    *pgadapter.Repository
	Pool    *pgxpool.Pool
	Clock   *clocktest.Clock
	Catalog *grpcadapter.Catalog
	// Renters is the renter service the use cases call; RenterClient calls it as they do.
	Renters      *renterfake.Server
	RenterClient *grpcadapter.Renters
	Documents    *documentfake.Server
	Payments     *paymentfake.Server
}

// New builds the renting use cases on a fresh database, with the residence's catalog on the clock
// starting at day, events on the subject prefix.
func New(t testing.TB, day time.Time, subjectPrefix string) *Env {
	t.Helper()
	return NewLimited(t, day, subjectPrefix, domain.MailLimit{})
}

// NewLimited is New with the mails to one address bounded by limit (New bounds nothing).
func NewLimited(t testing.TB, day time.Time, subjectPrefix string, limit domain.MailLimit) *Env {
	t.Helper()
	clock := clocktest.New(day)
	conn := grpctest.Dial(t, "renting", "catalog", grpctest.Serve(t, residence(clock.Now).Register))
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	env := &Env{
		Repo: pgadapter.NewRepository(pool, subjectPrefix), Pool: pool, Clock: clock, Catalog: grpcadapter.NewCatalog(conn),
		Renters: renterfake.New(), Documents: documentfake.New(), Payments: paymentfake.New(),
	}
	env.RenterClient = grpcadapter.NewRenters(grpctest.Dial(t, "renting", "renter", grpctest.Serve(t, renterService{env.Renters}.register)))
	documents := grpcadapter.NewDocuments(grpctest.Dial(t, "renting", "document", grpctest.Serve(t, env.Documents.Register, grpc.MaxRecvMsgSize(documentfake.MaxMessageBytes))))
	payments := grpcadapter.NewPayments(grpctest.Dial(t, "renting", "payment", grpctest.Serve(t, env.Payments.Register)))
	env.UseCases = app.New(env.Repo, app.Peers{Catalog: env.Catalog, Renters: env.RenterClient, Documents: documents, Payments: payments}, clock.Now,
		app.Settings{TimeZone: Berlin, ConfirmationTimeout: 72 * time.Hour, KeyCodeDays: 3, UnconfirmedRetention: 30 * 24 * time.Hour,
			Reminders: domain.ReminderRules{ConfirmEmailAfter: 24 * time.Hour, SignContractAfter: 72 * time.Hour, PayRentAfter: 72 * time.Hour, RenewalDaysBefore: 7, AnswerRenewalAfter: 72 * time.Hour},
			Waitlist:  app.WaitlistSettings{OfferValidity: 48 * time.Hour, MailWindow: time.Hour},
			MailLimit: limit}, slog.New(slog.DiscardHandler))
	return env
}

// renterService is the renter service fake as the use cases meet it: a registration answers the
// violation the test set with Refuse and stores nothing, as the real renter service's registration
// refuses the data its validation refuses (it parses the form alike).
type renterService struct{ *renterfake.Server }

func (s renterService) register(server *grpc.Server) { renterv1.RegisterRenterServiceServer(server, s) }

// RegisterRenter refuses what ValidateRenter refuses, else registers.
func (s renterService) RegisterRenter(ctx context.Context, req *renterv1.RegisterRenterRequest) (*renterv1.RegisterRenterResponse, error) {
	validation, err := s.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: req.GetData(), ReferenceDate: req.GetReferenceDate()})
	if err != nil {
		return nil, err
	}
	if v := validation.GetViolation(); v != nil {
		return &renterv1.RegisterRenterResponse{Violation: v}, nil
	}
	return s.Server.RegisterRenter(ctx, req)
}

// residence is the catalog of the residence: four floors (ids 1 to 4) of six apartments (1 to 6 on
// the ground floor, 11 to 16 on the first, ...; apartment n of a floor has 20+2n m²) and the semesters from the summer 2026 (id 1) to the winter
// 2027/28 (id 4). A semester opens for its current renters' renewals when the one before starts and
// for booking 30 days later.
func residence(now func() time.Time) *catalogfake.Server {
	catalog := catalogfake.New(now, Berlin)
	for level := range int32(4) {
		for number := int32(1); number <= 6; number++ {
			rent := int64(445_00 + 50_00*(number%3) + 10_00*level)
			a := catalogfake.Apartment(level*10+number, fmt.Sprintf("%d.%02d", level, number), rent, 95_00, 900_00)
			a.FloorId, a.Features = level+1, []string{fmt.Sprintf("SIZE_%d", 20+2*number)}
			catalog.AddApartment(a)
		}
	}
	starts := []time.Time{catalogfake.Day(2026, 4, 1), catalogfake.Day(2026, 10, 1), catalogfake.Day(2027, 4, 1), catalogfake.Day(2027, 10, 1), catalogfake.Day(2028, 4, 1)}
	names := []string{"SoSe 2026", "WiSe 2026/27", "SoSe 2027", "WiSe 2027/28"}
	for i, name := range names {
		previous := starts[i].AddDate(0, -6, 0)
		catalog.AddSemester(catalogfake.Semester{
			ID: int32(i + 1), Name: name, Start: starts[i], End: starts[i+1].AddDate(0, 0, -1),
			RenewalOpens: previous, BookingOpens: previous.AddDate(0, 0, 30),
		})
	}
	return catalog
}

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// Admin is a context of a signed-in admin.
func Admin() context.Context {
	return identity.WithIdentity(context.Background(), identity.Identity{Subject: "admin", Role: identity.RoleAdmin})
}

// Anonymous is a context of a caller without admin rights.
func Anonymous() context.Context {
	return identity.WithIdentity(context.Background(), identity.Anonymous)
}

// WriteRenewalContract moves a stored renewal renting on as an accepted renewal whose contract was
// written with price, as the document service's contract_requested event does.
func (e *Env) WriteRenewalContract(t testing.TB, rentingID string, price domain.ContractPrice) {
	t.Helper()
	err := e.Repo.Update(context.Background(), rentingID, func(r *domain.Renting) error {
		if err := r.MoveTo(domain.RenewalAccepted, DesignDay); err != nil {
			return err
		}
		return r.RequestContract("https://wohnen.example/api/signing/s", price, DesignDay)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// DepositContract is a contract of rent, the final cleaning and an 800,00 € deposit.
var DepositContract = domain.ContractPrice{Cents: 3765_00, Currency: "EUR", Items: []domain.PriceItem{
	{Kind: "RENT", Quantity: 6, Amount: 480_00, Total: 2880_00}, {Kind: "CLEANING", Quantity: 1, Amount: 85_00, Total: 85_00},
	{Kind: domain.ItemKindDeposit, Quantity: 1, Amount: 800_00, Total: 800_00},
}}

// PaidWithContract stores the new renting r and moves it on to PAYED, its contract written with
// price on the way (at OWNER_ACKNOWLEDGED for a booking, RENEWAL_ACCEPTED for a renewal).
func (env *Env) PaidWithContract(t testing.TB, r *domain.Renting, price domain.ContractPrice) string {
	t.Helper()
	ctx, now := context.Background(), env.Clock.Now()
	if err := env.Repo.Create(ctx, r); err != nil {
		t.Fatal(err)
	}
	moves := []func(*domain.Renting) error{
		func(r *domain.Renting) error { return r.MoveTo(domain.ApartmentReserved, now) },
		func(r *domain.Renting) error { return r.MoveTo(domain.OwnerAcknowledged, now) },
	}
	if r.Renewal {
		moves = []func(*domain.Renting) error{func(r *domain.Renting) error { return r.MoveTo(domain.RenewalAccepted, now) }}
	}
	moves = append(moves,
		func(r *domain.Renting) error { return r.RequestContract("https://wohnen.example/sign", price, now) },
		func(r *domain.Renting) error { return r.MoveTo(domain.ContractSigned, now) },
		func(r *domain.Renting) error { return r.MoveTo(domain.Unpaid, now) },
		func(r *domain.Renting) error { return r.Pay(now) })
	for _, move := range moves {
		if err := env.Repo.Update(ctx, r.ID, move); err != nil {
			t.Fatal(err)
		}
	}
	return r.ID
}
