package domain

import (
	"fmt"
	"time"
)

// Type says what a document is.
type Type string

const (
	TypeIdentityCardFront Type = "IDENTITY_CARD_FRONT"
	TypeIdentityCardBack  Type = "IDENTITY_CARD_BACK"
	TypeImmatriculation   Type = "IMMATRICULATION"
	TypeContract          Type = "CONTRACT"
	TypeSignedContract    Type = "SIGNED_CONTRACT"
	TypeOther             Type = "OTHER"
	// TypeHandoverPhoto is a photo of a damage the office recorded at a renting's handover: the
	// evidence of a deduction from the deposit.
	TypeHandoverPhoto Type = "HANDOVER_PHOTO"
)

// typeInfo is what the residence calls a document type: the German description admins read and the
// stem of the file name an admin's browser saves it under.
var typeInfo = map[Type]struct{ description, fileStem string }{
	TypeIdentityCardFront: {"Personalausweis Vorderseite", "personalausweis-vorne"},
	TypeIdentityCardBack:  {"Personalausweis Rückseite", "personalausweis-hinten"},
	TypeImmatriculation:   {"Immatrikulationsbescheinigung", "immatrikulationsbescheinigung"},
	TypeContract:          {"Mietvertrag", "mietvertrag"},
	TypeSignedContract:    {"Mietvertrag (unterschrieben)", "mietvertrag-unterschrieben"},
	TypeOther:             {"Dokument", "dokument"},
	TypeHandoverPhoto:     {"Übergabefoto", "uebergabefoto"},
}

// Description is the type's German name.
func (t Type) Description() string { return typeInfo[t].description }

// IsIdentityCard reports whether t is a side of an identity card.
func (t Type) IsIdentityCard() bool {
	return t == TypeIdentityCardFront || t == TypeIdentityCardBack
}

// IsPictureOnly reports whether an upload of type t must be a picture: identity cards and handover
// photos; a certificate may also be a PDF.
func (t Type) IsPictureOnly() bool {
	return t.IsIdentityCard() || t == TypeHandoverPhoto
}

// Sender says who sent a renting's uploads, which decides whose documents they are.
type Sender int

const (
	// AnySender: a booking request, which anybody can send for any address. Its uploads wait apart
	// from the renter's documents, tied to the renting, until the address owner confirms it, and
	// are deleted if it is cancelled before.
	AnySender Sender = iota
	// TheRenter: sent through a link only the renter received (a renewal with its mailed token).
	// The uploads are the renter's documents at once.
	TheRenter
)

// Document is a stored file with what is known about it. Content is only loaded for a download.
type Document struct {
	ID          string
	Type        Type
	RenterID    int64
	RentingID   string
	Description string
	ContentType string
	FileName    string
	SHA256      []byte
	Size        int64
	UploadedAt  time.Time
	Content     []byte
}

// Link is the gateway path where an admin's browser opens the document: identity cards by renter and
// side (the newest copy), everything else by id.
func (d Document) Link() string {
	switch d.Type {
	case TypeIdentityCardFront:
		return fmt.Sprintf("/api/renter/%d/identity/front", d.RenterID)
	case TypeIdentityCardBack:
		return fmt.Sprintf("/api/renter/%d/identity/back", d.RenterID)
	default:
		return "/api/documents/" + d.ID
	}
}

// FileName is the name a document of type t with the given format is saved under, e.g.
// personalausweis-vorne-42.png.
func FileName(t Type, renterID int64, f Format) string {
	return fmt.Sprintf("%s-%d.%s", typeInfo[t].fileStem, renterID, f.Extension())
}

// Side is a side of an identity card as the download path names it.
type Side string

const (
	SideFront Side = "front"
	SideBack  Side = "back"
)

// ParseSide returns the identity-card type of a download path's side.
func ParseSide(s string) (Type, bool) {
	switch Side(s) {
	case SideFront:
		return TypeIdentityCardFront, true
	case SideBack:
		return TypeIdentityCardBack, true
	default:
		return "", false
	}
}
