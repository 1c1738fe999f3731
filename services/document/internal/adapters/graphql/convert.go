package graphql

import (
	"semesterhaus/platform/graphqlx/scalar"
	"semesterhaus/services/document/internal/adapters/graphql/model"
	"semesterhaus/services/document/internal/domain"
)

func toGraphDocuments(docs []domain.Document) []*model.Document {
	result := make([]*model.Document, len(docs))
	for i, d := range docs {
		result[i] = &model.Document{
			ID: d.ID, Description: d.Description, Link: d.Link(),
			Type: model.DocumentType(d.Type), Uploaded: scalar.DateTime(d.UploadedAt),
		}
	}
	return result
}
