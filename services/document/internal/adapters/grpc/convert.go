package grpc

import (
	documentv1 "semesterhaus/proto/gen/document/v1"
	"semesterhaus/services/document/internal/domain"
)

var domainTypes = map[documentv1.DocumentType]domain.Type{
	documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_FRONT: domain.TypeIdentityCardFront,
	documentv1.DocumentType_DOCUMENT_TYPE_IDENTITY_CARD_BACK:  domain.TypeIdentityCardBack,
	documentv1.DocumentType_DOCUMENT_TYPE_IMMATRICULATION:     domain.TypeImmatriculation,
	documentv1.DocumentType_DOCUMENT_TYPE_CONTRACT:            domain.TypeContract,
	documentv1.DocumentType_DOCUMENT_TYPE_SIGNED_CONTRACT:     domain.TypeSignedContract,
	documentv1.DocumentType_DOCUMENT_TYPE_OTHER:               domain.TypeOther,
	documentv1.DocumentType_DOCUMENT_TYPE_HANDOVER_PHOTO:      domain.TypeHandoverPhoto,
}

// toDomainUploads converts the request's uploads; an unspecified type becomes the empty type, which
// the app refuses as not uploadable.
func toDomainUploads(uploads []*documentv1.Upload) []domain.Upload {
	result := make([]domain.Upload, len(uploads))
	for i, u := range uploads {
		result[i] = domain.Upload{Type: domainTypes[u.GetType()], Path: u.GetPath(), Content: u.GetContent()}
	}
	return result
}

// toDomainSender reads the request's from_renter; a caller that does not set it gets the cautious
// answer, uploads kept apart until the renting is confirmed.
func toDomainSender(fromRenter bool) domain.Sender {
	if fromRenter {
		return domain.TheRenter
	}
	return domain.AnySender
}
