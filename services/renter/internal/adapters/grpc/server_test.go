package grpc_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/pgtest"
	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/renter/rentertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const rentingID = "6f1c1f0e-8a7b-4b8e-9a51-3c2d7f9e1a20"

var semesterStart = &commonv1.Date{Year: 2027, Month: 4, Day: 1}

func dial(t *testing.T, addr string) renterv1.RenterServiceClient {
	t.Helper()
	return renterv1.NewRenterServiceClient(grpctest.Dial(t, "renting", "renter", addr))
}

func anna() *renterv1.RenterData {
	return &renterv1.RenterData{
		Email: "Anna.Schmidt@Example.org", FirstName: "Anna", LastName: "Schmidt", Street: "Hauptstraße 1", Zip: "69117",
		City: "Heidelberg", Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567", Nationality: "de",
		Gender: renterv1.Gender_GENDER_FEMALE, Language: "en",
	}
}

func register(t *testing.T, client renterv1.RenterServiceClient, data *renterv1.RenterData) *renterv1.RegisterRenterResponse {
	t.Helper()
	resp, err := client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{Data: data, ReferenceDate: semesterStart})
	if err != nil || resp.GetViolation() != nil {
		t.Fatalf("RegisterRenter = %v, %v", resp, err)
	}
	return resp
}

func TestValidateRenter_answersTheFirstViolationAndStoresNothing(t *testing.T) {
	t.Parallel()
	client := dial(t, rentertest.NewGRPCServer(t))
	ctx := context.Background()
	young := anna()
	young.Birthday = "2012-01-01"
	resp, err := client.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: young, ReferenceDate: semesterStart})
	v := resp.GetViolation()
	if err != nil || v.GetPath() != "birthday" || v.GetMessageId() != "TOO_YOUNG" || v.GetParams()["min"] != "17" {
		t.Fatalf("ValidateRenter = %v, %v", resp, err)
	}
	noGender := anna()
	noGender.Gender = renterv1.Gender_GENDER_UNSPECIFIED
	resp, _ = client.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: noGender, ReferenceDate: semesterStart})
	if resp.GetViolation().GetPath() != "gender" || resp.GetViolation().GetMessageId() != "missing" {
		t.Errorf("unspecified gender: %v", resp)
	}
	resp, err = client.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: anna(), ReferenceDate: semesterStart})
	if err != nil || resp.GetViolation() != nil {
		t.Errorf("valid data: %v, %v", resp, err)
	}
	if _, err := client.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: anna()}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("without reference date: %v", err)
	}
	if _, err := client.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: 1}); status.Code(err) != codes.NotFound {
		t.Errorf("validation stored a renter: %v", err)
	}
}

func TestRegisterRenter_createsThenFindsByEmailIgnoringCaseAndChangesNothingOfTheFoundRenter(t *testing.T) {
	t.Parallel()
	client := dial(t, rentertest.NewGRPCServer(t))
	first := register(t, client, anna())
	if !first.GetCreated() || first.GetRenterId() == 0 {
		t.Fatalf("first registration: %v", first)
	}
	// Anybody may send a booking request for any address: the owner's data stays until they confirm.
	forged := anna()
	forged.Email, forged.FirstName, forged.Street, forged.Phone, forged.Birthday, forged.Language =
		"anna.schmidt@EXAMPLE.ORG", "Mallory", "Neckarstaden 2", "+49 170 6666666", "1990-01-01", "de"
	second := register(t, client, forged)
	if second.GetCreated() || second.GetRenterId() != first.GetRenterId() {
		t.Fatalf("second registration with the same e-mail: %v", second)
	}
	renter, err := client.GetRenter(context.Background(), &renterv1.GetRenterRequest{RenterId: first.GetRenterId()})
	if err != nil {
		t.Fatal(err)
	}
	if got := renter.GetData(); !proto.Equal(got, anna()) || renter.GetEmailValidated() {
		t.Errorf("stored renter %v, want the first registration's data %v", renter, anna())
	}
}

