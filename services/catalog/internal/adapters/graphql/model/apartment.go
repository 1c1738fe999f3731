package model

// Apartment is the GraphQL apartment; FloorID lets the floor field resolve without a cycle of
// floors holding apartments holding floors.
type Apartment struct {
	ID            int        `json:"id"`
	Name          string     `json:"name"`
	DescriptionEn string     `json:"descriptionEn"`
	DescriptionDe string     `json:"descriptionDe"`
	PricePerMonth float64    `json:"pricePerMonth"`
	PriceCleaning float64    `json:"priceCleaning"`
	PriceDeposit  float64    `json:"priceDeposit"`
	Features      []Feature  `json:"features"`
	X             float64    `json:"x"`
	Y             float64    `json:"y"`
	Pictures      []*Picture `json:"pictures"`
	FloorID       int        `json:"-"`
}

// IsEntity marks Apartment as a federation entity.
func (Apartment) IsEntity() {}
