package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDocument_carriesEveryFragmentItSpreads(t *testing.T) {
	dir := t.TempDir()
	gql := `const documents = {
    "\n  fragment PriceFields on PriceCalculation {\n    total\n  }\n": types.PriceFieldsFragmentDoc,
    "\n  fragment ApartmentDetail on Apartment {\n    id\n    ...PictureFields\n  }\n": types.ApartmentDetailFragmentDoc,
    "\n  fragment PictureFields on Picture {\n    url\n  }\n": types.PictureFieldsFragmentDoc,
    "\n  query BookApartment($aid: Int!) {\n    bookApartment(aid: $aid) {\n      apartment { ...ApartmentDetail }\n      ... on Offer { priceCalculation { ...PriceFields } }\n    }\n  }\n": types.BookApartmentDocument,
};`
	file := filepath.Join(dir, "gql.ts")
	if err := os.WriteFile(file, []byte(gql), 0o600); err != nil {
		t.Fatal(err)
	}
	ops, err := loadOperations(file)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ops.document("BookApartment")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"query BookApartment", "fragment ApartmentDetail", "fragment PictureFields", "fragment PriceFields"} {
		if strings.Count(doc, want) != 1 {
			t.Errorf("the document holds %q %d times, want once:\n%s", want, strings.Count(doc, want), doc)
		}
	}
	if _, err := ops.document("Missing"); err == nil {
		t.Error("an unknown operation gave no error")
	}
}

func TestLoadOperations_readsTheWebAppsDocuments(t *testing.T) {
	ops, err := loadOperations("../../../web-public/src/graphql/gql.ts", "../../../web-admin/src/graphql/gql.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"AvailableApartments", "BookApartment", "ApartmentsPage"} {
		if _, err := ops.document(name); err != nil {
			t.Error(err)
		}
	}
}
