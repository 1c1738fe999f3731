package buildingfile_test

import (
	"slices"
	"strings"
	"testing"

	"semesterhaus/services/catalog/demo"
	"semesterhaus/services/catalog/internal/adapters/buildingfile"
	"semesterhaus/services/catalog/internal/domain"
)

func TestParse_demoFile_isTheNeckarblickWithFourFloorsOfSixApartments(t *testing.T) {
	t.Parallel()
	b, err := buildingfile.Parse("building.yaml", demo.File)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "Studentenwohnheim Neckarblick" || len(b.Floors) != 4 || b.ApartmentCount() != 24 {
		t.Fatalf("%q with %d floors and %d apartments", b.Name, len(b.Floors), b.ApartmentCount())
	}
	a := b.Floors[3].Apartments[0]
	if a.ID != 31 || a.Name != "3.01" || a.RentPerMonth != 620_00 || a.FloorName != "OG3" || a.X != 0.2 ||
		len(a.Pictures) != 3 || a.Pictures[0].Name != "large-room" || b.Floors[3].Plan != "/groundplan/OG3.svg" {
		t.Errorf("apartment 3.01 = %+v", a)
	}
}

const valid = `name: Haus
address: Weg 1, 69117 Heidelberg
contact: {email: office@haus.example, phone: "+49 1"}
floors:
  - id: 1
    name: EG
    plan: /groundplan/EG.svg
    apartments:
      - id: 1
        name: "0.01"
        description: {de: Hell., en: Bright.}
        rentPerMonth: 500
        deposit: 900
        cleaningFee: 90.50
        features: [KITCHEN]
        position: {x: 0.5, y: 0.5}
        pictures:
          - url: https://photos.example.org/1.jpg
            description: {de: Zimmer, en: Room}
          - url: /images/room-960.webp
            name: room
            width: 960
            height: 640
            sources:
              - {type: image/webp, srcset: "/images/room-480.webp 480w, /images/room-960.webp 960w"}
            description: {de: Zimmer, en: Room}
`

