package buildingfile_test

import (
	"errors"
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
	if b.Rules.HandoverAnswerDays != 14 || !slices.Equal(b.Rules.Meters, []string{"Strom", "Wasser"}) || b.Books != domain.DefaultBooks() {
		t.Errorf("the demo's rules %+v and books %+v; want 14 days, Strom and Wasser, the default books", b.Rules, b.Books)
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

// TestParse_manyMistakes_areAllNamedInTheOrderOfTheirLines: the decoder's mistakes (an unknown key, a
// value of the wrong type, a list element that is no mapping) do not stop the checks of the rest of
// the file; a check that only repeats a decoder's mistake on its line is left out.
func TestParse_manyMistakes_areAllNamedInTheOrderOfTheirLines(t *testing.T) {
	t.Parallel()
	file := valid
	for from, to := range map[string]string{
		"        deposit: 900":     "        depost: 900",
		"rentPerMonth: 500":        "rentPerMonth: five",
		"en: Bright.":              "en: Bright., fr: Clair.",
		"[KITCHEN]":                "[KITCHEN, POOL]",
		"plan: /groundplan/EG.svg": "plan: EG.svg",
		"type: image/webp":         "type: image/gif",
	} {
		file = strings.Replace(file, from, to, 1)
	}
	file += "      - 5\n      - id: [2]\n        name: \"0.02\"\n"
	_, err := buildingfile.Parse("haus.yaml", []byte(file))
	var mistakes buildingfile.Mistakes
	if !errors.As(err, &mistakes) {
		t.Fatalf("Parse = %v, want Mistakes", err)
	}
	want := []string{
		`haus.yaml:7: floor plan "EG.svg" must be a path on the site (/images/…) or an https:// address`,
		`haus.yaml:9: apartment "0.01": deposit is missing`,
		`haus.yaml:11: unknown key "fr"; known are de, en`,
		"haus.yaml:12: cannot unmarshal !!str `five` into float64",
		`haus.yaml:13: unknown key "depost"; known are id, name, description, rentPerMonth, deposit, cleaningFee, features, position, pictures`,
		`haus.yaml:15: apartment "0.01": unknown feature "POOL"; known are SIZE_UNKNOWN, `,
		`haus.yaml:25: apartment "0.01": picture source type "image/gif"; known are image/avif, image/webp, image/jpeg, image/png`,
		`haus.yaml:27: expected keys and values (id, name, description, rentPerMonth, deposit, cleaningFee, features, position, pictures)`,
		"haus.yaml:28: cannot unmarshal !!seq into int",
		`haus.yaml:28: apartment "0.02": description is missing`,
		`haus.yaml:28: apartment "0.02": rentPerMonth is missing`,
		`haus.yaml:28: apartment "0.02": deposit is missing`,
		`haus.yaml:28: apartment "0.02": cleaningFee is missing`,
		`haus.yaml:28: apartment "0.02": position is missing`,
	}
	var got []string
	for _, m := range mistakes {
		got = append(got, m.Error())
	}
	if len(got) != len(want) {
		t.Fatalf("%d mistakes, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("mistake %d: %s\nwant %s", i+1, got[i], want[i])
		}
	}
	if err.Error() != strings.Join(got, "\n") {
		t.Errorf("the error's text is not one mistake a line: %q", err.Error())
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
		{"position empty", "position: {x: 0.5, y: 0.5}", "position: ~", `haus.yaml:16: apartment "0.01": position: x is missing`},
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

// handoverAndBooks continues money's rules section with the handover's rules (from line 37) and
// adds a books section (line 39).
const handoverAndBooks = `  handoverAnswerDays: 10
  meters: [Strom, Wasser, Heizung]
books:
  consultantNumber: 1234567
  clientNumber: 42
  fiscalYearStartMonth: 7
  accountLength: 5
  accounts:
    money: 12000
    rent: 81000
    cleaning: 81050
    deposit: 01790
    damages: 81200
`

func TestParse_handoverRulesAndBooks_areStoredAsTheFileSays(t *testing.T) {
	t.Parallel()
	b, err := buildingfile.Parse("haus.yaml", []byte(valid+money+handoverAndBooks))
	if err != nil {
		t.Fatal(err)
	}
	if b.Rules.HandoverAnswerDays != 10 || !slices.Equal(b.Rules.Meters, []string{"Strom", "Wasser", "Heizung"}) {
		t.Errorf("rules %+v", b.Rules)
	}
	want := domain.Books{ConsultantNumber: 1234567, ClientNumber: 42, FiscalYearStartMonth: 7, AccountLength: 5,
		Accounts: domain.Accounts{Money: 12000, Rent: 81000, Cleaning: 81050, Deposit: 1790, Damages: 81200}}
	if b.Books != want {
		t.Errorf("books %+v, want %+v", b.Books, want)
	}
}

func TestParse_withoutHandoverRulesOrBooks_takesTheDefaults(t *testing.T) {
	t.Parallel()
	for name, file := range map[string]string{"no rules, no books": valid, "rules without them": valid + money, "an empty books section": valid + money + "books: {}\n"} {
		b, err := buildingfile.Parse("haus.yaml", []byte(file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Rules.HandoverAnswerDays != 14 || len(b.Rules.Meters) != 0 || b.Books != domain.DefaultBooks() {
			t.Errorf("%s: rules %+v, books %+v; want 14 days, no meters and the default books", name, b.Rules, b.Books)
		}
	}
	if d := domain.DefaultBooks(); d.ConsultantNumber != 1001 || d.ClientNumber != 1 || d.FiscalYearStartMonth != 1 || d.AccountLength != 4 ||
		d.Accounts != (domain.Accounts{Money: 1200, Rent: 8100, Cleaning: 8100, Deposit: 1790, Damages: 8100}) {
		t.Errorf("default books %+v", d)
	}
	clientOnly, err := buildingfile.Parse("haus.yaml", []byte(valid+money+"books:\n  clientNumber: 9\n"))
	if err != nil || clientOnly.Books.ClientNumber != 9 || clientOnly.Books.Accounts != domain.DefaultBooks().Accounts {
		t.Errorf("books with only a client number: %+v, %v; want the other defaults kept", clientOnly.Books, err)
	}
	oneAccount, err := buildingfile.Parse("haus.yaml", []byte(valid+money+"books:\n  accounts:\n    rent: 4400\n"))
	if want := (domain.Accounts{Money: 1200, Rent: 4400, Cleaning: 8100, Deposit: 1790, Damages: 8100}); err != nil || oneAccount.Books.Accounts != want {
		t.Errorf("books with only the rent's account: %+v, %v; want %+v", oneAccount.Books.Accounts, err, want)
	}
}

func TestParse_handoverRulesAndBooksMistakes_areNamedWithTheirLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, from, to, want string }{
		{"answer too soon", "handoverAnswerDays: 10", "handoverAnswerDays: 2", `haus.yaml:37: rules.handoverAnswerDays 2 is not between 3 and 60`},
		{"answer too late", "handoverAnswerDays: 10", "handoverAnswerDays: 61", `haus.yaml:37: rules.handoverAnswerDays 61 is not between 3 and 60`},
		{"answer after the deposit's return", "depositReturnDays: 42", "depositReturnDays: 10",
			`haus.yaml:37: rules.handoverAnswerDays 10 must be fewer than rules.depositReturnDays 10`},
		{"answer not a number", "handoverAnswerDays: 10", "handoverAnswerDays: zwei", "haus.yaml:37: cannot unmarshal !!str `zwei` into int"},
		{"meter twice", "[Strom, Wasser, Heizung]", "[Strom, Wasser, strom]", `haus.yaml:38: rules.meters: strom is listed twice`},
		{"meter without a name", "[Strom, Wasser, Heizung]", "[Strom, '  ']", `haus.yaml:38: rules.meters: a meter's name is missing`},
		{"meter name too long", "[Strom, Wasser, Heizung]", "[Strom, " + strings.Repeat("W", 41) + "]", `haus.yaml:38: rules.meters: a meter's name is longer than 40 characters`},
		{"nine meters", "[Strom, Wasser, Heizung]", "[A, B, C, D, E, F, G, H, I]", `haus.yaml:38: rules.meters: 9 meters, at most 8`},
		{"meters not a list", "[Strom, Wasser, Heizung]", "Strom", "haus.yaml:38: cannot unmarshal !!str `Strom` into []string"},
		{"consultant number too small", "consultantNumber: 1234567", "consultantNumber: 1000", `haus.yaml:40: books.consultantNumber 1000 is not between 1001 and 9999999`},
		{"consultant number too big", "consultantNumber: 1234567", "consultantNumber: 10000000", `haus.yaml:40: books.consultantNumber 10000000 is not between 1001 and 9999999`},
		{"client number zero", "clientNumber: 42", "clientNumber: 0", `haus.yaml:41: books.clientNumber 0 is not between 1 and 99999`},
		{"client number too big", "clientNumber: 42", "clientNumber: 100000", `haus.yaml:41: books.clientNumber 100000 is not between 1 and 99999`},
		{"month 13", "fiscalYearStartMonth: 7", "fiscalYearStartMonth: 13", `haus.yaml:42: books.fiscalYearStartMonth 13 is not between 1 and 12`},
		{"month 0", "fiscalYearStartMonth: 7", "fiscalYearStartMonth: 0", `haus.yaml:42: books.fiscalYearStartMonth 0 is not between 1 and 12`},
		{"account length 9", "accountLength: 5", "accountLength: 9", `haus.yaml:43: books.accountLength 9 is not between 4 and 8`},
		{"account length 3", "accountLength: 5", "accountLength: 3", `haus.yaml:43: books.accountLength 3 is not between 4 and 8`},
		{"account too short", "money: 12000", "money: 1200", `haus.yaml:45: books.accounts.money "1200" is not an account of 5 digits (accountLength)`},
		{"account too long", "rent: 81000", "rent: 810000", `haus.yaml:46: books.accounts.rent "810000" is not an account of 5 digits`},
		{"account with a letter", "cleaning: 81050", "cleaning: 8105A", `haus.yaml:47: books.accounts.cleaning "8105A" is not an account of 5 digits`},
		{"negative account", "deposit: 01790", "deposit: -1790", `haus.yaml:48: books.accounts.deposit "-1790" is not an account of 5 digits`},
		{"account with a decimal point", "damages: 81200", "damages: 812.0", `haus.yaml:49: books.accounts.damages "812.0" is not an account of 5 digits`},
		{"account missing", "    damages: 81200\n", "", `haus.yaml:45: books.accounts.damages is missing: its default 8100 has 4 digits, accountLength 5`},
		{"accounts empty", "  accounts:\n    money: 12000\n    rent: 81000\n    cleaning: 81050\n    deposit: 01790\n    damages: 81200\n", "  accounts:\n",
			`haus.yaml:43: books.accounts.money is missing: its default 1200 has 4 digits, accountLength 5`},
		{"longer accounts not listed", "  accounts:\n    money: 12000\n    rent: 81000\n    cleaning: 81050\n    deposit: 01790\n    damages: 81200\n", "",
			`haus.yaml:43: books.accounts.rent is missing: its default 8100 has 4 digits, accountLength 5`},
		{"unknown account", "damages: 81200", "kitchen: 81200", `haus.yaml:49: unknown key "kitchen"; known are money, rent, cleaning, deposit, damages`},
		{"unknown books key", "clientNumber: 42", "mandant: 42", `haus.yaml:41: unknown key "mandant"; known are consultantNumber, clientNumber`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			file := valid + money + handoverAndBooks
			if !strings.Contains(file, c.from) {
				t.Fatalf("%q is not in the file", c.from)
			}
			_, err := buildingfile.Parse("haus.yaml", []byte(strings.Replace(file, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
}

func TestParse_emptyFile_isRefusedAsEmpty(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"", "\n", "# only a comment\n"} {
		if _, err := buildingfile.Parse("haus.yaml", []byte(file)); err == nil || err.Error() != "haus.yaml: the file is empty" {
			t.Errorf("Parse(%q) = %v, want haus.yaml: the file is empty", file, err)
		}
	}
}
