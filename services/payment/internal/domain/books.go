package domain

import (
	"fmt"
	"strings"
	"time"

	"semesterhaus/platform/exception"
)

// MsgBooksRangeInvalid refuses an export range that is not a range of days within one fiscal year,
// at the day that breaks it (from when it is no day, else to).
const MsgBooksRangeInvalid = "BOOKS_RANGE_INVALID"

// BooksSettings are the residence's books as its tax advisor keeps them (the building file's books).
type BooksSettings struct {
	ConsultantNumber     int32
	ClientNumber         int32
	FiscalYearStartMonth int32
	AccountLength        int32
	MoneyAccount         int32
	RentAccount          int32
	CleaningAccount      int32
	DepositAccount       int32
	DamagesAccount       int32
}

// BooksRange is an export's days, from and to both included, within one fiscal year.
type BooksRange struct {
	From, To        time.Time // midnight of the first and the last day, in the residence's zone
	FiscalYearStart time.Time
}

// NewBooksRange checks from and to (yyyy-MM-dd): from ≤ to, both in the fiscal year that starts on
// the first of the fiscal year's month.
func NewBooksRange(from, to string, fiscalYearStartMonth int32, zone *time.Location) (BooksRange, error) {
	f, errFrom := time.ParseInLocation(time.DateOnly, from, zone)
	t, errTo := time.ParseInLocation(time.DateOnly, to, zone)
	if errFrom != nil {
		return BooksRange{}, exception.New("from", MsgBooksRangeInvalid)
	}
	if errTo != nil || t.Before(f) {
		return BooksRange{}, exception.New("to", MsgBooksRangeInvalid)
	}
	start := time.Date(f.Year(), time.Month(fiscalYearStartMonth), 1, 0, 0, 0, 0, zone)
	if start.After(f) {
		start = start.AddDate(-1, 0, 0)
	}
	if !t.Before(start.AddDate(1, 0, 0)) {
		return BooksRange{}, exception.New("to", MsgBooksRangeInvalid)
	}
	return BooksRange{From: f, To: t, FiscalYearStart: start}, nil
}

// End is the moment after the range's last day.
func (r BooksRange) End() time.Time { return r.To.AddDate(0, 0, 1) }

// Euros writes cents as euros with a decimal comma and no thousands separator, signed: -0,05.
func Euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d,%02d", sign, cents/100, cents%100)
}

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// csvField quotes a text field, doubling its quotes, as DATEV and spreadsheets read them.
func csvField(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
