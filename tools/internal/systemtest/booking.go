package systemtest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"

	"semesterhaus/platform/workspace"
)

// RepoRoot is the repository's directory (workspace.Root) for a test.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := workspace.Root()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// GraphQL posts an operation to endpoint (the gateway's /api/graphql or a subgraph's /graphql) and
// decodes its data into out; GraphQL errors are errors.
func GraphQL(ctx context.Context, endpoint, query string, variables map[string]any, out any) error {
	return graphQL(ctx, http.DefaultClient, endpoint, query, variables, out)
}

func graphQL(ctx context.Context, client *http.Client, endpoint, query string, variables map[string]any, out any) error {
	body, err := json.Marshal(map[string]any{"query": query, "variables": variables})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		return fmt.Errorf("%w (Retry-After %s s)", ErrTooManyRequests, resp.Header.Get("Retry-After"))
	}
	var r struct {
		Data   json.RawMessage
		Errors []struct{ Message string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Errorf("HTTP %d: %w", resp.StatusCode, err)
	}
	if len(r.Errors) > 0 {
		return fmt.Errorf("HTTP %d: %+v", resp.StatusCode, r.Errors)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(r.Data, out)
}

// ErrTooManyRequests is the gateway's 429: over a limit, such as the booking requests per e-mail address.
var ErrTooManyRequests = errors.New("HTTP 429: too many requests")

// Booking is what a student types into the booking form, with the three scans.
type Booking struct {
	ApartmentID, SemesterID int
	Email, FirstName        string
	Language                string // de or en
	OfferToken              string // the waitlist offer's token (its mail's link), when the booking answers one
}

// Input is the createRentingRequest input of the booking: valid personal data and PNG scans.
func (b Booking) Input() map[string]any {
	scan := PNGScan()
	language := b.Language
	if language == "" {
		language = "de"
	}
	input := map[string]any{
		"apartmentId": b.ApartmentID, "semesterId": b.SemesterID,
		"email": b.Email, "firstName": b.FirstName, "lastName": "Beispiel", "gender": "female",
		"birthday": "2003-05-17", "street": "Hauptstraße 1", "zip": "69117", "city": "Heidelberg",
		"country": "DEU", "nationality": "de", "phone": "+49 170 1234567", "language": language,
		"identityCardFront": scan, "identityCardBack": scan, "immatriculation": scan,
	}
	if b.OfferToken != "" {
		input["offerToken"] = b.OfferToken
	}
	return input
}

// CreateRentingRequest is the booking form's mutation.
const CreateRentingRequest = `mutation($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { messageId path } } }`

// Book sends the booking to endpoint and returns the renting's id; a business exception is an error.
func Book(ctx context.Context, endpoint string, b Booking) (string, error) {
	return rentingResult(ctx, http.DefaultClient, endpoint, "createRentingRequest", CreateRentingRequest, map[string]any{"c": b.Input()})
}

// FreeApartment returns the bookable semester and a free apartment in it, asked at endpoint.
func FreeApartment(ctx context.Context, endpoint string) (semesterID, apartmentID int, err error) {
	return freeApartment(ctx, http.DefaultClient, endpoint)
}

// FreeApartment is FreeApartment asked through the site's gateway.
func (s *Site) FreeApartment(ctx context.Context) (semesterID, apartmentID int, err error) {
	return freeApartment(ctx, s.client, s.Gateway+"/api/graphql")
}

func freeApartment(ctx context.Context, client *http.Client, endpoint string) (semesterID, apartmentID int, err error) {
	var available struct {
		AvailableApartments struct {
			BookableSemester  struct{ ID int }
			ApartmentBookable []struct {
				ApartmentID int
				Free        bool
			}
		}
	}
	err = graphQL(ctx, client, endpoint, `{ availableApartments { bookableSemester { id } apartmentBookable { apartmentId free } } }`, nil, &available)
	if err != nil {
		return 0, 0, err
	}
	for _, a := range available.AvailableApartments.ApartmentBookable {
		if a.Free {
			return available.AvailableApartments.BookableSemester.ID, a.ApartmentID, nil
		}
	}
	return 0, 0, errors.New("no free apartment in the bookable semester")
}

// PNGScan is a plain but valid 800×500 scan, base64-encoded as the booking form sends uploads.
func PNGScan() string {
	img := image.NewRGBA(image.Rect(0, 0, 800, 500))
	for y := range 500 {
		for x := range 800 {
			img.Set(x, y, color.RGBA{R: 200, G: 210, B: byte(x / 4), A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding into memory does not fail
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}