func TestParse_mistakes_areNamedWithTheirLine(t *testing.T) {
	t.Parallel()
	if _, err := buildingfile.Parse("haus.yaml", []byte(valid)); err != nil {
		t.Fatalf("the valid file: %v", err)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"unknown key", "        deposit: 900", "        depost: 900", `haus.yaml:13: unknown key "depost"; known are id, name`},
		{"unknown top key", "address:", "adress:", `haus.yaml:2: field adress not found`},
		{"not a number", "rentPerMonth: 500", "rentPerMonth: five", "haus.yaml:12: cannot unmarshal !!str `five` into float64"},
		{"missing rent", "        rentPerMonth: 500\n", "", `haus.yaml:9: apartment "0.01": rentPerMonth is missing`},
		{"three decimals", "cleaningFee: 90.50", "cleaningFee: 90.505", `haus.yaml:14: apartment "0.01": cleaningFee: amount 90.505 has more than two decimals`},
		{"too expensive", "rentPerMonth: 500", "rentPerMonth: 50000", `haus.yaml:12: apartment "0.01": rentPerMonth 50000.00 is not between 0 and 5000.00 euros`},
		{"unknown feature", "[KITCHEN]", "[KITCHEN, POOL]", `haus.yaml:15: apartment "0.01": unknown feature "POOL"`},
		{"feature twice", "[KITCHEN]", "[KITCHEN, KITCHEN]", `haus.yaml:15: apartment "0.01": feature KITCHEN is listed twice`},
		{"off the plan", "x: 0.5", "x: 1.5", `haus.yaml:16: apartment "0.01": position.x 1.5 is not between 0`},
		{"no english text", "en: Bright.", "en: ''", `haus.yaml:11: apartment "0.01": description.en is missing`},
		{"plan not a link", "plan: /groundplan/EG.svg", "plan: EG.svg", `haus.yaml:7: floor plan "EG.svg" must be a path on the site`},
		{"picture over http", "https://photos", "http://photos", `haus.yaml:18: apartment "0.01": picture url "http://photos.example.org/1.jpg" must be`},
		{"picture name", "name: room", "name: Room 1", `haus.yaml:21: apartment "0.01": picture name "Room 1" may hold only a-z, 0-9 and -`},
		{"width without height", "            height: 640\n", "", `haus.yaml:22: apartment "0.01": picture width and height are both given`},
		{"unknown picture format", "type: image/webp", "type: image/gif", `haus.yaml:25: apartment "0.01": picture source type "image/gif"; known are image/avif`},
		{"srcset without width", "480.webp 480w,", "480.webp,", `haus.yaml:25: apartment "0.01": srcset entry "/images/room-480.webp" is not an address and a width`},
		{"srcset over http", "/images/room-960.webp 960w", "http://x.example/room-960.webp 960w", `haus.yaml:25: apartment "0.01": srcset address "http://x.example/room-960.webp" must be`},
		{"no address", "address: Weg 1, 69117 Heidelberg", "address: ''", `haus.yaml:2: address is missing`},
		{"bad e-mail", "office@haus.example", "office", `haus.yaml:3: contact.email "office" is not an e-mail address`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := buildingfile.Parse("haus.yaml", []byte(strings.Replace(valid, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
}

func TestParse_twice_theSameIdOrName_namesBothLines(t *testing.T) {
	t.Parallel()
	twice := valid + strings.Replace(valid[strings.Index(valid, "      - id: 1"):], "description: {de: Hell.", "description: {de: Dunkel.", 1)
	_, err := buildingfile.Parse("haus.yaml", []byte(twice))
	for _, want := range []string{`haus.yaml:27: apartment id 1 is used before, on line 9`, `haus.yaml:28: apartment name 0.01 is used before, on line 10`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}

func TestParse_noFloors_isRefused(t *testing.T) {
	t.Parallel()
	_, err := buildingfile.Parse("haus.yaml", []byte(valid[:strings.Index(valid, "floors:")]+"floors: []\n"))
	if err == nil || !strings.Contains(err.Error(), "haus.yaml:4: floors: list at least one floor") {
		t.Errorf("got %v", err)
	}
}

// TestParse_notANumber_isRefusedAtItsLine: YAML's .nan and .inf decode as numbers; a building file
// with one in a position or an amount is refused with the line it is on, never handed on to fail
// in the database.
func TestParse_notANumber_isRefusedAtItsLine(t *testing.T) {
	t.Parallel()
	onTwoLines := "position:\n          x: 0.5\n          y: 0.5"
	for _, c := range []struct{ name, from, to, want string }{
		{"x is .nan", "x: 0.5", "x: .nan", `haus.yaml:16: apartment "0.01": position.x NaN is not a number`},
		{"x is .NaN", "x: 0.5", "x: .NaN", `haus.yaml:16: apartment "0.01": position.x NaN is not a number`},
		{"y is .inf", "y: 0.5", "y: .inf", `haus.yaml:16: apartment "0.01": position.y +Inf is not a number`},
		{"y is -.Inf", "y: 0.5", "y: -.Inf", `haus.yaml:16: apartment "0.01": position.y -Inf is not a number`},
		{"y is .nan on its own line", "position: {x: 0.5, y: 0.5}", strings.Replace(onTwoLines, "y: 0.5", "y: .nan", 1),
			`haus.yaml:18: apartment "0.01": position.y NaN is not a number`},
		{"x is +.inf on its own line", "position: {x: 0.5, y: 0.5}", strings.Replace(onTwoLines, "x: 0.5", "x: +.inf", 1),
			`haus.yaml:17: apartment "0.01": position.x +Inf is not a number`},
		{"rent is .nan", "rentPerMonth: 500", "rentPerMonth: .nan", `haus.yaml:12: apartment "0.01": rentPerMonth: amount NaN is not a number`},
		{"deposit is -.inf", "deposit: 900", "deposit: -.inf", `haus.yaml:13: apartment "0.01": deposit: amount -Inf is not a number`},
		{"cleaning fee is .Inf", "cleaningFee: 90.50", "cleaningFee: .Inf", `haus.yaml:14: apartment "0.01": cleaningFee: amount +Inf is not a number`},
		{"position without y", "position: {x: 0.5, y: 0.5}", "position: {x: 0.5}", `haus.yaml:16: apartment "0.01": position: y is missing`},
		{"position with z", "position: {x: 0.5, y: 0.5}", "position: {x: 0.5, y: 0.5, z: .nan}", `haus.yaml:16: unknown key "z"; known are x, y`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := buildingfile.Parse("haus.yaml", []byte(strings.Replace(valid, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
	if _, err := buildingfile.Parse("haus.yaml", []byte(strings.Replace(valid, "position: {x: 0.5, y: 0.5}", onTwoLines, 1))); err != nil {
		t.Errorf("the position on two lines: %v", err)
	}
}

// money is valid's landlord and rules sections, from line 27 on.
const money = `landlord:
  legalName: Haus GmbH
  representative: Erika Muster
  taxNumber: DE123456789
  iban: DE89 3704 0044 0532 0130 00
  bic: COBADEFFXXX
  bankName: Beispielbank
rules:
  paymentMethods: [card, sepa_debit]
  depositReturnDays: 42
`

func TestParse_landlordAndRules_areStoredAsTheFileSays(t *testing.T) {
	t.Parallel()
	b, err := buildingfile.Parse("haus.yaml", []byte(valid+money))
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Landlord{LegalName: "Haus GmbH", Representative: "Erika Muster", TaxNumber: "DE123456789",
		IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX", BankName: "Beispielbank"}
	if b.Landlord != want {
		t.Errorf("landlord %+v, want %+v", b.Landlord, want)
	}
	if !slices.Equal(b.Rules.PaymentMethods, []domain.PaymentMethod{domain.PaymentCard, domain.PaymentSEPADebit}) || b.Rules.DepositReturnDays != 42 {
		t.Errorf("rules %+v", b.Rules)
	}
	plain, err := buildingfile.Parse("haus.yaml", []byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Landlord != (domain.Landlord{}) || !slices.Equal(plain.Rules.PaymentMethods, []domain.PaymentMethod{domain.PaymentCard}) || plain.Rules.DepositReturnDays != 42 {
		t.Errorf("without the sections: landlord %+v, rules %+v; want none and card within 42 days", plain.Landlord, plain.Rules)
	}
}

func TestParse_landlordAndRulesMistakes_areNamedWithTheirLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, from, to, want string }{
		{"IBAN checksum", "0130 00", "0130 01", `haus.yaml:31: landlord.iban "DE89 3704 0044 0532 0130 01" fails the IBAN checksum`},
		{"not an IBAN", "DE89 3704 0044 0532 0130 00", "12345", `haus.yaml:31: landlord.iban "12345" is not an IBAN`},
		{"BIC", "COBADEFFXXX", "COBA", `haus.yaml:32: landlord.bic "COBA" is not a BIC`},
		{"no legal name", "  legalName: Haus GmbH\n", "", `haus.yaml:28: landlord.legalName is missing`},
		{"unknown landlord key", "bankName:", "bank:", `haus.yaml:33: unknown key "bank"; known are legalName, representative`},
		{"unknown payment method", "[card, sepa_debit]", "[card, paypal]", `haus.yaml:35: rules.paymentMethods: unknown payment method "paypal"; known are card, sepa_debit`},
		{"payment method twice", "[card, sepa_debit]", "[card, card]", `haus.yaml:35: rules.paymentMethods: card is listed twice`},
		{"no payment method", "[card, sepa_debit]", "[]", `haus.yaml:35: rules.paymentMethods: list at least one of card, sepa_debit`},
		{"deposit back never", "depositReturnDays: 42", "depositReturnDays: 0", `haus.yaml:36: rules.depositReturnDays 0 is not between 1 and 183 days`},
		{"deposit back after a year", "depositReturnDays: 42", "depositReturnDays: 365", `haus.yaml:36: rules.depositReturnDays 365 is not between 1 and 183 days`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := buildingfile.Parse("haus.yaml", []byte(strings.Replace(valid+money, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
}
