package grpc

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/exception/exceptionpb"
	commonv1 "semesterhaus/proto/gen/common/v1"
	renterv1 "semesterhaus/proto/gen/renter/v1"
	"semesterhaus/services/renting/internal/domain"
)

// Renters asks the renter service to check, register and look up renters and their e-mail tokens.
type Renters struct {
	client renterv1.RenterServiceClient
}

// NewRenters returns the renter client on conn.
func NewRenters(conn grpc.ClientConnInterface) *Renters {
	return &Renters{client: renterv1.NewRenterServiceClient(conn)}
}

// Validate checks the renter's data on the reference day; a violation comes back as the error.
func (c *Renters) Validate(ctx context.Context, data domain.RenterData, reference time.Time) error {
	resp, err := c.client.ValidateRenter(ctx, &renterv1.ValidateRenterRequest{Data: renterDataToProto(data), ReferenceDate: dateToProto(reference)})
	if err != nil {
		return fmt.Errorf("validate renter: %w", err)
	}
	return exceptionpb.FromProto(resp.GetViolation())
}

// Register finds or creates the renter (renterID 0) or updates the given renter's data.
func (c *Renters) Register(ctx context.Context, data domain.RenterData, reference time.Time, renterID int64) (int64, bool, error) {
	resp, err := c.client.RegisterRenter(ctx, &renterv1.RegisterRenterRequest{
		Data: renterDataToProto(data), ReferenceDate: dateToProto(reference), RenterId: renterID,
	})
	if err != nil {
		return 0, false, fmt.Errorf("register renter: %w", err)
	}
	if v := exceptionpb.FromProto(resp.GetViolation()); v != nil {
		return 0, false, v
	}
	return resp.GetRenterId(), resp.GetCreated(), nil
}

// DeleteUnused removes a renter that a failed booking created.
func (c *Renters) DeleteUnused(ctx context.Context, renterID int64) error {
	if _, err := c.client.DeleteUnusedRenter(ctx, &renterv1.DeleteUnusedRenterRequest{RenterId: renterID}); err != nil {
		return fmt.Errorf("delete unused renter %d: %w", renterID, err)
	}
	return nil
}

// Get returns a renter's data or domain.ErrNotFound.
func (c *Renters) Get(ctx context.Context, renterID int64) (domain.RenterData, error) {
	r, err := c.client.GetRenter(ctx, &renterv1.GetRenterRequest{RenterId: renterID})
	if err != nil {
		return domain.RenterData{}, fromStatus(err, fmt.Sprintf("renter %d", renterID))
	}
	return renterDataFromProto(r.GetData()), nil
}

// ConsumeEmailToken checks an e-mail confirmation token and names its renter and renting.
func (c *Renters) ConsumeEmailToken(ctx context.Context, email, token string) (int64, string, error) {
	resp, err := c.client.ConsumeEmailToken(ctx, &renterv1.ConsumeEmailTokenRequest{Email: email, Token: token})
	switch status.Code(err) {
	case codes.OK:
		return resp.GetRenterId(), resp.GetRentingId(), nil
	case codes.NotFound:
		return 0, "", domain.ErrInvalidToken
	case codes.FailedPrecondition:
		return 0, "", domain.ErrExpiredToken
	default:
		return 0, "", fmt.Errorf("consume e-mail token: %w", err)
	}
}

// OpenPage names the renter whose own page the token opens.
func (c *Renters) OpenPage(ctx context.Context, token string) (int64, error) {
	resp, err := c.client.OpenRenterPage(ctx, &renterv1.OpenRenterPageRequest{Token: token})
	switch status.Code(err) {
	case codes.OK:
		return resp.GetRenterId(), nil
	case codes.NotFound:
		return 0, domain.ErrInvalidToken
	default:
		return 0, fmt.Errorf("open renter page: %w", err)
	}
}

var genders = map[string]renterv1.Gender{
	"male": renterv1.Gender_GENDER_MALE, "female": renterv1.Gender_GENDER_FEMALE, "various": renterv1.Gender_GENDER_VARIOUS,
}

func renterDataToProto(d domain.RenterData) *renterv1.RenterData {
	return &renterv1.RenterData{
		Email: d.Email, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
		Country: d.Country, Birthday: d.Birthday, Phone: d.Phone, Nationality: d.Nationality,
		Gender: genders[d.Gender], Language: d.Language,
	}
}

func renterDataFromProto(d *renterv1.RenterData) domain.RenterData {
	gender := ""
	for name, g := range genders {
		if g == d.GetGender() {
			gender = name
		}
	}
	return domain.RenterData{
		Email: d.GetEmail(), FirstName: d.GetFirstName(), LastName: d.GetLastName(), Street: d.GetStreet(),
		Zip: d.GetZip(), City: d.GetCity(), Country: d.GetCountry(), Birthday: d.GetBirthday(), Phone: d.GetPhone(),
		Nationality: d.GetNationality(), Gender: gender, Language: d.GetLanguage(),
	}
}

func dateToProto(t time.Time) *commonv1.Date {
	return &commonv1.Date{Year: int32(t.Year()), Month: int32(t.Month()), Day: int32(t.Day())}
}