func TestRegisterRenter_invalidDataComesBackAsViolation(t *testing.T) {
	t.Parallel()
	client := dial(t, rentertest.NewGRPCServer(t))
	bad := anna()
	bad.Zip = "123"
	resp, err := client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{Data: bad, ReferenceDate: semesterStart})
	if err != nil || resp.GetViolation().GetMessageId() != "INVALID_ZIP" || resp.GetRenterId() != 0 {
		t.Fatalf("RegisterRenter = %v, %v", resp, err)
	}
}

func TestRegisterRenter_withRenterIDUpdatesTheRenterKeepsTheEmailAndAuditsIt(t *testing.T) {
	t.Parallel()
	server := rentertest.Start(t, time.Now)
	client := dial(t, server.Addr)
	id := register(t, client, anna()).GetRenterId()
	renewal := anna()
	renewal.Email, renewal.City = "", "Mannheim"
	resp, err := client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{Data: renewal, ReferenceDate: semesterStart, RenterId: id})
	if err != nil || resp.GetViolation() != nil || resp.GetRenterId() != id || resp.GetCreated() {
		t.Fatalf("renewal: %v, %v", resp, err)
	}
	renter, _ := client.GetRenter(context.Background(), &renterv1.GetRenterRequest{RenterId: id})
	if renter.GetData().GetCity() != "Mannheim" || renter.GetData().GetEmail() != "Anna.Schmidt@Example.org" {
		t.Errorf("after renewal: %v", renter)
	}
	entries := server.AuditOfRenter(t, id)
	var details struct{ Before, After map[string]string }
	if len(entries) != 1 || json.Unmarshal(entries[0].Details, &details) != nil || entries[0].Action != "applyPersonalData" ||
		entries[0].Actor != "renter" || details.Before["city"] != "Heidelberg" || details.After["city"] != "Mannheim" {
		t.Errorf("audit log %+v, want one applyPersonalData entry with the city before and after", entries)
	}
	_, err = client.RegisterRenter(context.Background(), &renterv1.RegisterRenterRequest{Data: renewal, ReferenceDate: semesterStart, RenterId: 999})
	if status.Code(err) != codes.NotFound {
		t.Errorf("renewal of an unknown renter: %v", err)
	}
}

func TestDeleteUnusedRenter_deletesOnlyARenterNothingUses(t *testing.T) {
	t.Parallel()
	server := rentertest.Start(t, time.Now)
	client := dial(t, server.Addr)
	ctx := context.Background()
	exists := func(id int64) bool {
		_, err := client.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: id})
		return status.Code(err) != codes.NotFound
	}
	undo := func(id int64) {
		if _, err := client.DeleteUnusedRenter(ctx, &renterv1.DeleteUnusedRenterRequest{RenterId: id}); err != nil {
			t.Fatal(err)
		}
	}

	fresh := register(t, client, anna()).GetRenterId()
	undo(fresh)
	if exists(fresh) {
		t.Error("a renter created by a failed booking was kept")
	}
	undo(fresh) // the undo may run twice

	ben := anna()
	ben.Email = "ben@example.org"
	shared := register(t, client, ben).GetRenterId()
	register(t, client, ben) // a second booking counts on the same renter
	undo(shared)
	if !exists(shared) {
		t.Fatal("undoing one booking deleted the renter another booking uses")
	}
	undo(shared)
	if exists(shared) {
		t.Error("the renter outlived both undone bookings")
	}

	carla := anna()
	carla.Email = "carla@example.org"
	requested := register(t, client, carla).GetRenterId()
	server.IssueEmailToken(t, requested, rentingID) // a renting of hers was requested before
	register(t, client, carla)
	undo(requested)
	undo(requested)
	if !exists(requested) {
		t.Error("a renter with a requested renting was deleted")
	}
}

func TestConsumeEmailToken_worksOnceThenAnswersAlreadyUsed(t *testing.T) {
	t.Parallel()
	server := rentertest.Start(t, time.Now)
	client := dial(t, server.Addr)
	ctx := context.Background()
	id := register(t, client, anna()).GetRenterId()
	token := server.IssueEmailToken(t, id, rentingID)

	first, err := client.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "anna.schmidt@example.org", Token: token})
	if err != nil || first.GetRenterId() != id || first.GetRentingId() != rentingID || first.GetAlreadyUsed() {
		t.Fatalf("first use: %v, %v", first, err)
	}
	renter, _ := client.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: id})
	if !renter.GetEmailValidated() {
		t.Error("the e-mail is not confirmed after the first use")
	}
	second, err := client.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "Anna.Schmidt@Example.org", Token: token})
	if err != nil || second.GetRenterId() != id || second.GetRentingId() != rentingID || !second.GetAlreadyUsed() {
		t.Fatalf("second use: %v, %v", second, err)
	}
}

