package systemtest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"

	"semesterhaus/platform/graphqlx/graphqltest"
	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/logging"
	"semesterhaus/platform/picture/picturetest"
	"semesterhaus/platform/workspace"
	catalogv1 "semesterhaus/proto/gen/catalog/v1"
	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/proto/payment/paymentfake"
	"semesterhaus/services/catalog/catalogtest"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/payment/paymenttest"
	"semesterhaus/services/renter/rentertest"
	"semesterhaus/services/renting/rentingtest"
)

// The hostile corpus: what an attacker types into a form or sends straight to the API. Every value
// is refused wherever it lands, as a business exception on its field that the web apps translate.
var (
	// hostileTexts reach every String argument and input field.
	hostileTexts = []hostile{
		{"4 KiB", strings.Repeat("a", 4<<10), false},
		{"64 KiB", strings.Repeat("ß", 32<<10), false},
		{"NUL", "Ada\x00Lovelace", false},
		{"TAB", "Ada\tLovelace", true},
		{"CR", "Ada\rLovelace", false},
		{"LF", "Ada\nBcc: mallory@example.org", true},
		{"CR LF", "Ada\r\nLovelace", true},
		{"U+2028", "Ada\u2028Lovelace", false},
		{"U+2029", "Ada\u2029Lovelace", false},
		{"bidi override U+202E", "Ada \u202eecalevoL", false},
		{"bidi isolate U+2066", "\u2066Ada\u2069", false},
		{"zero-width space", "Ada\u200bLovelace", false},
		{"byte order mark", "\ufeffAda", false},
		{"lone surrogate", loneSurrogate, false},
		{"invalid UTF-8", invalidUTF8, false},
	}
	// hostileAddresses reach every argument and input field named email, besides hostileTexts.
	hostileAddresses = []hostile{
		{"localhost", "x@localhost", false},
		{"no dot in the domain", "x@intranet", false},
		{"local part of 65", strings.Repeat("x", 65) + "@example.org", false},
		{"display name", "Ada <ada@example.org>", false},
		{"two addresses", "ada@example.org, bob@example.org", false},
	}
	// hostileIDs reach every ID argument and input field.
	hostileIDs = []hostile{
		{"number", "1", false},
		{"word", "not-a-uuid", false},
		{"empty", "", false},
		{"SQL", "' OR '1'='1", false},
		{"UUID and NUL", "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5b\x00", false},
		{"64 KiB", strings.Repeat("a", 64<<10), false},
		{"lone surrogate", loneSurrogate, false},
	}
	// hostileInts reach every Int argument and input field (an id, a count, a size).
	hostileInts = []hostile{
		{"negative", -1, false},
		{"zero", 0, false},
		{"smallest Int", -2147483648, false},
		{"largest Int", 2147483647, false},
		{"beyond Int", 1 << 40, false},
		{"fraction", 1.5, false},
	}
	// hostileFloats reach every Float argument and input field (amounts of money).
	hostileFloats = []hostile{
		{"negative", -1.0, false},
		{"huge", 1e308, false},
		{"tiny fraction", 0.001, false},
	}
	// hostileDates reach every Date argument and input field, and the birthday (a String).
	hostileDates = []hostile{
		{"year 0", "0000-01-01", false},
		{"year 9999", "9999-12-31", false},
		{"30 February", "2027-02-30", false},
		{"five-digit year", "12027-04-01", false},
		{"no date", "tomorrow", false},
	}
)

// hostile is one value of the corpus; multiLine marks texts that free text over several lines
// (descriptions, notes) may hold.
type hostile struct {
	name      string
	value     any
	multiLine bool
}

// Values that encoding/json cannot write: they go into the body as these JSON texts.
const (
	loneSurrogate = "\x01lone-surrogate\x01"
	invalidUTF8   = "\x01invalid-utf8\x01"
)

var rawJSON = map[string]string{
	`"\u0001lone-surrogate\u0001"`: `"Ada\ud800Lovelace"`,
	`"\u0001invalid-utf8\u0001"`:   "\"Ada\xff\xfeLovelace\"",
}

