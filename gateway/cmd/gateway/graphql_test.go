package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"strings"
	"sync"
	"testing"
	"time"

	"semesterhaus/gateway/internal/engine"
	"semesterhaus/gateway/internal/hostilequery"
	"semesterhaus/platform/identity"
)

// catalogPageQuery is what the booking site's first page asks for (also the benchmark's query).
const catalogPageQuery = `{ building { id name address floors { id name apartments { id name pricePerMonth
  priceCleaning priceDeposit features x y pictures { url } } } } bookableSemester { id name startDate endDate } }`

func TestGraphQL_catalogPage_answeredByTheCatalogSubgraph(t *testing.T) {
	gw := startGateway(t)
	res := gw.query(t, browser(t), catalogPageQuery)
	var data struct {
		Building struct {
			Name   string
			Floors []struct {
				Apartments []struct{ ID int }
			}
		}
	}
	if err := json.Unmarshal(res.Data, &data); err != nil || len(res.Errors) > 0 {
		t.Fatalf("catalog page = %s", res.raw)
	}
	if data.Building.Name == "" || len(data.Building.Floors) == 0 || len(data.Building.Floors[0].Apartments) == 0 {
		t.Errorf("catalog page holds no building with apartments: %s", res.raw)
	}
}

func TestGraphQL_concurrentIdenticalQueries_eachGetsTheFullAnswer(t *testing.T) {
	gw := startGateway(t)
	admin := browser(t)
	gw.login(t, admin, "admin", adminPassword)
	want := gw.query(t, browser(t), catalogPageQuery).raw

	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			if got := gw.query(t, browser(t), catalogPageQuery).raw; got != want {
				t.Errorf("concurrent catalog page %d differs: %.200s", i, got)
			}
		})
	}
	wg.Go(func() {
		// The same text from an admin runs with the admin's identity, not on an anonymous' answer.
		if res := gw.query(t, admin, `{ adminBuilding { name } }`); len(res.Errors) > 0 {
			t.Errorf("admin query among anonymous ones = %s", res.raw)
		}
	})
	wg.Wait()
}

