package postgres

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/services/document/internal/adapters/postgres/db"
	"semesterhaus/services/document/internal/domain"
)

func insertParams(renterID int64, rentingID pgtype.UUID, f domain.File) db.InsertDocumentParams {
	return db.InsertDocumentParams{
		Type: string(f.Type), RenterID: renterID, RentingID: rentingID,
		Description: f.Type.Description(), Content: f.Content, ContentType: f.Format.ContentType(),
		FileName: domain.FileName(f.Type, renterID, f.Format), Sha256: f.SHA256[:], Size: int64(len(f.Content)),
	}
}

func documentFromDB(row db.Document) domain.Document {
	d := documentFromListRow(db.ListRenterDocumentsRow{
		ID: row.ID, Type: row.Type, RenterID: row.RenterID, RentingID: row.RentingID,
		Description: row.Description, ContentType: row.ContentType, FileName: row.FileName,
		Sha256: row.Sha256, Size: row.Size, UploadedAt: row.UploadedAt,
	})
	d.Content = row.Content
	return d
}

func documentFromListRow(row db.ListRenterDocumentsRow) domain.Document {
	d := domain.Document{
		ID: row.ID.String(), Type: domain.Type(row.Type), RenterID: row.RenterID,
		Description: row.Description, ContentType: row.ContentType, FileName: row.FileName,
		SHA256: row.Sha256, Size: row.Size, UploadedAt: row.UploadedAt.Time,
	}
	if row.RentingID.Valid {
		d.RentingID = row.RentingID.String()
	}
	return d
}

func toUUID(s string) (pgtype.UUID, error) {
	u, err := uuid.Parse(s)
	if err != nil {
		return pgtype.UUID{}, fmt.Errorf("not a UUID: %q", s)
	}
	return pgtype.UUID{Bytes: u, Valid: true}, nil
}
