package postgres

import (
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/services/renter/internal/adapters/postgres/db"
	"semesterhaus/services/renter/internal/domain"
)

func renterFromDB(r db.Renter) domain.Renter {
	return domain.Renter{
		ID: r.ID, EmailValidated: r.EmailValidated, Notes: r.Notes,
		ErasureRequestedAt: r.ErasureRequestedAt.Time, ErasedAt: r.ErasedAt.Time,
		Data: domain.PersonalData{
			Email: r.Email, FirstName: r.FirstName, LastName: r.LastName, Street: r.Street, Zip: r.Zip,
			City: r.City, Country: r.Country, Birthday: r.Birthday, Phone: r.Phone, Nationality: r.Nationality,
			Gender: domain.Gender(r.Gender), Language: domain.Language(r.Language),
		},
	}
}

func registerParams(d domain.PersonalData) db.RegisterRenterByEmailParams {
	return db.RegisterRenterByEmailParams{
		Email: d.Email, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
		Country: d.Country, Birthday: d.Birthday, Phone: d.Phone, Nationality: d.Nationality,
		Gender: string(d.Gender), Language: string(d.Language),
	}
}

func updateParams(id int64, d domain.PersonalData) db.UpdateRenterDataParams {
	return db.UpdateRenterDataParams{
		ID: id, FirstName: d.FirstName, LastName: d.LastName, Street: d.Street, Zip: d.Zip, City: d.City,
		Country: d.Country, Birthday: d.Birthday, Phone: d.Phone, Nationality: d.Nationality,
		Gender: string(d.Gender), Language: string(d.Language),
	}
}

func tokenFromDB(t db.EmailToken) domain.EmailToken {
	token := domain.EmailToken{
		Hash: t.Hash, RenterID: t.RenterID, RentingID: uuid.UUID(t.RentingID.Bytes).String(), ExpiresAt: t.ExpiresAt,
	}
	if t.UsedAt.Valid {
		usedAt := t.UsedAt.Time
		token.UsedAt = &usedAt
	}
	return token
}

// toUUID parses a renting id; the renting service makes them, so a malformed one is a defect there.
func toUUID(s string) (pgtype.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return pgtype.UUID{}, err
	}
	return pgtype.UUID{Bytes: id, Valid: true}, nil
}

func timestamptz(t time.Time) pgtype.Timestamptz {
	return pgtype.Timestamptz{Time: t, Valid: true}
}

func mailFromDB(m db.OutgoingMail) domain.Mail {
	return domain.Mail{
		EventID: m.EventID, RenterID: m.RenterID.Int64, To: m.Recipient, Subject: m.Subject, Text: m.TextBody, HTML: m.HtmlBody,
		SenderName: m.SenderName,
	}
}