// corpusEntry says, for one operation of the supergraph, what the corpus cannot find out itself.
// Every operation needs one: a new operation fails the test until its entry says how it refuses.
type corpusEntry struct {
	// capability are the arguments that together open what the operation acts on (a link's renting
	// id and token): the test gives them a valid capability (hostileSystem.valid), so that a hostile
	// value elsewhere must be refused on its own field, never on the capability; a hostile value in
	// one of them may be refused on any of them, since the link is one.
	capability []string
	// multiLine are the fields of free text, where line breaks and tabs are allowed.
	multiLine []string
	// refusedAt names the path an input field's refusal has where it is not the field's name.
	refusedAt map[string]string
	// legitimate names the corpus's values a field rightly takes (a refund of zero cents): not sent.
	legitimate map[string][]string
}

var corpus = map[string]corpusEntry{
	// catalog
	"building": {}, "apartmentById": {}, "bookableSemester": {}, "semester": {}, "semesters": {}, "currentSemester": {},
	"priceCalculation": {}, "adminBuilding": {},
	"updateApartment":         {multiLine: []string{"descriptionDe", "descriptionEn"}},
	"updateApartmentPictures": {},
	"uploadApartmentPicture":  {refusedAt: map[string]string{"content": "file"}}, // as the API describes it
	"createSemester":          {},
	"updateSemester":          {},
	// renting
	"apartmentsPage": {}, "renterApartments": {}, "officeTasks": {}, "semesterStatistics": {}, "availableApartments": {},
	"bookApartment": {}, "bookingProgress": {}, "waitlist": {}, "renterCurrentRentingInfo": {},
	"extendBookingQuery":      {capability: []string{"rentingId", "token"}},
	"renterByRentingId":       {capability: []string{"rentingId", "token"}},
	"createRentingRequest":    {},
	"approveRenewal":          {capability: []string{"rentingId", "token"}},
	"declineRenewal":          {capability: []string{"rentingId", "token"}},
	"offerRenewal":            {},
	"withdrawRentingRequest":  {capability: []string{"token", "rentingId"}},
	"joinWaitlist":            {},
	"confirmWaitlistEntry":    {},
	"removeWaitlistEntry":     {},
	"reselectApartment":       {},
	"approveIdentityCard":     {},
	"cancelBooking":           {legitimate: map[string][]string{"refundCents": {"zero"}}},
	"reissueContract":         {},
	"refundableCents":         {},
	"freeApartment":           {},
	"blockApartment":          {},
	"unblockApartment":        {},
	"acceptRenewalForRenter":  {},
	"declineRenewalForRenter": {},
	"handoverForm":            {},
	"recordHandover":          {refusedAt: map[string]string{"photos": "0"}}, // a photo is refused at its index in the list
	"settleDeposit":           {},
	"confirmHandover":         {capability: []string{"token", "rentingId"}},
	"disputeHandover":         {capability: []string{"token", "rentingId"}, multiLine: []string{"reason"}},
	// renter
	"renter": {}, "rentersByLetter": {}, "renterForEdit": {}, "renterWithDocument": {}, "renterPage": {}, "erasureRequests": {},
	"updateRenter":           {multiLine: []string{"notes"}},
	"requestRenterPageLink":  {},
	"requestErasure":         {},
	"executeErasure":         {},
	"resendConfirmationMail": {capability: []string{"token", "rentingId"}},
	// document, payment
	"fetchSigningLink": {}, "fetchPaymentLink": {}, "ledger": {}, "semesterBooks": {}, "booksExport": {},
}

