package domain

// Catalog is everything the catalog holds, as of one moment: the building and every semester.
type Catalog struct {
	Building  Building
	Semesters []Semester // the latest first
}
