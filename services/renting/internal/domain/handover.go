package domain

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/validation"
)

// Message ids of the handover and the deposit's settlement (docs/booking.md, "Move-out and the deposit").
const (
	// MsgHandoverNotAllowed: the renting does not end (it is not PAYED, or a renewal holds on to the apartment).
	MsgHandoverNotAllowed = "HANDOVER_NOT_ALLOWED"
	MsgHandoverExists     = "HANDOVER_EXISTS"
	// MsgNoHandover: none is recorded (or the renter's page does not open the renting).
	MsgNoHandover          = "NO_HANDOVER"
	MsgHandoverDateInvalid = "HANDOVER_DATE_INVALID"
	MsgMeterReadingMissing = "METER_READING_MISSING" // param meter
	MsgMeterUnknown        = "METER_UNKNOWN"         // param meter
	// MsgDeductionsExceedDeposit: params deposit and deductions, in cents (the apps write them as euros).
	MsgDeductionsExceedDeposit = "DEDUCTIONS_EXCEED_DEPOSIT"
	MsgHandoverAnswered        = "HANDOVER_ANSWERED"
	MsgHandoverAnswerExpired   = "HANDOVER_ANSWER_EXPIRED"
	// MsgHandoverAwaitsRenter: the renter neither answered nor let the deadline pass (param deadline, yyyy-MM-dd).
	MsgHandoverAwaitsRenter  = "HANDOVER_AWAITS_RENTER"
	MsgDepositSettled        = "DEPOSIT_SETTLED"
	MsgBankReferenceRequired = "BANK_REFERENCE_REQUIRED"
)

// Bounds of what the office records at a handover and the renter answers.
const (
	MaxDamages               = 20
	MaxDamagePhotos          = 3
	MaxDamageDescription     = 300
	MaxMeterValue            = 40
	MaxDisputeReason         = 1000
	MaxBankReference         = 140
	DefaultHandoverAnswerDay = 14 // the renter's days to answer when the building file sets none
	DefaultDepositReturnDays = 42 // the office's days to settle when the building file sets none
)

// ItemKindDeposit is the contract item of the deposit (proto/codes.ItemDeposit, which the catalog
// prices with and the contract names).
const ItemKindDeposit = "DEPOSIT"

// ErrHandoverExists means the renting has its handover recorded already.
var ErrHandoverExists = exception.New("rentingId", MsgHandoverExists)

// HandoverStatus is where a handover stands.
type HandoverStatus string

// The statuses of a handover: recorded, answered by the renter (confirmed or disputed), settled.
const (
	HandoverRecorded  HandoverStatus = "RECORDED"
	HandoverConfirmed HandoverStatus = "CONFIRMED"
	HandoverDisputed  HandoverStatus = "DISPUTED"
	HandoverSettled   HandoverStatus = "SETTLED"
)

// SettlementMethod is how the deposit goes back: a refund of the original payment through the
// payment provider, or a bank transfer the office made.
type SettlementMethod string

// The settlement methods.
const (
	SettleByRefund       SettlementMethod = "REFUND"
	SettleByBankTransfer SettlementMethod = "BANK_TRANSFER"
)

// HandoverRules are the residence's rules of a handover (its building file's rules section).
type HandoverRules struct {
	Meters            []string // the meters the office reads, none when empty
	AnswerDays        int      // the renter answers within this many days after the handover is recorded
	DepositReturnDays int      // the office settles within this many days after the handover day
}

// WithDefaults fills what the building file leaves unset: 14 days to answer, 42 to settle.
func (rules HandoverRules) WithDefaults() HandoverRules {
	if rules.AnswerDays <= 0 {
		rules.AnswerDays = DefaultHandoverAnswerDay
	}
	if rules.DepositReturnDays <= 0 {
		rules.DepositReturnDays = DefaultDepositReturnDays
	}
	return rules
}

// MeterReading is one meter's value at a handover.
type MeterReading struct {
	Meter, Value string
}

// Damage is what the office found damaged at a handover and keeps of the deposit for it.
type Damage struct {
	Description string
	AmountCents int64
	PhotoIDs    []string // the document service's ids of its photos
	Waived      bool     // the office gave it up when settling
}

// DepositSettlement is how the office settled the deposit.
type DepositSettlement struct {
	Method        SettlementMethod
	RefundCents   int64
	BankReference string // for a bank transfer
	SettledAt     time.Time
	Actor         string
}