// TestHostileInput_everyOperationOfTheSupergraph_refusedOnItsFieldTranslatedNothingStoredNothingLogged
// sends the hostile corpus into every argument and input field of every query and mutation of the
// composed schema, public and admin, at the real subgraphs (the renting subgraph lifts long texts out
// of the request as behind the gateway). The operations behind a link get a valid one (a renewal
// waiting for its answer with its renewal mail's token, the renter's own page with an unconfirmed
// request), so that their forms are attacked too and not only their links. Each value is refused as
// a business exception on its field
// with a message id that web-public (German and English) or web-admin translates, or a query finds
// nothing; no answer is an internal or untranslated error, no table of any service changes, and no
// service logs an error.
func TestHostileInput_everyOperationOfTheSupergraph_refusedOnItsFieldTranslatedNothingStoredNothingLogged(t *testing.T) {
	sys := newHostileSystem(t)
	schema, owners := loadSupergraph(t)
	translations := loadTranslations(t)
	operations := append(slices.Clone(schema.Query.Fields), schema.Mutation.Fields...)
	for _, op := range operations {
		if strings.HasPrefix(op.Name, "_") {
			continue
		}
		entry, ok := corpus[op.Name]
		if !ok {
			t.Errorf("%s has no corpus entry: add one to corpus (hostile_input_test.go)", op.Name)
			continue
		}
		owner := owners[op.Name]
		subgraph, ok := sys.subgraphs[owner]
		if !ok {
			t.Errorf("%s: no subgraph serves it (owner %q)", op.Name, owner)
			continue
		}
		mutation := slices.Contains(schema.Mutation.Fields, op)
		admin := isAdminField(op)
		t.Run(op.Name, func(t *testing.T) {
			before := sys.fingerprint(t)
			logged := sys.log.String()
			base := sys.baseline(t, op)
			targets := inputTargets(schema, op)
			if len(targets) == 0 {
				t.Skip("takes no input")
			}
			for _, target := range targets {
				for _, value := range corpusFor(target) {
					if value.multiLine && slices.Contains(entry.multiLine, target.field) || slices.Contains(entry.legitimate[target.field], value.name) {
						continue
					}
					variables := withValue(t, base, target.path, value.value)
					answer := sys.send(t, subgraph, op, schema, variables, callerOf(admin))
					what := fmt.Sprintf("%s = %s", strings.Join(target.path, "."), value.name)
					sys.check(t, what, answer, checkRule{
						mutation: mutation, field: cmp.Or(entry.refusedAt[target.field], target.field),
						// numbers and days may be refused by what they stand for (an apartment, the semester's other end)
						exact:      target.kind != "Int" && target.kind != "Float" && target.kind != "Date" && target.field != "birthday",
						capability: entry.capability, inCapability: len(target.path) == 1 && slices.Contains(entry.capability, target.field),
						admin: admin, translations: translations,
					})
				}
			}
			if after := sys.fingerprint(t); !maps2equal(before, after) {
				t.Errorf("hostile input changed the stored data: %v", differences(before, after))
			}
			if now := sys.log.String(); len(now) > len(logged) {
				t.Errorf("hostile input was logged as an error:\n%s", now[len(logged):])
			}
		})
	}
}

// hostileSystem is every service's subgraph, each on its own fresh database, the renting service on
// the real catalog, renter and document gRPC APIs, all logging errors into one buffer.
type hostileSystem struct {
	subgraphs map[string]graphqltest.Subgraph
	pools     map[string]*pgxpool.Pool
	log       *logging.Buffer
	// ids of what exists, for the valid parts of an operation's input
	apartment, semester int
	renter              int64
	renting, picture    string
	png, pdf            string
	// capabilities: the renter's own page's token (the renting is its unconfirmed request), and a
	// renewal waiting for its answer with its renewal link's token
	pageToken             string
	renewal, renewalToken string
}

