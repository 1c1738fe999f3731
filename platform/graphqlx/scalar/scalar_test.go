package scalar

import (
	"bytes"
	"testing"
	"time"
)

func TestDate_roundTrip(t *testing.T) {
	t.Parallel()
	var d Date
	if err := d.UnmarshalGQL("2027-04-01"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	d.MarshalGQL(&out)
	if out.String() != `"2027-04-01"` {
		t.Errorf("marshalled %s", out.String())
	}
	for _, bad := range []any{"01.04.2027", 20270401, "2027-13-01"} {
		if err := new(Date).UnmarshalGQL(bad); err == nil {
			t.Errorf("%v accepted as a date", bad)
		}
	}
}

func TestDateTime_writesUTCAndReadsOffsets(t *testing.T) {
	t.Parallel()
	berlin := time.FixedZone("CET", 3600)
	var out bytes.Buffer
	DateTime(time.Date(2026, 11, 22, 13, 30, 0, 0, berlin)).MarshalGQL(&out)
	if out.String() != `"2026-11-22T12:30:00Z"` {
		t.Errorf("marshalled %s", out.String())
	}
	var dt DateTime
	if err := dt.UnmarshalGQL("2026-11-22T13:30:00+01:00"); err != nil || !time.Time(dt).Equal(time.Date(2026, 11, 22, 12, 30, 0, 0, time.UTC)) {
		t.Errorf("parsed %v, %v", time.Time(dt), err)
	}
	if err := new(DateTime).UnmarshalGQL("2026-11-22"); err == nil {
		t.Error("a date without time accepted as a date-time")
	}
}
