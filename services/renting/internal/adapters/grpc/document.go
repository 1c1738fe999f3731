package grpc

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/exception/exceptionpb"
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/renting/internal/domain"
)

// Documents asks the document service to keep or remove a renting's uploads.
type Documents struct {
	client documentv1.DocumentServiceClient
}

// NewDocuments returns the document client on conn (made by Dial, which allows large messages).
func NewDocuments(conn grpc.ClientConnInterface) *Documents {
	return &Documents{client: documentv1.NewDocumentServiceClient(conn)}
}

var documentTypes = map[domain.DocumentType]documentv1.DocumentType{
	domain.IdentityCardFront: documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_FRONT,
	domain.IdentityCardBack:  documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_BACK,
	domain.Immatriculation:   documentv1.DocumentType_DOCUMENT_TYPE_IMMATRICULATION,
	domain.HandoverPhoto:     documentv1.DocumentType_DOCUMENT_TYPE_HANDOVER_PHOTO,
}

// StoreUploads stores all uploads of a booking request or none, apart from the renter's documents
// until the address is confirmed; a broken one comes back as the error.
func (c *Documents) StoreUploads(ctx context.Context, renterID int64, rentingID string, uploads []domain.Upload) error {
	_, err := c.store(ctx, &documentv1.StoreUploadsRequest{RenterId: renterID, RentingId: rentingID}, uploads)
	return err
}

// StoreRenterUploads is StoreUploads for uploads the renter sent (a renewal's): the renter's
// documents at once.
func (c *Documents) StoreRenterUploads(ctx context.Context, renterID int64, rentingID string, uploads []domain.Upload) error {
	_, err := c.storeRenters(ctx, renterID, rentingID, uploads)
	return err
}

// StoreHandoverPhotos stores the photos of a handover's damages as the renter's documents at once
// (the office took them; the renter sees them on their page) and returns their document ids in
// order; a broken one comes back as the error with its path.
func (c *Documents) StoreHandoverPhotos(ctx context.Context, renterID int64, rentingID string, photos []domain.Upload) ([]string, error) {
	return c.storeRenters(ctx, renterID, rentingID, photos)
}

func (c *Documents) storeRenters(ctx context.Context, renterID int64, rentingID string, uploads []domain.Upload) ([]string, error) {
	return c.store(ctx, &documentv1.StoreUploadsRequest{RenterId: renterID, RentingId: rentingID, FromRenter: true}, uploads)
}

func (c *Documents) store(ctx context.Context, req *documentv1.StoreUploadsRequest, uploads []domain.Upload) ([]string, error) {
	for _, u := range uploads {
		req.Uploads = append(req.Uploads, &documentv1.Upload{Type: documentTypes[u.Type], Content: u.Content, Path: u.Path})
	}
	resp, err := c.client.StoreUploads(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("store uploads of renting %s: %w", req.GetRentingId(), err)
	}
	if err := exceptionpb.FromProto(resp.GetViolation()); err != nil {
		return nil, err
	}
	return resp.GetDocumentIds(), nil
}

// DeleteRentingDocuments removes what StoreUploads stored for a renting.
func (c *Documents) DeleteRentingDocuments(ctx context.Context, rentingID string) error {
	if _, err := c.client.DeleteRentingDocuments(ctx, &documentv1.DeleteRentingDocumentsRequest{RentingId: rentingID}); err != nil {
		return fmt.Errorf("delete documents of renting %s: %w", rentingID, err)
	}
	return nil
}

// ReissueContract asks the document service to write the renting's open contract anew at today's
// price, as the admin of ctx (whose identity the call forwards), naming the renting's facts the
// contract is written for; domain.ErrContractNotOpen when the renting has no open contract.
func (c *Documents) ReissueContract(ctx context.Context, renting domain.Renting) (documentID string, err error) {
	rentingID := renting.ID
	resp, err := c.client.ReissueContract(ctx, &documentv1.ReissueContractRequest{
		RentingId: rentingID, RenterId: renting.RenterID, ApartmentId: int32(renting.ApartmentID),
		SemesterId: int32(renting.SemesterID), Renewal: renting.Renewal,
	})
	if status.Code(err) == codes.FailedPrecondition {
		return "", fmt.Errorf("reissue the contract of renting %s: %w", rentingID, domain.ErrContractNotOpen)
	}
	if err != nil {
		return "", fmt.Errorf("reissue the contract of renting %s: %w", rentingID, err)
	}
	return resp.GetDocumentId(), nil
}