func newHostileSystem(t *testing.T) *hostileSystem {
	t.Helper()
	log := &logging.Buffer{}
	logger := slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelError}))
	now := func() time.Time { return hostileDay }
	catalogAddr := catalogtest.NewGRPCServer(t, now)
	renter := rentertest.Start(t, now)
	renting := rentingtest.Start(t, rentingtest.Peers{Catalog: catalogAddr, Renter: renter.Addr, Document: documenttest.NewGRPCServer(t),
		Payment: grpctest.Serve(t, paymentfake.New().Register)}, now, rentingtest.WithLogger(logger))
	catalog, catalogPool := catalogtest.StartSubgraph(t, now, logger)
	document, documentPool := documenttest.NewSubgraph(t, logger)
	payment, paymentPool := paymenttest.NewSubgraph(t, logger)
	s := &hostileSystem{
		subgraphs: map[string]graphqltest.Subgraph{"catalog": catalog, "renting": renting.Subgraph, "renter": renter.Subgraph(t, logger, rentertest.WithRenting(renting.GRPCAddr)),
			"document": document, "payment": payment},
		pools: map[string]*pgxpool.Pool{"catalog": catalogPool, "renting": renting.Pool, "renter": renter.Pool(), "document": documentPool,
			"payment": paymentPool},
		log: log,
		png: base64.StdEncoding.EncodeToString(picturetest.PNG(t, 800, 500)),
		pdf: base64.StdEncoding.EncodeToString(documenttest.PDF()),
	}
	catalogClient := catalogv1.NewCatalogServiceClient(grpctest.Dial(t, "renting", "catalog", catalogAddr))
	bookable, err := catalogClient.GetBookableSemester(context.Background(), &catalogv1.GetBookableSemesterRequest{})
	if err != nil {
		t.Fatal(err)
	}
	s.semester = int(bookable.GetId())
	semesters, err := catalogClient.ListSemesters(context.Background(), &catalogv1.ListSemestersRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var renewed int // a semester whose renewals may still be answered
	for _, sem := range semesters.GetSemesters() {
		d := sem.GetRenewalDeadline()
		if renewed == 0 && !time.Date(int(d.GetYear()), time.Month(d.GetMonth()), int(d.GetDay()), 23, 59, 0, 0, catalogtest.Berlin).Before(hostileDay) {
			renewed = int(sem.GetId())
		}
	}
	if renewed == 0 {
		t.Fatalf("no semester of %v takes renewals on %v", semesters.GetSemesters(), hostileDay)
	}

	// The demo building's first apartment with a picture, and its picture.
	var building struct {
		AdminBuilding struct {
			Floors []struct {
				Apartments []struct {
					ID       int
					Pictures []struct{ Name string }
				}
			}
		}
	}
	if r := catalog.Query(admin, `{ adminBuilding { floors { apartments { id pictures { name } } } } }`, nil, &building); len(r.Errors) > 0 {
		t.Fatalf("adminBuilding: %+v", r.Errors)
	}
	for _, f := range building.AdminBuilding.Floors {
		for _, a := range f.Apartments {
			if s.apartment == 0 && len(a.Pictures) > 0 {
				s.apartment, s.picture = a.ID, a.Pictures[0].Name
			}
		}
	}
	if s.apartment == 0 {
		t.Fatal("the demo building has no apartment with a picture")
	}
	var renewedApartment int // another apartment, for the renewal
	for _, f := range building.AdminBuilding.Floors {
		for _, a := range f.Apartments {
			if renewedApartment == 0 && a.ID != s.apartment {
				renewedApartment = a.ID
			}
		}
	}

	// One valid booking: a renter and a renting that the operations may name.
	var booked struct {
		CreateRentingRequest struct {
			UUID      *string
			Exception *hostileException
		}
	}
	r := renting.Subgraph.Query(nil, `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { path messageId } } }`,
		map[string]any{"c": s.bookingForm()}, &booked)
	if len(r.Errors) > 0 || booked.CreateRentingRequest.UUID == nil {
		t.Fatalf("the valid booking: %+v %+v", r.Errors, booked.CreateRentingRequest.Exception)
	}
	s.renting = *booked.CreateRentingRequest.UUID
	if err := renting.Pool.QueryRow(context.Background(), `SELECT renter_id FROM renting WHERE id = $1`, s.renting).Scan(&s.renter); err != nil {
		t.Fatal(err)
	}
	// The link of every mail to the renter opens their own page, where the request can be withdrawn
	// or its confirmation mailed again.
	s.pageToken = renter.IssuePageToken(t, s.renter, 30*24*time.Hour)

	// A renter living in the residence, offered the renewal for a semester whose renewal deadline is
	// ahead, with the renewal mail's link.
	registered, err := renterv1.NewRenterServiceClient(grpctest.Dial(t, "renting", "renter", renter.Addr)).RegisterRenter(context.Background(),
		&renterv1.RegisterRenterRequest{Data: &renterv1.RenterData{Email: "grace@example.org", FirstName: "Grace", LastName: "Hopper",
			Street: "Plöck 2", Zip: "69117", City: "Heidelberg", Country: "DEU", Birthday: "2003-12-09", Phone: "+49 170 7654321",
			Nationality: "us", Gender: renterv1.Gender_GENDER_FEMALE, Language: "en"},
			ReferenceDate: &commonv1.Date{Year: int32(hostileDay.Year()), Month: int32(hostileDay.Month()), Day: int32(hostileDay.Day())}})
	if err != nil || registered.GetViolation() != nil {
		t.Fatalf("register the renewing renter: %v %v", err, registered.GetViolation())
	}
	s.renewal, s.renewalToken = renting.OfferRenewal(t, registered.GetRenterId(), renewedApartment, renewed)
	var offer struct {
		ExtendBookingQuery *struct{ Renter struct{ FirstName string } }
	}
	if r := renting.Subgraph.Query(nil, `query($r: ID!, $t: String!) { extendBookingQuery(rentingId: $r, token: $t) { renter { firstName } } }`,
		map[string]any{"r": s.renewal, "t": s.renewalToken}, &offer); len(r.Errors) > 0 || offer.ExtendBookingQuery == nil {
		t.Fatalf("the renewal link opens no renewal: %+v", r.Errors)
	}
	return s
}

