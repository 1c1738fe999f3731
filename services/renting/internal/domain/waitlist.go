package domain

import (
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Message ids of the waitlist's business exceptions.
const (
	// MsgWaitlistNotNeeded: an apartment of the semester is free; book it instead of waiting.
	MsgWaitlistNotNeeded = "WAITLIST_NOT_NEEDED"
	// MsgWaitlistLinkInvalid: the confirmation link's token is unknown or expired.
	MsgWaitlistLinkInvalid = "WAITLIST_LINK_INVALID"
	// MsgOfferInvalid: a booking through a waitlist offer that a booking answered before (the link
	// books once).
	MsgOfferInvalid = "WAITLIST_OFFER_INVALID"
	// MsgNoWaitlistEntry: the entry an admin named does not exist (any more).
	MsgNoWaitlistEntry = "NO_WAITLIST_ENTRY"
	MsgInvalidEmail    = validation.MsgInvalidEmail
	MsgInvalidLang     = "INVALID_LANGUAGE"
)

// EntryState is where a waitlist entry stands.
type EntryState string

// The states of a waitlist entry: UNCONFIRMED until the address owner opens the confirmation link,
// then WAITING in line (ordered by the confirmation's time); OFFERED while a freed apartment is held
// for it until the offer's deadline; BOOKED once a booking through the offer holds the apartment;
// EXPIRED when the deadline passed unanswered. BOOKED and EXPIRED entries keep no personal data.
const (
	EntryUnconfirmed EntryState = "UNCONFIRMED"
	EntryWaiting     EntryState = "WAITING"
	EntryOffered     EntryState = "OFFERED"
	EntryBooked      EntryState = "BOOKED"
	EntryExpired     EntryState = "EXPIRED"
)

// Wishes narrow the apartments an entry is offered; zero values wish nothing.
type Wishes struct {
	FloorID int // only apartments on this floor
	MinSize int // only apartments of at least this many m²
}

// MetBy reports whether the apartment fulfils the wishes.
func (w Wishes) MetBy(a Apartment) bool {
	return (w.FloorID == 0 || a.FloorID == w.FloorID) && (w.MinSize == 0 || a.Size >= w.MinSize)
}

// SizeOf reads an apartment's living area from the catalog's features (SIZE_24 is 24 m²); 0 when
// none says it.
func SizeOf(features []string) int {
	for _, f := range features {
		if n, err := strconv.Atoi(strings.TrimPrefix(f, "SIZE_")); err == nil && strings.HasPrefix(f, "SIZE_") {
			return n
		}
	}
	return 0
}

// WaitlistEntry is one person's place on a semester's waitlist.
type WaitlistEntry struct {
	ID         string
	SemesterID int
	State      EntryState
	Email      string // empty once BOOKED or EXPIRED
	Name       string
	Language   string
	Wishes     Wishes
	CreatedAt  time.Time
	// ConfirmedAt orders the line; zero while UNCONFIRMED.
	ConfirmedAt time.Time
	// OfferApartmentID and OfferExpiresAt describe the offer (OFFERED, and BOOKED or EXPIRED after it).
	OfferApartmentID int
	OfferExpiresAt   time.Time
	EndedAt          time.Time
}

// WaitlistJoin is what a person gives to join a semester's waitlist; NewWaitlistJoin checks it.
type WaitlistJoin struct {
	SemesterID int
	Email      string
	Name       string
	Language   string
	Wishes     Wishes
}

// maxNameLength bounds the name a person gives (the mails address them by it).
const maxNameLength = 100

// NewWaitlistJoin checks a request to join the waitlist: an e-mail address and a name on one line of
// at most 100 characters (platform/validation's rules, which every form shares), the language de or
// en, wishes that are positive or none. The first broken rule comes back as the business exception
// on its field.
func NewWaitlistJoin(semesterID int, email, name, language string, wishes Wishes) (WaitlistJoin, error) {
	email, name = strings.TrimSpace(email), strings.TrimSpace(name)
	if err := validation.Email("email", email); err != nil {
		return WaitlistJoin{}, err
	}
	if name == "" {
		return WaitlistJoin{}, exception.New("name", MsgNotNull)
	}
	if err := validation.SingleLine("name", name, maxNameLength); err != nil {
		return WaitlistJoin{}, err
	}
	if language != "de" && language != "en" {
		return WaitlistJoin{}, exception.New("language", MsgInvalidLang)
	}
	if wishes.FloorID < 0 {
		return WaitlistJoin{}, exception.New("floorId", MsgInvalid)
	}
	if wishes.MinSize < 0 {
		return WaitlistJoin{}, exception.New("minSize", MsgInvalid)
	}
	return WaitlistJoin{SemesterID: semesterID, Email: email, Name: name, Language: language, Wishes: wishes}, nil
}

// CheckOfferToken refuses an offer link's token that no offer could have made (newLinkToken makes 43
// base64url characters) as invalid on offerToken, before anything looks for it (a booking page only
// sends the token of the link it was opened with); an empty token books without an offer.
func CheckOfferToken(token string) error {
	if token == "" {
		return nil
	}
	if len(token) != 43 || strings.Trim(token, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return exception.New("offerToken", MsgInvalid)
	}
	return nil
}

// LinkToken is a mailed link's capability: the plain token for the mail, the hash to store.
type LinkToken struct {
	Plain string
	Hash  []byte
}

// NewLinkToken draws a new link token (see newLinkToken).
func NewLinkToken() LinkToken {
	plain := newLinkToken()
	return LinkToken{Plain: plain, Hash: HashLinkToken(plain)}
}

// FirstInLine returns the first of the waiting entries (in line order) whose wishes the apartment
// meets; ok is false when none does.
func FirstInLine(waiting []WaitlistEntry, a Apartment) (WaitlistEntry, bool) {
	for _, e := range waiting {
		if e.State == EntryWaiting && e.Wishes.MetBy(a) {
			return e, true
		}
	}
	return WaitlistEntry{}, false
}
