package domain

// RenterData is what a booking or renewal form says about the renter; the renter service checks and
// keeps it.
type RenterData struct {
	Email, FirstName, LastName string
	Street, Zip, City, Country string
	Birthday                   string // yyyy-MM-dd
	Phone, Nationality         string
	Gender                     string // male | female | various
	Language                   string // de | en
}

// DocumentType says what an upload is.
type DocumentType string

// The kinds of upload a booking or renewal carries.
const (
	IdentityCardFront DocumentType = "IDENTITY_CARD_FRONT"
	IdentityCardBack  DocumentType = "IDENTITY_CARD_BACK"
	Immatriculation   DocumentType = "IMMATRICULATION"
)

// Upload is one decoded file of a form; Path names the form field for a business exception.
type Upload struct {
	Type    DocumentType
	Path    string
	Content []byte
}