// hostileDay is the design's example day: the summer semester 2027 is open for booking.
var hostileDay = time.Date(2026, 11, 22, 12, 0, 0, 0, catalogtest.Berlin)

// hostileException is a business exception as GraphQL answers it.
type hostileException struct {
	Path      string
	MessageID string
}

var admin = &identity.Identity{Subject: "hausmeister", Role: identity.RoleAdmin}

func (s *hostileSystem) bookingForm() map[string]any {
	return map[string]any{
		"apartmentId": s.apartment, "semesterId": s.semester, "email": "ada@example.org", "firstName": "Ada", "lastName": "Lovelace",
		"street": "Hauptstraße 1", "zip": "69117", "city": "Heidelberg", "country": "DEU", "birthday": "2004-05-06",
		"phone": "+49 170 1234567", "nationality": "de", "gender": "female", "language": "de",
		"identityCardFront": s.png, "identityCardBack": s.png, "immatriculation": s.pdf, "offerToken": nil,
	}
}

// baseline is valid input for every argument of op: the parts the corpus does not attack at a time.
func (s *hostileSystem) baseline(t *testing.T, op *ast.FieldDefinition) map[string]any {
	t.Helper()
	vars := map[string]any{}
	for _, arg := range op.Arguments {
		v, ok := s.valid(op.Name, arg.Name)
		if !ok {
			t.Fatalf("%s(%s): no valid value for the argument: add one to hostileSystem.valid", op.Name, arg.Name)
		}
		vars[arg.Name] = v
	}
	return vars
}

// valid is a valid value for the argument or input field name (of the operation or input type in).
func (s *hostileSystem) valid(in, name string) (any, bool) {
	switch in + "." + name {
	case "updateSemester.id", "semester.id":
		return s.semester, true
	case "renter.id", "renterWithDocument.id":
		return s.renter, true
	case "apartmentById.id":
		return s.apartment, true
	case "removeWaitlistEntry.id":
		return "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5b", true
	case "createRentingRequest.create":
		return s.bookingForm(), true
	case "updateApartment.update":
		return map[string]any{"id": s.apartment, "descriptionDe": "Helles Zimmer", "descriptionEn": "Bright room",
			"pricePerMonth": 400.0, "priceDeposit": 800.0, "priceCleaning": 50.0}, true
	case "updateApartmentPictures.pictures":
		return []any{map[string]any{"name": s.picture, "descriptionDe": "Blick", "descriptionEn": "View"}}, true
	case "uploadApartmentPicture.picture":
		return map[string]any{"content": s.png, "descriptionDe": "Blick", "descriptionEn": "View"}, true
	case "createSemester.semester", "updateSemester.semester":
		return map[string]any{"name": "Sommersemester 2031", "startDate": "2031-04-01", "endDate": "2031-09-30"}, true
	case "extendBookingQuery.rentingId", "renterByRentingId.rentingId", "approveRenewal.rentingId", "declineRenewal.rentingId":
		return s.renewal, true
	case "extendBookingQuery.token", "renterByRentingId.token", "approveRenewal.token", "declineRenewal.token":
		return s.renewalToken, true
	case "withdrawRentingRequest.token", "resendConfirmationMail.token", "confirmHandover.token", "disputeHandover.token":
		return s.pageToken, true
	case "approveRenewal.rentingRenewal":
		form := s.bookingForm()
		for _, k := range []string{"apartmentId", "semesterId", "email", "identityCardFront", "identityCardBack", "offerToken"} {
			delete(form, k)
		}
		return form, true
	case "joinWaitlist.join":
		return map[string]any{"semesterId": s.semester, "email": "lea@example.org", "name": "Lea Wagner", "language": "de",
			"floorId": nil, "minSize": nil}, true
	case "cancelBooking.refundCents":
		return 0, true
	case "booksExport.from":
		return "2027-04-01", true
	case "booksExport.to":
		return "2027-04-30", true
	case "booksExport.format":
		return "CSV", true
	case "recordHandover.handover":
		return map[string]any{"rentingId": s.renting, "date": "2026-11-20",
			"meterReadings": []any{map[string]any{"meter": "Strom", "value": "12345,6"}, map[string]any{"meter": "Wasser", "value": "789"}},
			"damages":       []any{map[string]any{"description": "Fleck auf dem Teppich", "amountCents": 5000, "photos": []any{s.png}}}}, true
	case "settleDeposit.method":
		return "BANK_TRANSFER", true
	case "settleDeposit.bankReference":
		return "Überweisung 2026-11-30", true
	case "settleDeposit.waived":
		return []any{0}, true
	case "reselectApartment.request":
		return map[string]any{"rentingId": s.renting, "apartmentId": s.apartment}, true
	case "updateRenter.update":
		return map[string]any{"id": s.renter, "firstName": "Ada", "lastName": "Lovelace", "phone": "+49 170 1234567", "notes": "ruhig"}, true
	}
	switch name {
	case "apartmentId", "aid":
		return s.apartment, true
	case "semesterId", "sid":
		return s.semester, true
	case "renterId":
		return s.renter, true
	case "rentingId":
		return s.renting, true
	case "token":
		return "an-unknown-token", true
	case "email":
		return "ada@example.org", true
	case "reason":
		return "Wasserschaden", true
	case "renewal":
		return false, true
	}
	return nil, false
}