// Handover is the handover of a renting that ended: what the office recorded when the renter moved
// out, the renter's answer and the settlement of the deposit. Days are midnight UTC, as the
// residence's calendar days.
type Handover struct {
	RentingID     string
	Date          time.Time
	MeterReadings []MeterReading
	Damages       []Damage
	// DepositRentingID is the renting whose payment collected the deposit (DepositRenting).
	DepositRentingID string
	DepositCents     int64
	Status           HandoverStatus
	// AnswerDeadline is the last day the renter confirms or disputes; SettlementDeadline the last
	// day the office settles the deposit.
	AnswerDeadline     time.Time
	SettlementDeadline time.Time
	DisputeReason      string
	AnsweredAt         *time.Time
	Settlement         *DepositSettlement
	RecordedAt         time.Time
	Actor              string
}

// HandoverInput is what the office records at a handover; photos are stored (and checked) by the
// document service, so the damages come with their photos' document ids.
type HandoverInput struct {
	Date          string // yyyy-MM-dd
	MeterReadings []MeterReading
	Damages       []DamageInput
}

// DamageInput is one damage as the office enters it, with its photos' files.
type DamageInput struct {
	Description string
	AmountCents int64
	Photos      [][]byte
}

// HandoverPhoto is the document type of a damage's photo (JPEG or PNG, checked by the document service).
const HandoverPhoto DocumentType = "HANDOVER_PHOTO"

// PhotoUploads are the damages' photos to store, each with its path (damages.<i>.photos.<j>), in
// order.
func (in HandoverInput) PhotoUploads() []Upload {
	var uploads []Upload
	for i, d := range in.Damages {
		for j, content := range d.Photos {
			uploads = append(uploads, Upload{Type: HandoverPhoto, Path: fmt.Sprintf("damages.%d.photos.%d", i, j), Content: content})
		}
	}
	return uploads
}

// PhotoIDsByDamage deals the stored photos' document ids (in PhotoUploads' order) out to the damages.
func (in HandoverInput) PhotoIDsByDamage(ids []string) ([][]string, error) {
	if len(ids) != len(in.PhotoUploads()) {
		return nil, fmt.Errorf("%d document ids for %d photos", len(ids), len(in.PhotoUploads()))
	}
	byDamage := make([][]string, len(in.Damages))
	for i, d := range in.Damages {
		byDamage[i], ids = ids[:len(d.Photos)], ids[len(d.Photos):]
	}
	return byDamage, nil
}

// CanHandOver refuses a handover of a renting that does not end: it must be PAYED and no later
// renting of the same renter and apartment may hold the apartment past a renewal's offer (a renewal
// accepted, under contract or paid); others are the renter's rentings.
func CanHandOver(r Renting, others []Renting) error {
	refused := exception.New("rentingId", MsgHandoverNotAllowed)
	if r.State != Payed {
		return refused
	}
	renewed := slices.ContainsFunc(others, func(o Renting) bool {
		return o.ID != r.ID && o.RenterID == r.RenterID && o.ApartmentID == r.ApartmentID &&
			o.CreatedAt.After(r.CreatedAt) && o.State.Holds() && o.State != RenewalRequest
	})
	if renewed {
		return refused
	}
	return nil
}

// DepositRenting is the renting whose payment collected the deposit of r: r itself for a first
// booking, else the latest earlier first booking (not a renewal, not cancelled) of the same renter
// and apartment among others. ok is false when there is none.
func DepositRenting(r Renting, others []Renting) (deposit Renting, ok bool) {
	if !r.Renewal {
		return r, true
	}
	for _, o := range others {
		if o.Renewal || o.State == Canceled || o.RenterID != r.RenterID || o.ApartmentID != r.ApartmentID || !o.CreatedAt.Before(r.CreatedAt) {
			continue
		}
		if !ok || o.CreatedAt.After(deposit.CreatedAt) {
			deposit, ok = o, true
		}
	}
	return deposit, ok
}

// DepositCents is the deposit the renting's contract charged: its DEPOSIT items, 0 when none.
func (r Renting) DepositCents() int64 {
	var cents int64
	for _, item := range r.ContractPrice.Items {
		if item.Kind == ItemKindDeposit {
			cents += item.Total
		}
	}
	return cents
}