func TestConsumeEmailToken_usedAtTheSameMomentOnlyOneUseIsTheFirst(t *testing.T) {
	t.Parallel()
	server := rentertest.Start(t, time.Now)
	client := dial(t, server.Addr)
	id := register(t, client, anna()).GetRenterId()
	token := server.IssueEmailToken(t, id, rentingID)

	const uses = 20
	answers := make(chan *renterv1.ConsumeEmailTokenResponse, uses)
	var wg sync.WaitGroup
	for range uses {
		wg.Go(func() {
			resp, err := client.ConsumeEmailToken(context.Background(), &renterv1.ConsumeEmailTokenRequest{Email: "anna.schmidt@example.org", Token: token})
			if err != nil {
				t.Errorf("ConsumeEmailToken: %v", err)
			}
			answers <- resp
		})
	}
	wg.Wait()
	close(answers)
	first := 0
	for resp := range answers {
		if resp.GetRenterId() != id || resp.GetRentingId() != rentingID {
			t.Errorf("answer %v, want renter %d and renting %s", resp, id, rentingID)
		}
		if !resp.GetAlreadyUsed() {
			first++
		}
	}
	if first != 1 {
		t.Errorf("%d of %d uses answered as the first, want 1", first, uses)
	}
	renter, _ := client.GetRenter(context.Background(), &renterv1.GetRenterRequest{RenterId: id})
	if !renter.GetEmailValidated() {
		t.Error("the e-mail is not confirmed")
	}
}

func TestConsumeEmailToken_wrongEmailOrTokenIsNotFound(t *testing.T) {
	t.Parallel()
	server := rentertest.Start(t, time.Now)
	client := dial(t, server.Addr)
	ctx := context.Background()
	token := server.IssueEmailToken(t, register(t, client, anna()).GetRenterId(), rentingID)
	for name, req := range map[string]*renterv1.ConsumeEmailTokenRequest{
		"other e-mail":  {Email: "mallory@example.org", Token: token},
		"unknown token": {Email: "anna.schmidt@example.org", Token: "bm90LWEtdG9rZW4"},
	} {
		if _, err := client.ConsumeEmailToken(ctx, req); status.Code(err) != codes.NotFound {
			t.Errorf("%s: %v, want NotFound", name, err)
		}
	}
	if _, err := client.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: "anna.schmidt@example.org", Token: token}); err != nil {
		t.Errorf("the right e-mail after wrong attempts: %v", err)
	}
}

func TestConsumeEmailToken_expiredAfter72HoursIsFailedPrecondition(t *testing.T) {
	t.Parallel()
	start := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	var elapsed atomic.Int64
	server := rentertest.Start(t, func() time.Time { return start.Add(time.Duration(elapsed.Load())) })
	client := dial(t, server.Addr)
	token := server.IssueEmailToken(t, register(t, client, anna()).GetRenterId(), rentingID)
	elapsed.Store(int64(72 * time.Hour))
	_, err := client.ConsumeEmailToken(context.Background(), &renterv1.ConsumeEmailTokenRequest{Email: "anna.schmidt@example.org", Token: token})
	if status.Code(err) != codes.FailedPrecondition {
		t.Errorf("expired token: %v, want FailedPrecondition", err)
	}
}

// TestRenterService_onlyItsCallersGetThrough: every method refuses callers without a valid
// service token and services its rule does not name, and admits the ones it names.
func TestRenterService_onlyItsCallersGetThrough(t *testing.T) {
	t.Parallel()
	addr := rentertest.NewGRPCServer(t)
	grpctest.CheckCallers(t, "renter", addr, grpcadapter.Callers, renterv1.RenterService_ServiceDesc.ServiceName)
}