// target is one place of an operation's input that the corpus attacks.
type target struct {
	path  []string // variable, then input fields (a list's first element: "0")
	field string   // the argument's or input field's name, as an exception's path ends
	kind  string   // the GraphQL type: String, ID, Int, Float, Date
}

// inputTargets are the scalar places of op's input, through input objects and lists.
func inputTargets(schema *ast.Schema, op *ast.FieldDefinition) []target {
	var targets []target
	var walk func(path []string, name string, t *ast.Type, depth int)
	walk = func(path []string, name string, t *ast.Type, depth int) {
		if depth > 4 {
			return
		}
		if t.Elem != nil {
			walk(append(slices.Clone(path), "0"), name, t.Elem, depth+1)
			return
		}
		switch t.NamedType {
		case "String", "ID", "Int", "Float", "Date":
			targets = append(targets, target{path: path, field: name, kind: t.NamedType})
			return
		}
		if def := schema.Types[t.NamedType]; def != nil && def.Kind == ast.InputObject {
			for _, f := range def.Fields {
				walk(append(slices.Clone(path), f.Name), f.Name, f.Type, depth+1)
			}
		}
	}
	for _, arg := range op.Arguments {
		walk([]string{arg.Name}, arg.Name, arg.Type, 0)
	}
	return targets
}

func corpusFor(t target) []hostile {
	switch {
	case t.kind == "ID":
		return hostileIDs
	case t.kind == "Int":
		return hostileInts
	case t.kind == "Float":
		return hostileFloats
	case t.kind == "Date":
		return append(slices.Clone(hostileDates), hostileTexts...)
	case t.field == "email":
		return append(slices.Clone(hostileAddresses), hostileTexts...)
	case t.field == "birthday":
		return append(slices.Clone(hostileDates), hostileTexts...)
	}
	return hostileTexts
}

// withValue is a copy of vars with value at path.
func withValue(t *testing.T, vars map[string]any, path []string, value any) map[string]any {
	t.Helper()
	var copied map[string]any
	b, _ := json.Marshal(vars)
	if err := json.Unmarshal(b, &copied); err != nil {
		t.Fatal(err)
	}
	var at any = copied
	for i, key := range path {
		last := i == len(path)-1
		switch container := at.(type) {
		case map[string]any:
			if last {
				container[key] = value
			} else {
				at = container[key]
			}
		case []any:
			if last {
				container[0] = value
			} else {
				at = container[0]
			}
		default:
			t.Fatalf("no place %v in %v", path, vars)
		}
	}
	return copied
}