// NewHandover checks what the office recorded at the handover of renting r, whose deposit is
// depositCents, collected by depositRentingID, on today (the residence's calendar day, midnight UTC)
// at now: a day not in the future, a reading of each meter the rules list (and of no other), at most
// MaxDamages damages, each described in one line, with a positive amount and at most MaxDamagePhotos
// photos, and damages adding up to no more than the deposit. The answer deadline is the day recorded
// plus the rules' answer days, the settlement deadline the handover day plus their return days.
// photoIDs are the damages' photos, stored already.
func NewHandover(r Renting, depositRentingID string, depositCents int64, in HandoverInput, photoIDs [][]string,
	rules HandoverRules, today, now time.Time, actor string) (Handover, error) {
	rules = rules.WithDefaults()
	day, readings, err := checkForm(in, rules, today)
	if err != nil {
		return Handover{}, err
	}
	h := Handover{
		RentingID: r.ID, Date: day, MeterReadings: readings, DepositRentingID: depositRentingID, DepositCents: depositCents,
		Status: HandoverRecorded, AnswerDeadline: today.AddDate(0, 0, rules.AnswerDays),
		SettlementDeadline: day.AddDate(0, 0, rules.DepositReturnDays), RecordedAt: now, Actor: actor,
	}
	for i, d := range in.Damages {
		h.Damages = append(h.Damages, Damage{Description: strings.TrimSpace(d.Description), AmountCents: d.AmountCents, PhotoIDs: photoIDs[i]})
	}
	if deductions := h.DeductionsCents(); deductions > depositCents {
		return Handover{}, exception.New("damages", MsgDeductionsExceedDeposit,
			"deposit", strconv.FormatInt(depositCents, 10), "deductions", strconv.FormatInt(deductions, 10))
	}
	return h, nil
}

// CheckHandoverForm checks what the office entered by itself, before anything about the renting is
// known: the day, the meter readings and the damages (NewHandover checks them again, and the deposit).
// So a mistake in the form is refused at its field whatever the renting.
func CheckHandoverForm(in HandoverInput, rules HandoverRules, today time.Time) error {
	_, _, err := checkForm(in, rules.WithDefaults(), today)
	return err
}

func checkForm(in HandoverInput, rules HandoverRules, today time.Time) (time.Time, []MeterReading, error) {
	day, err := handoverDay(in.Date, today)
	if err != nil {
		return time.Time{}, nil, err
	}
	readings, err := meterReadings(in.MeterReadings, rules.Meters)
	if err != nil {
		return time.Time{}, nil, err
	}
	return day, readings, CheckDamages(in.Damages)
}

func handoverDay(date string, today time.Time) (time.Time, error) {
	day, err := time.Parse(time.DateOnly, date)
	if err != nil || day.After(today) {
		return time.Time{}, exception.New("date", MsgHandoverDateInvalid)
	}
	return day, nil
}

// meterReadings checks that each meter of the residence's has one reading and no other meter has
// any; the readings come back in the residence's order of its meters.
func meterReadings(given []MeterReading, meters []string) ([]MeterReading, error) {
	byMeter := make(map[string]string, len(given))
	for i, m := range given {
		_, twice := byMeter[m.Meter]
		if twice || !slices.Contains(meters, m.Meter) {
			return nil, exception.New("meterReadings."+strconv.Itoa(i)+".meter", MsgMeterUnknown, "meter", m.Meter)
		}
		value := strings.TrimSpace(m.Value)
		if err := validation.SingleLine("meterReadings."+strconv.Itoa(i)+".value", value, MaxMeterValue); err != nil {
			return nil, err
		}
		byMeter[m.Meter] = value
	}
	readings := make([]MeterReading, 0, len(meters))
	for _, meter := range meters {
		value := byMeter[meter]
		if value == "" {
			return nil, exception.New("meterReadings", MsgMeterReadingMissing, "meter", meter)
		}
		readings = append(readings, MeterReading{Meter: meter, Value: value})
	}
	return readings, nil
}

// CheckDamages checks the damages as the office enters them, before their photos are stored: at
// most MaxDamages, each described in one line of 1 … MaxDamageDescription characters, with an amount
// above 0 and at most MaxDamagePhotos photos. A list too long or an amount of 0 or less is the
// generic "invalid" at its path, a description too long STRING_MAX.
func CheckDamages(damages []DamageInput) error {
	if len(damages) > MaxDamages {
		return exception.New("damages", MsgInvalid)
	}
	for i, d := range damages {
		path := "damages." + strconv.Itoa(i) + "."
		description := strings.TrimSpace(d.Description)
		if description == "" {
			return exception.New(path+"description", MsgNotNull)
		}
		if err := validation.SingleLine(path+"description", description, MaxDamageDescription); err != nil {
			return err
		}
		if d.AmountCents <= 0 {
			return exception.New(path+"amountCents", MsgInvalid)
		}
		if len(d.Photos) > MaxDamagePhotos {
			return exception.New(path+"photos", MsgInvalid)
		}
		for j, photo := range d.Photos {
			if !looksLikePhoto(photo) {
				return exception.New(path+"photos."+strconv.Itoa(j), MsgInvalidFileType)
			}
		}
	}
	return nil
}

// looksLikePhoto tells a PNG or JPEG by its first bytes, so that another file is refused before the
// renting is looked up or anything stored; the document service checks the whole image.
func looksLikePhoto(content []byte) bool {
	return bytes.HasPrefix(content, []byte("\x89PNG\r\n\x1a\n")) || bytes.HasPrefix(content, []byte{0xff, 0xd8, 0xff})
}