func TestGraphQL_adminField_refusedForAnonymousAllowedForAdmin(t *testing.T) {
	gw := startGateway(t)
	refused := []string{
		`{ adminBuilding { id } }`,
		`query { ...Editor } fragment Editor on Query { adminBuilding { name } }`,
		`{ ... on Query { editor: adminBuilding { id } } }`,
		`mutation { updateApartment(update: {id: 1, descriptionDe: "", descriptionEn: "", pricePerMonth: 1, priceDeposit: 1, priceCleaning: 1}) { exception { messageId } } }`,
		`mutation { updateApartmentPictures(apartmentId: 1, pictures: []) { exception { messageId } } }`,
		`mutation { uploadApartmentPicture(apartmentId: 1, picture: {content: "", descriptionDe: "X", descriptionEn: "X"}) { exception { messageId } } }`,
		`mutation { createSemester(semester: {name: "X", startDate: "2040-04-01", endDate: "2040-09-30"}) { exception { messageId } } }`,
		`mutation { updateSemester(id: 1, semester: {name: "X", startDate: "2040-04-01", endDate: "2040-09-30"}) { exception { messageId } } }`,
		`mutation { blockApartment(apartmentId: 1, semesterId: 1, reason: "X") { exception { messageId } } }`,
		`mutation { unblockApartment(apartmentId: 1, semesterId: 1) { exception { messageId } } }`,
		`{ officeTasks { kind rentingId renter { id } } }`,
		`{ semesterStatistics { held rentExpected semester { name } } }`,
		`{ renterApartments { renterId apartments { name } } }`,
		`mutation { offerRenewal(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { uuid exception { messageId } } }`,
		`mutation { acceptRenewalForRenter(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
		`mutation { declineRenewalForRenter(rentingId: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
		`{ erasureRequests { id email erasureRequestedAt } }`,
		`mutation { executeErasure(renterId: 1) { exception { messageId } } }`,
		`{ waitlist(semesterId: 1) { id email name } }`,
		`mutation { removeWaitlistEntry(id: "5f0e1c1e-0000-4000-8000-000000000000") { exception { messageId } } }`,
	}
	for _, query := range refused {
		res := gw.query(t, browser(t), query)
		if res.status != http.StatusOK || res.errorCode() != "FORBIDDEN" || res.Errors[0].Message != "forbidden" || hasData(res) {
			t.Errorf("anonymous %s = %d %s, want 200 with the error forbidden (FORBIDDEN) and no data", query, res.status, res.raw)
		}
	}

	admin := browser(t)
	gw.login(t, admin, "admin", adminPassword)
	res := gw.query(t, admin, `{ adminBuilding { name floors { apartments { id descriptionDe } } } }`)
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"adminBuilding":{"name"`) {
		t.Errorf("admin's adminBuilding = %s, want data (the catalog verifies the gateway's admin token)", res.raw)
	}
}

func TestGraphQL_clientSentIdentityToken_isReplacedByTheGateways(t *testing.T) {
	var recorder tokenRecorder
	gw := startGateway(t, recorder.inFrontOfCatalog)
	// A genuine admin token, as if stolen: still the caller has no admin session.
	stolen, err := gw.signer.Sign(identity.Identity{Subject: "admin", Role: identity.RoleAdmin}, "catalog")
	if err != nil {
		t.Fatal(err)
	}

	for _, header := range []string{identity.Header, engine.SubgraphHeader(identity.Header, "catalog")} {
		res := gw.query(t, browser(t), `{ adminBuilding { id } }`, header, stolen)
		if res.errorCode() != "FORBIDDEN" {
			t.Errorf("adminBuilding with a client-sent admin token in %s = %s, want FORBIDDEN", header, res.raw)
		}
	}
	res := gw.query(t, browser(t), `{ building { id } }`, identity.Header, stolen)
	if len(res.Errors) > 0 {
		t.Fatalf("public query = %s", res.raw)
	}
	forwarded := recorder.last()
	if forwarded == stolen {
		t.Fatal("the client's token reached the subgraph")
	}
	caller, err := identity.NewVerifier(gw.publicKey, "catalog").Verify(forwarded)
	if err != nil || caller != identity.Anonymous {
		t.Errorf("token at the subgraph = %+v (%v), want the gateway's anonymous token", caller, err)
	}
	if _, err := identity.NewVerifier(gw.publicKey, "renting").Verify(forwarded); err == nil {
		t.Error("the token the catalog got is good at the renting subgraph too")
	}
}

func TestGraphQL_fiftyLevelsDeep_refusedButIntrospectionWithinTheLimitsPasses(t *testing.T) {
	gw := startGateway(t)
	res := gw.query(t, browser(t), hostilequery.Cyclic(50))
	if res.errorCode() != "QUERY_TOO_DEEP" || hasData(res) {
		t.Errorf("50-level query = %s, want QUERY_TOO_DEEP and no data", res.raw)
	}
	if res := gw.query(t, browser(t), nestedTypeQuery(15)); len(res.Errors) > 0 {
		t.Errorf("15-level query (the default limit) = %.300s, want data", res.raw)
	}
	if res := gw.query(t, browser(t), nestedTypeQuery(16)); res.errorCode() != "QUERY_TOO_DEEP" {
		t.Errorf("16-level query = %.300s, want QUERY_TOO_DEEP", res.raw)
	}
	res = gw.query(t, browser(t), `{ __schema { queryType { name } types { name kind } } }`)
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"queryType":{"name":"Query"}`) {
		t.Errorf("introspection = %.300s, want the schema", res.raw)
	}
}

func TestGraphQL_bodyAboveLimit_413BeforeTheBodyIsRead(t *testing.T) {
	var counter bodyCounter
	gw := startGateway(t, counter.wrap)
	const twentyMB = 20 << 20 // above the default 18 MiB

	// Only the headers are sent: the answer must come without waiting for the body.
	conn := dial(t, gw.url)
	fmt.Fprintf(conn, "POST /api/graphql HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", twentyMB)
	if status := readStatus(t, conn); status != http.StatusRequestEntityTooLarge || counter.read() != 0 {
		t.Errorf("20 MB body announced by Content-Length: status %d after reading %d bytes, want 413 after none", status, counter.read())
	}

	// Without Content-Length (chunked), reading stops at the limit.
	conn = dial(t, gw.url)
	fmt.Fprint(conn, "POST /api/graphql HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
	go func() {
		chunk := bytes.Repeat([]byte(" "), 1<<20)
		for range twentyMB / len(chunk) {
			if _, err := fmt.Fprintf(conn, "%x\r\n%s\r\n", len(chunk), chunk); err != nil {
				return // the gateway has answered and closed the connection
			}
		}
		fmt.Fprint(conn, "0\r\n\r\n")
	}()
	if status := readStatus(t, conn); status != http.StatusRequestEntityTooLarge || counter.read() > 18<<20+1 {
		t.Errorf("chunked 20 MB body: status %d after reading %d bytes, want 413 after at most 18 MiB", status, counter.read())
	}
}

func dial(t *testing.T, serverURL string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", mustParseURL(t, serverURL).Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if err := conn.SetDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	return conn
}

func readStatus(t *testing.T, conn net.Conn) int {
	t.Helper()
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	return res.StatusCode
}

func TestGraphQL_deadSubgraph_cleanErrorWithoutInternals(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL + "/graphql"
	dead.Close()
	gw := startGateway(t, withSubgraphURL(deadURL))

	res := gw.query(t, browser(t), `{ building { id } }`)
	if res.status != http.StatusOK || res.errorCode() != "SUBGRAPH_UNAVAILABLE" || res.Errors[0].Message != "service temporarily unavailable" {
		t.Fatalf("query with the catalog down = %d %s, want service temporarily unavailable (SUBGRAPH_UNAVAILABLE)", res.status, res.raw)
	}
	for _, internal := range []string{strings.TrimPrefix(dead.URL, "http://"), "Subgraph", "catalog", "dial", "refused"} {
		if strings.Contains(res.raw, internal) {
			t.Errorf("response reveals %q: %s", internal, res.raw)
		}
	}
	if logs := gw.logs.String(); !strings.Contains(logs, "subgraph fetch failed") || !strings.Contains(logs, deadURL) {
		t.Errorf("the log does not explain the failure: %s", logs)
	}
}

func TestGraphQL_mutationOverGET_refused(t *testing.T) {
	gw := startGateway(t)
	res, err := http.Get(gw.url + "/api/graphql?query=" + strings.ReplaceAll(`mutation{updateApartment(update:{id:1}){exception{messageId}}}`, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := decodeGraphQL(t, res); got.status != http.StatusMethodNotAllowed || len(got.Errors) == 0 {
		t.Errorf("mutation over GET = %d %s, want 405 with an error", got.status, got.raw)
	}
	res, err = http.Get(gw.url + "/api/graphql?query=%7Bbuilding%7Bname%7D%7D")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := decodeGraphQL(t, res); len(got.Errors) > 0 || !strings.Contains(string(got.Data), "name") {
		t.Errorf("query over GET = %s, want data", got.raw)
	}
}

func hasData(res graphqlResponse) bool {
	return len(res.Data) > 0 && string(res.Data) != "null"
}

// nestedTypeQuery nests through introspection's ofType, which does not fan out like the
// building's floors and apartments do, down to a leaf at the given depth.
func nestedTypeQuery(depth int) string {
	ofTypes := depth - 5 // __schema, queryType, fields, type … name
	return "{ __schema { queryType { fields { type { " + strings.Repeat("ofType { ", ofTypes) + "name" +
		strings.Repeat(" }", ofTypes+4) + " }"
}

// tokenRecorder sits between gateway and catalog and keeps the identity token of each fetch.
type tokenRecorder struct {
	mu     sync.Mutex
	tokens []string
}

func (r *tokenRecorder) inFrontOfCatalog(t *testing.T, gw *testGateway) {
	proxy := httputil.NewSingleHostReverseProxy(mustParseURL(t, gw.catalogURL))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.tokens = append(r.tokens, req.Header.Get(identity.Header))
		r.mu.Unlock()
		proxy.ServeHTTP(w, req)
	}))
	t.Cleanup(server.Close)
	withSubgraphURL(server.URL+"/graphql")(t, gw)
}

func (r *tokenRecorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.tokens) == 0 {
		return ""
	}
	return r.tokens[len(r.tokens)-1]
}

func TestGraphQL_longStringVariables_reachTheSubgraphUnchanged(t *testing.T) {
	gw := startGateway(t)
	admin := browser(t)
	if res := gw.login(t, admin, "admin", adminPassword); res.StatusCode != http.StatusNoContent {
		t.Fatalf("sign-in: %d", res.StatusCode)
	}
	// Longer than largevalues.MinLength as JSON, so the gateway lifts it out and puts it back.
	description := string([]rune(strings.Repeat("Blick über den Neckar, \"Altstadt\" & Schloss.\n", 90))[:3990])
	variables := map[string]any{"u": map[string]any{
		"id": 1, "descriptionDe": description, "descriptionEn": "River view", "pricePerMonth": 585.0, "priceDeposit": 500.0, "priceCleaning": 90.0,
	}}
	body, _ := json.Marshal(map[string]any{
		"query":     `mutation($u: ApartmentUpdate!) { updateApartment(update: $u) { exception { messageId } } }`,
		"variables": variables,
	})
	res, err := admin.Post(gw.url+"/api/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	updated := decodeGraphQL(t, res)
	res.Body.Close()
	if len(updated.Errors) > 0 || strings.Contains(updated.raw, "messageId\":\"") {
		t.Fatalf("update = %s", updated.raw)
	}
	read := gw.query(t, admin, `{ apartmentById(id: 1) { descriptionDe } }`)
	var data struct {
		ApartmentByID struct{ DescriptionDe string }
	}
	if err := json.Unmarshal(read.Data, &data); err != nil {
		t.Fatal(err)
	}
	if data.ApartmentByID.DescriptionDe != description {
		t.Errorf("stored description (%d bytes) differs from the sent one (%d bytes)", len(data.ApartmentByID.DescriptionDe), len(description))
	}
}

// TestGraphQL_bodiesReadTwoWays_anonymousMutationRunsNot: an anonymous caller's bodies made for a
// JSON reader that sees another operation than the checks do: the query member twice (a public query
// and the admin mutation, in either order: one reader takes the first, another the last), the
// mutation in a batch, and variables nested deeper than the parser allows. The gateway reads the
// body once for every check and the execution, so none answers the mutation and the rent stays.
func TestGraphQL_bodiesReadTwoWays_anonymousMutationRunsNot(t *testing.T) {
	gw := startGateway(t)
	id, rent := gw.firstApartment(t)
	mutation, _ := json.Marshal(forgedUpdate(id))
	public := `"{ building { name } }"`
	bodies := map[string]string{
		"public query first":  `{"query":` + public + `,"query":` + string(mutation) + `}`,
		"mutation first":      `{"query":` + string(mutation) + `,"query":` + public + `}`,
		"batch":               `[{"query":` + string(mutation) + `}]`,
		"deep variables":      `{"query":` + string(mutation) + `,"variables":{"v":` + strings.Repeat("[", 400) + strings.Repeat("]", 400) + `}}`,
		"deep and query last": `{"variables":{"v":` + strings.Repeat("[", 400) + strings.Repeat("]", 400) + `},"query":` + string(mutation) + `}`,
	}
	for name, body := range bodies {
		res, text := gw.post(t, browser(t), "/api/graphql", "application/json", []byte(body))
		var answer struct {
			Data struct{ UpdateApartment json.RawMessage }
		}
		_ = json.Unmarshal([]byte(text), &answer)
		if len(answer.Data.UpdateApartment) > 0 && string(answer.Data.UpdateApartment) != "null" {
			t.Errorf("%s: the mutation was answered: %d %s", name, res.StatusCode, text)
		}
		if name == "batch" || strings.HasPrefix(name, "deep") {
			if res.StatusCode != http.StatusBadRequest {
				t.Errorf("%s = %d %s, want 400", name, res.StatusCode, text)
			}
		}
	}
	if got := gw.rentOf(t, id); got != rent {
		t.Errorf("rent after the bodies = %v, want %v", got, rent)
	}
}