// answer is what a subgraph said to one hostile request.
type answer struct {
	raw    string
	data   map[string]json.RawMessage
	errors []graphqltest.Error
}

// caller is who sends a request: an identity the test signs as the gateway does (nil: no token),
// or a token of the caller's own making in the identity header.
type caller struct {
	as    *identity.Identity
	token string
}

// callerOf is the corpus's caller of an operation: an admin for admin fields, anonymous otherwise.
func callerOf(adminField bool) caller {
	if adminField {
		return caller{as: admin}
	}
	return caller{}
}

// send posts op with vars to the subgraph as the caller.
func (s *hostileSystem) send(t *testing.T, subgraph graphqltest.Subgraph, op *ast.FieldDefinition, schema *ast.Schema,
	vars map[string]any, from caller) answer {
	t.Helper()
	kind := "query"
	if slices.Contains(schema.Mutation.Fields, op) {
		kind = "mutation"
	}
	var params, args []string
	for _, arg := range op.Arguments {
		params = append(params, "$"+arg.Name+": "+arg.Type.String())
		args = append(args, arg.Name+": $"+arg.Name)
	}
	query := kind + " Hostile"
	if len(params) > 0 {
		query += "(" + strings.Join(params, ", ") + ")"
	}
	query += " { " + op.Name
	if len(args) > 0 {
		query += "(" + strings.Join(args, ", ") + ")"
	}
	query += selection(schema, op.Type) + " }"
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		t.Fatal(err)
	}
	for token, raw := range rawJSON {
		body = bytes.ReplaceAll(body, []byte(token), []byte(raw))
	}
	req, err := http.NewRequest(http.MethodPost, subgraph.URL, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if from.token != "" {
		req.Header.Set(identity.Header, from.token)
	}
	_, raw := subgraph.Do(from.as, req)
	var r struct {
		Data   map[string]json.RawMessage `json:"data"`
		Errors []graphqltest.Error        `json:"errors"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("%s: answer %.300s is no GraphQL response: %v", op.Name, raw, err)
	}
	return answer{raw: string(raw), data: r.Data, errors: r.Errors}
}

// selection selects what tells a refusal from an answer: the exception of a result, else the type.
func selection(schema *ast.Schema, t *ast.Type) string {
	for t.Elem != nil {
		t = t.Elem
	}
	def := schema.Types[t.NamedType]
	if def == nil || (def.Kind != ast.Object && def.Kind != ast.Interface) {
		return ""
	}
	if def.Fields.ForName("exception") != nil {
		return " { exception { path messageId } }"
	}
	return " { __typename }"
}

type checkRule struct {
	mutation, exact, admin bool
	field                  string
	// capability are the operation's capability arguments, inCapability whether the hostile value is
	// in one of them.
	capability   []string
	inCapability bool
	translations translations
}

// check wants the answer to refuse the hostile value on its field (a value in a capability: on the
// capability) with a message id the caller's web app translates; a query may instead find nothing.
func (s *hostileSystem) check(t *testing.T, what string, a answer, rule checkRule) {
	t.Helper()
	path, messageID, refused := refusal(a)
	if !refused {
		for _, e := range a.errors {
			t.Errorf("%s: an error that is no business exception: %s (code %v): %.300s", what, e.Message, e.Extensions["code"], a.raw)
			return
		}
		if rule.mutation {
			t.Errorf("%s: accepted: %.300s", what, a.raw)
		}
		return
	}
	if !rule.translations.translate(messageID, rule.admin) {
		app := "web-public (de and en)"
		if rule.admin {
			app = "web-admin"
		}
		t.Errorf("%s: refused as %s at %q, which %s does not translate", what, messageID, path, app)
	}
	leaf := path[strings.LastIndexByte(path, '.')+1:]
	if i := strings.IndexByte(leaf, '['); i >= 0 {
		leaf = leaf[:i]
	}
	atCapability := slices.Contains(rule.capability, leaf)
	switch {
	case atCapability && !rule.inCapability:
		t.Errorf("%s: refused as %s at %q, on the capability: the test's capability is not valid, and the field %s is not shown to be refused",
			what, messageID, path, rule.field)
	case rule.exact && leaf != rule.field && !(atCapability && rule.inCapability):
		t.Errorf("%s: refused as %s at %q, not at its field %s", what, messageID, path, rule.field)
	}
}

// refusal is the business exception of an answer: a result's exception, or an error's extensions.
func refusal(a answer) (path, messageID string, ok bool) {
	for _, raw := range a.data {
		var result struct {
			Exception *hostileException
		}
		if json.Unmarshal(raw, &result) == nil && result.Exception != nil {
			return result.Exception.Path, result.Exception.MessageID, true
		}
	}
	for _, e := range a.errors {
		if id, _ := e.Extensions["messageId"].(string); id != "" {
			p, _ := e.Extensions["path"].(string)
			return p, id, true
		}
	}
	return "", "", false
}

// loadSupergraph reads the composed schema the gateway serves, and which subgraph's schema declares
// each query and mutation.
func loadSupergraph(t *testing.T) (*ast.Schema, map[string]string) {
	t.Helper()
	root, err := workspace.Root()
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(root, "gateway", "schema", "supergraph.graphql"))
	if err != nil {
		t.Fatal(err)
	}
	schema, gqlErr := gqlparser.LoadSchema(&ast.Source{Name: "supergraph.graphql", Input: string(text)})
	if gqlErr != nil {
		t.Fatalf("supergraph: %v", gqlErr)
	}
	owners := map[string]string{}
	for _, service := range []string{"catalog", "renting", "renter", "document", "payment"} {
		file := filepath.Join(root, "services", service, "graph", "schema.graphqls")
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parser.ParseSchema(&ast.Source{Name: file, Input: string(text)})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, def := range append(doc.Definitions, doc.Extensions...) {
			if def.Name == "Query" || def.Name == "Mutation" {
				for _, f := range def.Fields {
					if !strings.HasPrefix(f.Name, "_") {
						owners[f.Name] = service
					}
				}
			}
		}
	}
	return schema, owners
}

func isAdminField(def *ast.FieldDefinition) bool {
	for _, d := range def.Directives.ForNames("tag") {
		if arg := d.Arguments.ForName("name"); arg != nil && arg.Value.Raw == "admin" {
			return true
		}
	}
	return false
}

// translations are the message ids the web apps translate.
type translations struct{ public, admin string }

func loadTranslations(t *testing.T) translations {
	t.Helper()
	root, err := workspace.Root()
	if err != nil {
		t.Fatal(err)
	}
	read := func(parts ...string) string {
		b, err := os.ReadFile(filepath.Join(append([]string{root}, parts...)...))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// web-public: the validation texts must be in both languages.
	en, de := read("web-public", "src", "i18n", "en.ts"), read("web-public", "src", "i18n", "de.ts")
	var public []string
	for _, id := range regexp.MustCompile(`(?m)^\s+([A-Za-z_]+): `).FindAllStringSubmatch(en, -1) {
		if regexp.MustCompile(`(?m)^\s+` + id[1] + `: `).MatchString(de) {
			public = append(public, id[1])
		}
	}
	return translations{public: "," + strings.Join(public, ",") + ",", admin: read("web-admin", "src", "apollo", "errors.ts")}
}

func (tr translations) translate(messageID string, admin bool) bool {
	if admin {
		return regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(messageID) + `: '`).MatchString(tr.admin)
	}
	return strings.Contains(tr.public, ","+messageID+",")
}

// fingerprint is a digest of every table of every service's database.
func (s *hostileSystem) fingerprint(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	digests := map[string]string{}
	for service, pool := range s.pools {
		rows, err := pool.Query(ctx, `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) FROM pg_tables
			WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		for _, table := range tables {
			var n int
			var digest string
			err := pool.QueryRow(ctx, `SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM `+table+` t`).Scan(&n, &digest)
			if err != nil {
				t.Fatalf("%s %s: %v", service, table, err)
			}
			digests[service+" "+table] = fmt.Sprintf("%d rows %s", n, digest)
		}
	}
	return digests
}

func maps2equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func differences(before, after map[string]string) []string {
	var changed []string
	for k, v := range after {
		if before[k] != v {
			changed = append(changed, k+": "+before[k]+" → "+v)
		}
	}
	slices.Sort(changed)
	return changed
}