// DeductionsCents is what the damages keep of the deposit: those not waived.
func (h Handover) DeductionsCents() int64 {
	var cents int64
	for _, d := range h.Damages {
		if !d.Waived {
			cents += d.AmountCents
		}
	}
	return cents
}

// RefundCents is what goes back to the renter: the deposit less the deductions, never below 0.
func (h Handover) RefundCents() int64 { return max(h.DepositCents-h.DeductionsCents(), 0) }

// answerExpired says whether the renter's last day to answer is over on today.
func (h Handover) answerExpired(today time.Time) bool { return today.After(h.AnswerDeadline) }

// Answer records the renter's answer on today at at, once and until the answer deadline: a
// confirmation, or a dispute with a reason of 1 … MaxDisputeReason characters.
func (h *Handover) Answer(confirm bool, reason string, today, at time.Time) error {
	if h.AnsweredAt != nil {
		return exception.New("rentingId", MsgHandoverAnswered)
	}
	if h.answerExpired(today) || h.Settlement != nil {
		return exception.New("rentingId", MsgHandoverAnswerExpired)
	}
	reason, err := CheckAnswer(confirm, reason)
	if err != nil {
		return err
	}
	h.Status = HandoverConfirmed
	if !confirm {
		h.Status, h.DisputeReason = HandoverDisputed, reason
	}
	h.AnsweredAt = &at
	return nil
}

// CheckAnswer checks the renter's answer by itself, before their handover is looked up: a dispute
// gives its reason, 1 … MaxDisputeReason characters of text; it answers the reason trimmed.
func CheckAnswer(confirm bool, reason string) (string, error) {
	if confirm {
		return "", nil
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", exception.New("reason", MsgNotNull)
	}
	if err := validation.Text("reason", reason, MaxDisputeReason); err != nil {
		return "", err
	}
	return reason, nil
}

// Settle settles the deposit once, after the renter answered or let the deadline pass on today:
// by refund, or by a bank transfer that names its reference (one line of 1 … MaxBankReference
// characters); waived are the indexes of the damages the office gives up.
func (h *Handover) Settle(method SettlementMethod, bankReference string, waived []int, today, at time.Time, actor string) error {
	if h.Settlement != nil {
		return exception.New("rentingId", MsgDepositSettled)
	}
	if h.AnsweredAt == nil && !h.answerExpired(today) {
		return exception.New("rentingId", MsgHandoverAwaitsRenter, "deadline", h.AnswerDeadline.Format(time.DateOnly))
	}
	reference, err := CheckSettlement(method, bankReference)
	if err != nil {
		return err
	}
	settlement := DepositSettlement{Method: method, BankReference: reference, SettledAt: at, Actor: actor}
	for _, i := range waived {
		if i < 0 || i >= len(h.Damages) {
			return exception.New("waived", MsgInvalid)
		}
	}
	for _, i := range waived {
		h.Damages[i].Waived = true
	}
	settlement.RefundCents = h.RefundCents()
	h.Status, h.Settlement = HandoverSettled, &settlement
	return nil
}

// CheckSettlement checks the office's settlement form by itself, before the handover is looked up:
// a known method, and for a bank transfer its reference, one line of 1 … MaxBankReference characters
// (answered trimmed; a refund has none).
func CheckSettlement(method SettlementMethod, bankReference string) (string, error) {
	switch method {
	case SettleByRefund:
		return "", nil
	case SettleByBankTransfer:
		reference := strings.TrimSpace(bankReference)
		if reference == "" {
			return "", exception.New("bankReference", MsgBankReferenceRequired)
		}
		if err := validation.SingleLine("bankReference", reference, MaxBankReference); err != nil {
			return "", err
		}
		return reference, nil
	default:
		return "", exception.New("method", MsgInvalid)
	}
}

// SettlementDue says whether the deposit of the handover waits for the office's settlement on today:
// the renter answered, or their deadline passed unanswered.
func (h Handover) SettlementDue(today time.Time) bool {
	return h.Settlement == nil && (h.AnsweredAt != nil || h.answerExpired(today))
}

// HandoverReminderDays is how many days before the answer deadline an unanswered handover's renter
// is reminded.
const HandoverReminderDays = 2

// HandoverReminderDue says whether the renter of an unanswered handover is reminded on today: from
// HandoverReminderDays days before the answer deadline until the deadline (once: the job records it).
func (h Handover) HandoverReminderDue(today time.Time) bool {
	return h.Status == HandoverRecorded && !today.Before(h.AnswerDeadline.AddDate(0, 0, -HandoverReminderDays)) && !h.answerExpired(today)
}
