package graphql

import (
	"time"

	"semesterhaus/platform/audit"
	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/services/renter/internal/adapters/graphql/model"
	"semesterhaus/services/renter/internal/domain"
)

func toGraphRenter(r domain.Renter) *model.Renter {
	d := r.Data
	return &model.Renter{
		ID: int(r.ID), Email: d.Email, EmailValidated: r.EmailValidated, FirstName: d.FirstName, LastName: d.LastName,
		Street: d.Street, Zip: d.Zip, City: d.City, Country: d.Country, Birthday: scalar.Date(d.Birthday),
		Phone: d.Phone, Notes: r.Notes, Nationality: d.Nationality, Gender: model.Gender(d.Gender), Language: string(d.Language),
		ErasureRequestedAt: optionalTime(r.ErasureRequestedAt), ErasedAt: optionalTime(r.ErasedAt),
	}
}

// optionalTime is null for the zero time.
func optionalTime(t time.Time) *scalar.DateTime {
	if t.IsZero() {
		return nil
	}
	v := scalar.DateTime(t)
	return &v
}

// pageOf is a renter's page as the token opened it.
type pageOf struct {
	renter domain.Renter
	token  domain.PageToken
	plain  string
}

func toGraphRenterPage(p pageOf) *model.RenterPage {
	d := p.renter.Data
	return &model.RenterPage{
		Token: p.plain, FirstName: d.FirstName, LastName: d.LastName, Email: d.Email, Language: string(d.Language),
		Street: d.Street, Zip: d.Zip, City: d.City, Country: d.Country, Birthday: scalar.Date(d.Birthday), Phone: d.Phone,
		Nationality: d.Nationality, Gender: model.Gender(d.Gender), EmailValidated: p.renter.EmailValidated,
		LinkExpiresAt: scalar.DateTime(p.token.ExpiresAt), ErasureRequestedAt: optionalTime(p.renter.ErasureRequestedAt),
	}
}

func toGraphRenterForEdit(r domain.Renter) *model.RenterForEdit {
	return &model.RenterForEdit{FirstName: r.Data.FirstName, LastName: r.Data.LastName, Phone: r.Data.Phone, Notes: r.Notes, Email: r.Data.Email}
}

func toGraphLetterGroup(g domain.LetterGroup) *model.RentersByLetter {
	renters := make([]*model.RenterSummary, len(g.Renters))
	for i, s := range g.Renters {
		renters[i] = &model.RenterSummary{ID: int(s.ID), FirstName: s.FirstName, LastName: s.LastName, Email: s.Email}
	}
	return &model.RentersByLetter{Letter: g.Letter, Renters: renters}
}

func toGraphAuditEntries(entries []audit.Recorded) []*model.AuditEntry {
	result := make([]*model.AuditEntry, len(entries))
	for i, e := range entries {
		details := string(e.Details)
		result[i] = &model.AuditEntry{At: scalar.DateTime(e.At), Actor: e.Actor, Action: e.Action, Subject: e.Subject, Details: &details}
	}
	return result
}

func toDomainEdit(u model.RenterUpdate) domain.RenterEdit {
	return domain.RenterEdit{ID: int64(u.ID), FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone, Notes: u.Notes}
}

func toGraphMail(m domain.SentMail) *model.RenterMail {
	return &model.RenterMail{Subject: m.Subject, Text: m.Text, WrittenAt: scalar.DateTime(m.WrittenAt), SentAt: optionalTime(m.SentAt)}
}
