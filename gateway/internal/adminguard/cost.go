package adminguard

import "math"

// An operation's cost is estimated from its text alone, before anything is planned or fetched. It
// adds two things the gateway spends its time on:
//
//   - the values its answer can hold: every field counts once for each value of its parent, aliases
//     and repeated fields each on their own and __typename too; a field that returns a list
//     multiplies what it selects by the list's assumed size, so nested lists multiply (a cycle such
//     as floor → apartments → floor costs what its answer would weigh);
//   - the fields the engine has to normalise, validate and plan: plannedFieldCost for each field
//     as written, with every fragment spread expanded. Validation compares fields side by side in
//     pairs, so planning grows faster than the fields: 500 __typename aliases took 0.1 s, 2,000
//     took 0.8 s, while their answers are tiny.
//
// Fragments count wherever they are spread.

// The schema has no pagination arguments (no first or limit), so the size of each list is stated
// here: what the data holds today with room to grow. Lists not named here are assumed to hold
// defaultListSize values.
var assumedListSizes = map[string]int{
	// The building: 4 floors of 6 apartments with 3 pictures each today.
	"Building.floors":                       8,
	"SemesterBuilding.floors":               8,
	"Floor.apartments":                      12,
	"SemesterFloor.apartments":              12,
	"Apartment.pictures":                    6,
	"Picture.sources":                       3,  // AVIF, WebP, JPEG
	"AvailableApartments.apartmentBookable": 96, // one per apartment: 8 floors × 12
	"Query.semesters":                       40, // two a year
	"RentersByLetter.renters":               10,
	"Query.rentersByLetter":                 26, // by first letter, umlauts folded
	"PriceCalculation.items":                4,  // rent, cleaning, deposit
	"UserDataException.params":              4,
	"Renter.renting":                        10, // one a semester
	"Renter.bookings":                       10,
	"Renter.rentingLog":                     50, // about five states a renting
	"Renter.documents":                      20,
	"Renter.auditLog":                       50,
	// A move-out: a handful of damages (at most 20 may be recorded) with at most 3 photos each, and
	// at most 8 meters; a renter moves out of the residence once, of an apartment a few times at most.
	"RenterPage.handovers":   3,
	"Handover.damages":       5,
	"Damage.photos":          3,
	"Handover.meterReadings": 8,
}

const defaultListSize = 10

// plannedFieldCost is what each field as written adds for the engine's planning: the web apps'
// operations have at most about 50 fields, so planning costs them at most 500.
const plannedFieldCost = 10

// costCeiling caps every cost sum and product: past it, any budget is exceeded anyway, and int never
// overflows however deep lists nest.
const costCeiling = math.MaxInt32

func addCost(a, b int) int {
	return min(a+b, costCeiling)
}

func multiplyCost(a, b int) int {
	if a != 0 && b > costCeiling/a {
		return costCeiling
	}
	return a * b
}

// listSize is how many values a field of the given type returns per parent: 1 unless it is a list,
// the assumed size for each level of list nesting.
func listSize(coordinate string, listLevels int) int {
	size, ok := assumedListSizes[coordinate]
	if !ok {
		size = defaultListSize
	}
	values := 1
	for range listLevels {
		values = multiplyCost(values, size)
	}
	return values
}
